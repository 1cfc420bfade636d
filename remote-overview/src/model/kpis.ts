import { formatDuration, formatPercent } from '@linepulse/shared';
import { type Factory, type Kpis } from '@linepulse/contracts';

export const KPI_IDS = ['availability', 'performance', 'quality', 'oee', 'ooe', 'downtime'] as const;
export type KpiId = (typeof KPI_IDS)[number];
export const DEFAULT_KPI: KpiId = 'oee';

/** The indicator KPIs (fractions); downtime is a duration. */
export type IndicatorId = Exclude<KpiId, 'downtime'>;
export const INDICATOR_IDS: IndicatorId[] = ['availability', 'performance', 'quality', 'oee', 'ooe'];

export function isKpiId(value: unknown): value is KpiId {
  return typeof value === 'string' && (KPI_IDS as readonly string[]).includes(value);
}

/** Nothing was scheduled and nothing produced: the period holds no figures to show. */
export function isEmptyTotal(kpis: Kpis): boolean {
  return kpis.scheduled_ms === 0 && kpis.good + kpis.rejected === 0;
}

/** Downtime the API reports for the selection (only the selected downtime types), ms. */
export function downtimeMs(kpis: Kpis): number {
  return kpis.planned_downtime_ms + kpis.unplanned_downtime_ms + kpis.unjustified_downtime_ms;
}

/** A KPI's raw value: a fraction (null = N/D) or, for downtime, milliseconds. */
export function kpiValue(kpis: Kpis | undefined, kpi: KpiId): number | null {
  if (!kpis) return null;
  return kpi === 'downtime' ? downtimeMs(kpis) : kpis[kpi];
}

/** A KPI's value as shown: a percentage with two decimals, or a duration. */
export function formatKpi(locale: string, kpi: KpiId, value: number | null): string {
  return kpi === 'downtime' ? formatDuration(locale, value) : formatPercent(locale, value);
}

/**
 * The factory's objective for a KPI as a fraction: availability, performance and quality objectives,
 * the OEE target for OEE; OOE and downtime have none.
 */
export function objectiveOf(factory: Factory | undefined, kpi: KpiId): number | null {
  if (!factory) return null;
  if (kpi === 'oee') return factory.oee_target === null ? null : factory.oee_target / 100;
  if (kpi === 'availability' || kpi === 'performance' || kpi === 'quality') {
    const objective = factory.objectives.find((o) => o.objective_type === kpi);
    return objective ? objective.value / 100 : null;
  }
  return null;
}

/**
 * Performance above 100 % means an ideal rate set too low: shown as computed, and flagged (docs/domain.md §6).
 */
export function isAboveIdeal(kpis: Kpis | undefined): boolean {
  return kpis?.performance != null && kpis.performance > 1;
}

/** Whether a value meets its objective (higher is better for every indicator). */
export function meetsObjective(value: number | null, objective: number | null): boolean | null {
  if (value === null || objective === null) return null;
  return value >= objective;
}
