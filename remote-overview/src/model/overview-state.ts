import { atom } from 'jotai';
import type { Interval } from '@linepulse/contracts';
import { DEFAULT_KPI, type KpiId } from './kpis';

/** The KPI the charts show, kept while the user moves between the overview and the dashboards. */
export const kpiAtom = atom<KpiId>(DEFAULT_KPI);

/** The interval the user picked for the view by interval; null = the default for the period's length. */
export const intervalAtom = atom<Interval | null>(null);
