import type { Options, Point } from 'highcharts';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, type ReactElement } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Chart, fluentThemeFor, formatDuration, formatNumber, useThemeName } from '@linepulse/shared';
import type { DowntimeDurations, ThemeName } from '@linepulse/contracts';

const useStyles = makeStyles({
  figures: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalXXL, rowGap: tokens.spacingVerticalXS, margin: 0 },
  figure: { display: 'flex', gap: tokens.spacingHorizontalXS },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  scope: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
});

/** The histogram's Highcharts options (module level: Highcharts calls its formatters with `this`). */
function histogramOptions(durations: DowntimeDurations, title: string, intl: IntlShape, themeName: ThemeName): Options {
  const locale = intl.locale;
  const width = durations.bins[0] ? durations.bins[0].to_ms - durations.bins[0].from_ms : 60_000;
  // The platform themes axes, legend and tooltip but not plot lines: Highcharts' default dark grey
  // labels vanished on the dark theme's background.
  const theme = fluentThemeFor(themeName);
  const marker = (value: number | null, id: string, dash: 'Dash' | 'ShortDot') =>
    value === null
      ? []
      : [
          {
            value,
            width: 2,
            color: theme.colorNeutralForeground3,
            dashStyle: dash,
            zIndex: 5,
            label: {
              // "90th percentile: 24 min": without the separator the two numbers ran together ("Percentil 90 27 min").
              text: intl.formatMessage({ id: 'downtime.durations.marker' }, { name: intl.formatMessage({ id }), value: formatDuration(locale, value) }),
              rotation: 0,
              y: id.endsWith('p95') ? 30 : 14,
              style: { color: theme.colorNeutralForeground1, fontSize: '12px' },
            },
          },
        ];
  return {
    chart: { type: 'column' },
    xAxis: {
      type: 'linear',
      min: 0,
      // Ticks on bin edges (about 10 at most): Highcharts' own steps fell between them ("4 min, 8 min, 13 min" under 5-minute bins).
      tickInterval: width * Math.max(1, Math.ceil(durations.bins.length / 10)),
      labels: { formatter: function format() { return formatDuration(locale, Number(this.value)); } },
      plotLines: [...marker(durations.p90_ms, 'downtime.durations.p90', 'Dash'), ...marker(durations.p95_ms, 'downtime.durations.p95', 'ShortDot')],
      title: { text: intl.formatMessage({ id: 'downtime.durations.axis' }) },
    },
    yAxis: {
      // Downtimes of the list (those begun before the period or between shifts included), not the table's occurrences.
      title: { text: intl.formatMessage({ id: 'downtime.durations.count' }) },
      allowDecimals: false,
      // Spaced thousands as in the figures above ("1 500"): Highcharts leaves four-digit labels ungrouped.
      labels: { formatter: function format() { return formatNumber(locale, Number(this.value)); } },
    },
    legend: { enabled: false },
    tooltip: {
      formatter: function tooltip(this: Point) {
        const bin = durations.bins[this.index];
        if (!bin) return false;
        return intl.formatMessage(
          { id: 'downtime.durations.bin' },
          { from: formatDuration(locale, bin.from_ms), to: formatDuration(locale, bin.to_ms), count: formatNumber(locale, bin.count) },
        );
      },
    },
    plotOptions: { column: { pointPadding: 0, groupPadding: 0, borderWidth: 1, pointPlacement: 'between', pointRange: width } },
    accessibility: {
      point: {
        descriptionFormatter: (point) => {
          const bin = durations.bins[point.index];
          return bin
            ? intl.formatMessage({ id: 'downtime.durations.bin' }, { from: formatDuration(locale, bin.from_ms), to: formatDuration(locale, bin.to_ms), count: formatNumber(locale, bin.count) })
            : '';
        },
      },
    },
    series: [{ type: 'column', name: title, data: durations.bins.map((bin) => [bin.from_ms, bin.count]) }],
  };
}

/** The distribution of downtime durations: a histogram with the 90th and 95th percentiles marked (SPEC §9). */
export function DurationsHistogram({ durations, fileName }: { durations: DowntimeDurations; fileName: string }): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const locale = intl.locale;
  const themeName = useThemeName();
  const title = intl.formatMessage({ id: 'downtime.durations.title' });
  const options = useMemo(() => histogramOptions(durations, title, intl, themeName), [durations, title, intl, themeName]);
  const figure = (id: string, value: string): ReactElement => (
    <div className={styles.figure} key={id}>
      <dt className={styles.term}>{intl.formatMessage({ id })}</dt>
      <dd className={styles.value}>{value}</dd>
    </div>
  );
  return (
    <>
      <dl className={styles.figures}>
        {/* Not "Occurrences": these are the list's downtimes, which count more than the occurrences (issue 22). */}
        {figure('downtime.durations.count', formatNumber(locale, durations.count))}
        {figure('downtime.durations.mean', formatDuration(locale, durations.mean_ms))}
        {figure('downtime.durations.median', formatDuration(locale, durations.median_ms))}
        {figure('downtime.durations.p90', formatDuration(locale, durations.p90_ms))}
        {figure('downtime.durations.p95', formatDuration(locale, durations.p95_ms))}
      </dl>
      <p className={styles.scope}>{intl.formatMessage({ id: 'downtime.durations.scope' })}</p>
      <Chart title={title} options={options} fileName={`${fileName}_durations`} hideCaption />
    </>
  );
}
