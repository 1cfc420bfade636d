import { makeStyles, tokens } from '@fluentui/react-components';
import type { Options, SeriesOptionsType } from 'highcharts';
import { useMemo, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { Chart, downloadBlob, durationAxis, durationPointAccessibility, ExportMenu, toCsv, toXlsx, type SheetCell } from '@linepulse/shared';
import {
  alignBucketKeys,
  bucketKeyOf,
  labelColon,
  type AnalyticsInterval,
  type FactoryCalendar,
  type KpiGroupResult,
  type Kpis,
} from '@linepulse/contracts';
import { formatKpi, kpiValue, type KpiId } from '../model/kpis';
import { bucketLabels, daysLabels, periodDays } from '../period-labels';

const useStyles = makeStyles({
  note: { margin: 0, color: tokens.colorNeutralForeground2 },
});

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

interface KpiChartBase {
  title: string;
  kpi: KpiId;
  fileName: string;
  large?: boolean;
  height?: number;
}

type TooltipPoint = { series: { name: string }; y?: number | null; index?: number; point?: { index?: number } };

/**
 * Tooltips show figures exactly as the tiles and tables do; their heading is the period's full label
 * (`heads`, by category index: the axis shows a shorter one), and `note` says what time it is.
 */
function tooltipFor(kpi: KpiId, locale: string, heads?: readonly string[], note?: string): Options['tooltip'] {
  return {
    shared: true,
    formatter(this: { x?: unknown; points?: TooltipPoint[] }): string {
      const rows = (this.points ?? []).map((point) => {
        const value = point.y === null || point.y === undefined ? null : fromPlotted(kpi, point.y);
        return `${point.series.name}${labelColon(locale)}<b>${formatKpi(locale, kpi, value)}</b>`;
      });
      const first = this.points?.[0];
      const index = first?.point?.index ?? first?.index ?? (typeof this.x === 'number' ? this.x : undefined);
      const head = (index !== undefined ? heads?.[index] : undefined) ?? String(this.x ?? '');
      return [note ? `${head} · ${note}` : head, ...rows].join('<br/>');
    },
  };
}

function useTooltip(kpi: KpiId, heads?: readonly string[], note?: string): Options['tooltip'] {
  const { locale } = useIntl();
  return useMemo(() => tooltipFor(kpi, locale, heads, note), [kpi, locale, heads, note]);
}

/**
 * The selected period and the 11 before it, one line per factory or group. Periods are labelled by
 * their production days in the first factory's calendar ("13–19 Nov", "Nov 2026"), whole on the axis.
 */
export function TrendChart({
  title,
  kpi,
  fileName,
  groups,
  calendar,
  large,
  height,
}: KpiChartBase & { groups: KpiGroupResult[]; calendar: FactoryCalendar }): ReactElement {
  const intl = useIntl();
  const labels = useMemo(() => {
    const first = groups[0];
    const periods = first ? [...(first.preceding_periods ?? []), { start_time: first.start_time, end_time: first.end_time }] : [];
    return daysLabels(periods.map((period) => periodDays(period, calendar)), intl.locale);
  }, [groups, calendar, intl.locale]);
  const tooltip = useTooltip(kpi, labels.full);
  const options = useMemo((): Options => {
    const data = groups.map((group) => [...(group.preceding_periods ?? []), group.total].map((k) => plotted(kpi, kpiValue(k, kpi))));
    const series: SeriesOptionsType[] = groups.map((group, index) => ({ type: 'line', name: group.name, data: data[index] }));
    return {
      chart: { type: 'line' },
      xAxis: { categories: labels.axis },
      ...valueAxis(kpi, intl.locale, data.flat(), large),
      tooltip,
      series,
    };
  }, [groups, kpi, labels, intl.locale, tooltip, large]);
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

/** The interval chart's points on one axis: bucket keys in time order, each group's values at its keys' places. */
export interface AlignedIntervals {
  keys: string[];
  /** Per group, the KPI value (API unit) at each key; null where the group has no bucket. */
  values: (number | null)[][];
  /** How many time zones the groups' factories are in. */
  zones: string[];
}

/**
 * Lines the groups' buckets up on their factories' local wall clocks (decision 0038): each bucket's
 * key comes from the contracts' rule the api cut it with, so Lyon's 06:00 and Montréal's 06:00 share a
 * place though they are six hours apart.
 */
export function alignIntervals(groups: readonly KpiGroupResult[], interval: AnalyticsInterval, calendarOf: (factoryId: string) => FactoryCalendar, kpi: KpiId): AlignedIntervals {
  const keysOf = groups.map((group) => (group.intervals ?? []).map((bucket) => bucketKeyOf(interval, Date.parse(bucket.start_time), calendarOf(group.factory_id))));
  const aligned = alignBucketKeys(keysOf);
  const values = groups.map((group, g) => {
    const row: (number | null)[] = aligned.keys.map(() => null);
    (group.intervals ?? []).forEach((bucket, i) => {
      row[aligned.positions[g]![i]!] = kpiValue(bucket, kpi);
    });
    return row;
  });
  return { keys: aligned.keys, values, zones: [...new Set(groups.map((group) => calendarOf(group.factory_id).timezone))] };
}

/**
 * The selected KPI per hour, day, week or month of the period, one line per factory or group, each
 * at its own local time; the axis, tooltip and the exported table say so.
 */
export function IntervalChart({
  title,
  kpi,
  fileName,
  groups,
  interval,
  calendarOf,
  large,
  height,
}: KpiChartBase & { groups: KpiGroupResult[]; interval: AnalyticsInterval; calendarOf: (factoryId: string) => FactoryCalendar }): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const aligned = useMemo(() => alignIntervals(groups, interval, calendarOf, kpi), [groups, interval, calendarOf, kpi]);
  const labels = useMemo(
    () => bucketLabels(aligned.keys, interval, intl.locale, (label) => intl.formatMessage({ id: 'overview.interval.repeatedHour' }, { label })),
    [aligned.keys, interval, intl],
  );
  const single = aligned.zones.length === 1 ? aligned.zones[0] : undefined;
  const axisTitle = single
    ? intl.formatMessage({ id: interval === 'hour' ? 'overview.interval.axis.zone' : 'overview.interval.axis.zoneDays' }, { zone: single })
    : intl.formatMessage({ id: interval === 'hour' ? 'overview.interval.axis.local' : 'overview.interval.axis.localDays' });
  const tooltip = useTooltip(kpi, labels.full, axisTitle);
  const options = useMemo((): Options => {
    const data = aligned.values.map((row) => row.map((value) => plotted(kpi, value)));
    const type = kpi === 'downtime' ? 'column' : 'line';
    return {
      chart: { type },
      xAxis: { categories: labels.axis, title: { text: axisTitle } },
      ...valueAxis(kpi, intl.locale, data.flat(), large),
      tooltip,
      // A factory whose day starts later has no bucket at the axis's first hours: its line goes on.
      plotOptions: { series: { connectNulls: true } },
      series: groups.map((group, index) => ({ type, name: group.name, data: data[index] })),
    };
  }, [aligned, groups, kpi, labels, axisTitle, intl.locale, tooltip, large]);

  const onExport = async (format: string): Promise<void> => {
    const header = [axisTitle, ...groups.map((group) => intl.formatMessage({ id: 'overview.interval.seriesZone' }, { name: group.name, zone: calendarOf(group.factory_id).timezone }))];
    const text = (value: number | null): string => formatKpi(intl.locale, kpi, value);
    if (format === 'csv') {
      const csv = toCsv([header, ...labels.full.map((label, k) => [label, ...aligned.values.map((row) => text(row[k] ?? null))])]);
      downloadBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${fileName}.csv`);
      return;
    }
    // Excel gets numbers: fractions as percentages, downtime as a day fraction in [h]:mm.
    const cell = (value: number | null): SheetCell => (value === null ? text(null) : kpi === 'downtime' ? value / 86_400_000 : value);
    const sheet: SheetCell[][] = [header, ...labels.full.map((label, k) => [label, ...aligned.values.map((row) => cell(row[k] ?? null))])];
    const excelFormat = kpi === 'downtime' ? '[h]:mm' : '0.00%';
    downloadBlob(await toXlsx(sheet, { sheet: title, formats: [undefined, ...groups.map(() => excelFormat)] }), `${fileName}.xlsx`);
  };

  const chart = (
    <Chart
      title={title}
      options={options}
      fileName={fileName}
      large={large}
      height={height}
      actions={
        <ExportMenu
          name={intl.formatMessage({ id: 'overview.interval.exportTable' }, { title })}
          onExport={onExport}
          formats={[
            { id: 'csv', label: 'ui.export.csv' },
            { id: 'xlsx', label: 'ui.export.xlsx' },
          ]}
        />
      }
    />
  );
  if (single || aligned.zones.length === 0) return chart;
  return (
    <>
      <p className={styles.note} role="note">
        {intl.formatMessage({ id: 'overview.interval.alignedNote' })}
      </p>
      {chart}
    </>
  );
}
