import type { Options, Point } from 'highcharts';
import { DateTime } from 'luxon';
import { useMemo, type ReactElement } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Chart, durationAxis, formatDuration, formatNumber } from '@linepulse/shared';
import type { OpportunityUnit } from '@linepulse/contracts';
import { formatTarget, targetState } from '../../model/targets';

/** `text`: the value as read, when not a duration to the minute (a target set reads as entered, decision 42). */
type Marker = { value: number | null; label: string; dash: 'Dash' | 'ShortDot' | 'Solid'; text?: string };

const plotLines = (locale: string, markers: Marker[]) =>
  markers
    .filter((m): m is Marker & { value: number } => m.value !== null)
    .map((m, i) => ({ value: m.value, width: 2, dashStyle: m.dash, zIndex: 5, label: { text: `${m.label} ${m.text ?? formatDuration(locale, m.value)}`, rotation: 0, y: 12 + i * 16 } }));

/** The target's line: none without a target, the value as entered when one is set. */
function targetMarker(data: OpportunityUnit, locale: string, intl: IntlShape): Marker {
  const state = targetState(data.summary);
  return {
    value: data.summary.target_ms,
    label: intl.formatMessage({ id: 'opportunities.summary.target' }),
    dash: 'Solid',
    ...(state.kind === 'set' ? { text: formatTarget(locale, state.ms) } : {}),
  };
}

/** The histogram's options (module level: Highcharts calls its formatters with `this`). */
function distributionOptions(data: OpportunityUnit, title: string, intl: IntlShape): Options {
  const locale = intl.locale;
  const bins = data.distribution;
  const width = bins[0] ? bins[0].to_ms - bins[0].from_ms : 60_000;
  const binText = (index: number): string => {
    const bin = bins[index];
    return bin ? intl.formatMessage({ id: 'opportunities.distribution.bin' }, { from: formatDuration(locale, bin.from_ms), to: formatDuration(locale, bin.to_ms), count: formatNumber(locale, bin.count) }) : '';
  };
  return {
    chart: { type: 'column' },
    xAxis: {
      type: 'linear',
      min: 0,
      labels: { formatter: function format() { return formatDuration(locale, Number(this.value)); } },
      plotLines: plotLines(locale, [
        { value: data.summary.p90_ms, label: intl.formatMessage({ id: 'opportunities.summary.p90' }), dash: 'Dash' },
        { value: data.summary.p95_ms, label: intl.formatMessage({ id: 'opportunities.summary.p95' }), dash: 'ShortDot' },
        targetMarker(data, locale, intl),
      ]),
      title: { text: intl.formatMessage({ id: 'opportunities.distribution.axis' }) },
    },
    yAxis: { title: { text: intl.formatMessage({ id: 'opportunities.summary.occurrences' }) }, allowDecimals: false },
    legend: { enabled: false },
    tooltip: { formatter: function tooltip(this: Point) { return binText(this.index); } },
    plotOptions: { column: { pointPadding: 0, groupPadding: 0, borderWidth: 1, pointPlacement: 'between', pointRange: width } },
    accessibility: { point: { descriptionFormatter: (point) => binText(point.index) } },
    series: [{ type: 'column', name: title, data: bins.map((bin) => [bin.from_ms, bin.count]) }],
  };
}

/** A period's label in the factory's zone: its first and last days. */
export function periodLabel(start: string, end: string, zone: string, locale: string): string {
  const first = DateTime.fromISO(start, { zone }).setLocale(locale);
  const last = DateTime.fromISO(end, { zone }).minus({ milliseconds: 1 }).setLocale(locale);
  const day = (d: DateTime): string => d.toLocaleString({ day: 'numeric', month: 'short', year: '2-digit' });
  return first.hasSame(last, 'day') ? day(first) : `${day(first)} – ${day(last)}`;
}

function trendOptions(data: OpportunityUnit, title: string, intl: IntlShape): Options {
  const locale = intl.locale;
  const categories = data.trend.map((p) => periodLabel(p.start_time, p.end_time, data.timezone, locale));
  const pointText = (index: number): string => {
    const p = data.trend[index];
    return p
      ? intl.formatMessage(
          { id: 'opportunities.trend.point' },
          { period: categories[index], count: formatNumber(locale, p.occurrences), lost: formatDuration(locale, p.lost_ms), mean: formatDuration(locale, p.mean_ms) },
        )
      : '';
  };
  const axis = durationAxis(locale, { values: [...data.trend.map((p) => p.mean_ms), data.summary.target_ms] });
  return {
    chart: { type: 'column' },
    xAxis: { categories },
    yAxis: {
      ...axis,
      plotLines: plotLines(locale, [targetMarker(data, locale, intl)]),
      // The target stays in sight even above every period's mean.
      softMax: data.summary.target_ms ?? undefined,
    },
    legend: { enabled: false },
    tooltip: { formatter: function tooltip(this: Point) { return pointText(this.index); } },
    accessibility: { point: { descriptionFormatter: (point) => pointText(point.index) } },
    series: [{ type: 'column', name: title, data: data.trend.map((p) => p.mean_ms ?? 0) }],
  };
}

export function DistributionChart({ data, fileName }: { data: OpportunityUnit; fileName: string }): ReactElement {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'opportunities.distribution.title' });
  const options = useMemo(() => distributionOptions(data, title, intl), [data, title, intl]);
  return <Chart title={title} options={options} fileName={`${fileName}_distribution`} hideCaption />;
}

export function TrendChart({ data, fileName }: { data: OpportunityUnit; fileName: string }): ReactElement {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'opportunities.trend.title' });
  const options = useMemo(() => trendOptions(data, title, intl), [data, title, intl]);
  return <Chart title={title} options={options} fileName={`${fileName}_trend`} hideCaption />;
}
