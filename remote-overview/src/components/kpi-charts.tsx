import type { Options, SeriesOptionsType } from 'highcharts';
import { DateTime } from 'luxon';
import { useMemo, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { Chart, durationAxis, durationPointAccessibility } from '@linepulse/shared';
import {
  type AnalyticsInterval,
  type KpiGroupResult,
  type Kpis,
  type PeriodKpis,
} from '@linepulse/contracts';
import { formatKpi, kpiValue, type KpiId } from '../model/kpis';

/**
 * What a chart plots for a KPI: percent points for indicators, milliseconds for downtime (its axis
 * ticks on whole minutes and hours and reads "1 h 30 min", not decimal hours).
 */
function plotted(kpi: KpiId, value: number | null): number | null {
  if (value === null) return null;
  return kpi === 'downtime' ? value : value * 100;
}

/** Back from a plotted value to the API's unit, to format a tooltip exactly like the tiles. */
function fromPlotted(kpi: KpiId, value: number): number {
  return kpi === 'downtime' ? value : value / 100;
}

/** The value axis of a KPI chart, given what it plots; and how screen readers hear its points. */
function valueAxis(kpi: KpiId, locale: string, values: readonly (number | null)[], large: boolean | undefined): Pick<Options, 'yAxis' | 'accessibility'> {
  if (kpi !== 'downtime') return { yAxis: { title: { text: '%' }, min: 0 } };
  return { yAxis: durationAxis(locale, { values, large }), accessibility: { point: durationPointAccessibility(locale) } };
}

export type PeriodKind = 'day' | 'week' | 'month' | 'range' | AnalyticsInterval;

/** A period's label on an axis, in the factory's time zone and the user's language. */
export function periodLabel(start: string, end: string, kind: PeriodKind, zone: string, locale: string): string {
  const s = DateTime.fromISO(start, { zone }).setLocale(locale);
  const e = DateTime.fromISO(end, { zone }).setLocale(locale).minus({ milliseconds: 1 });
  switch (kind) {
    case 'hour':
      return s.toFormat('dd LLL HH:mm');
    case 'day':
      return s.toFormat('dd LLL yyyy');
    case 'month':
      return s.toFormat('LLL yyyy');
    default:
      return s.hasSame(e, 'day') ? s.toFormat('dd LLL yyyy') : `${s.toFormat('dd LLL')} – ${e.toFormat('dd LLL yyyy')}`;
  }
}

interface KpiChartBase {
  title: string;
  kpi: KpiId;
  fileName: string;
  large?: boolean;
  height?: number;
}

/** Tooltips show figures exactly as the tiles and tables do. */
function tooltipFor(kpi: KpiId, locale: string): Options['tooltip'] {
  return {
    shared: true,
    formatter(this: { x?: unknown; points?: { series: { name: string }; y?: number | null; key?: unknown }[] }): string {
      const rows = (this.points ?? []).map((point) => {
        const value = point.y === null || point.y === undefined ? null : fromPlotted(kpi, point.y);
        return `${point.series.name}: <b>${formatKpi(locale, kpi, value)}</b>`;
      });
      const head = this.points?.[0]?.key ?? this.x;
      return [`${String(head ?? '')}`, ...rows].join('<br/>');
    },
  };
}

function useTooltip(kpi: KpiId): Options['tooltip'] {
  const { locale } = useIntl();
  return useMemo(() => tooltipFor(kpi, locale), [kpi, locale]);
}

/** The selected period and the 11 before it, one line per factory or group. */
export function TrendChart({
  title,
  kpi,
  fileName,
  groups,
  kind,
  zone,
  large,
  height,
}: KpiChartBase & { groups: KpiGroupResult[]; kind: PeriodKind; zone: string }): ReactElement {
  const intl = useIntl();
  const tooltip = useTooltip(kpi);
  const options = useMemo((): Options => {
    const first = groups[0];
    const periods: { start_time: string; end_time: string }[] = first
      ? [...(first.preceding_periods ?? []), { start_time: first.start_time, end_time: first.end_time }]
      : [];
    const data = groups.map((group) => [...(group.preceding_periods ?? []), group.total].map((k) => plotted(kpi, kpiValue(k, kpi))));
    const series: SeriesOptionsType[] = groups.map((group, index) => ({ type: 'line', name: group.name, data: data[index] }));
    return {
      chart: { type: 'line' },
      xAxis: { categories: periods.map((p) => periodLabel(p.start_time, p.end_time, kind, zone, intl.locale)) },
      ...valueAxis(kpi, intl.locale, data.flat(), large),
      tooltip,
      series,
    };
  }, [groups, kpi, kind, zone, intl.locale, tooltip, large]);
  return <Chart title={title} options={options} fileName={fileName} large={large} height={height} />;
}

/** The selected KPI per factory or group, with each one's objective. */
export function ComparisonChart({
  title,
  kpi,
  fileName,
  rows,
  objectiveName,
  large,
  height,
}: KpiChartBase & { rows: { name: string; kpis: Kpis; objective: number | null }[]; objectiveName: string }): ReactElement {
  const intl = useIntl();
  const tooltip = useTooltip(kpi);
  const options = useMemo((): Options => {
    const data = rows.map((row) => plotted(kpi, kpiValue(row.kpis, kpi)));
    const series: SeriesOptionsType[] = [{ type: 'column', name: title, data, colorByPoint: true }];
    if (kpi !== 'downtime' && rows.some((row) => row.objective !== null)) {
      series.push({
        type: 'scatter',
        name: objectiveName,
        data: rows.map((row) => plotted(kpi, row.objective)),
        marker: { symbol: 'diamond', radius: large ? 9 : 6 },
      });
    }
    return {
      chart: { type: 'column' },
      xAxis: { categories: rows.map((row) => row.name) },
      ...valueAxis(kpi, intl.locale, data, large),
      legend: { enabled: series.length > 1 },
      tooltip,
      series,
    };
  }, [rows, kpi, title, objectiveName, large, tooltip, intl.locale]);
  return <Chart title={title} options={options} fileName={fileName} large={large} height={height} />;
}

/** The selected KPI per hour, day, week or month of the period, one line per factory or group. */
export function IntervalChart({
  title,
  kpi,
  fileName,
  groups,
  interval,
  zone,
  large,
  height,
}: KpiChartBase & { groups: KpiGroupResult[]; interval: AnalyticsInterval; zone: string }): ReactElement {
  const intl = useIntl();
  const tooltip = useTooltip(kpi);
  const options = useMemo((): Options => {
    const buckets: PeriodKpis[] = groups[0]?.intervals ?? [];
    const data = groups.map((group) => (group.intervals ?? []).map((k) => plotted(kpi, kpiValue(k, kpi))));
    return {
      chart: { type: kpi === 'downtime' ? 'column' : 'line' },
      xAxis: { categories: buckets.map((b) => periodLabel(b.start_time, b.end_time, interval, zone, intl.locale)) },
      ...valueAxis(kpi, intl.locale, data.flat(), large),
      tooltip,
      series: groups.map((group, index) => ({ type: kpi === 'downtime' ? 'column' : 'line', name: group.name, data: data[index] })),
    };
  }, [groups, kpi, interval, zone, intl.locale, tooltip, large]);
  return <Chart title={title} options={options} fileName={fileName} large={large} height={height} />;
}
