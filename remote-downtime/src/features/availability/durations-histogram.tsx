import type { Options, Point } from 'highcharts';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, type ReactElement } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Chart, formatDuration, formatNumber } from '@linepulse/shared';
import type { DowntimeDurations } from '@linepulse/contracts';

const useStyles = makeStyles({
  figures: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalXXL, rowGap: tokens.spacingVerticalXS, margin: 0 },
  figure: { display: 'flex', gap: tokens.spacingHorizontalXS },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, fontWeight: tokens.fontWeightSemibold },
});

/** The histogram's Highcharts options (module level: Highcharts calls its formatters with `this`). */
function histogramOptions(durations: DowntimeDurations, title: string, intl: IntlShape): Options {
  const locale = intl.locale;
  const width = durations.bins[0] ? durations.bins[0].to_ms - durations.bins[0].from_ms : 60_000;
  const marker = (value: number | null, id: string, dash: 'Dash' | 'ShortDot') =>
    value === null
      ? []
      : [{ value, width: 2, dashStyle: dash, zIndex: 5, label: { text: `${intl.formatMessage({ id })} ${formatDuration(locale, value)}`, rotation: 0, y: id.endsWith('p95') ? 28 : 12 } }];
  return {
    chart: { type: 'column' },
    xAxis: {
      type: 'linear',
      min: 0,
      labels: { formatter: function format() { return formatDuration(locale, Number(this.value)); } },
      plotLines: [...marker(durations.p90_ms, 'downtime.durations.p90', 'Dash'), ...marker(durations.p95_ms, 'downtime.durations.p95', 'ShortDot')],
      title: { text: intl.formatMessage({ id: 'downtime.durations.axis' }) },
    },
    yAxis: { title: { text: intl.formatMessage({ id: 'downtime.measure.occurrences' }) }, allowDecimals: false },
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
  const title = intl.formatMessage({ id: 'downtime.durations.title' });
  const options = useMemo(() => histogramOptions(durations, title, intl), [durations, title, intl]);
  const figure = (id: string, value: string): ReactElement => (
    <div className={styles.figure} key={id}>
      <dt className={styles.term}>{intl.formatMessage({ id })}</dt>
      <dd className={styles.value}>{value}</dd>
    </div>
  );
  return (
    <>
      <dl className={styles.figures}>
        {figure('downtime.measure.occurrences', formatNumber(locale, durations.count))}
        {figure('downtime.durations.mean', formatDuration(locale, durations.mean_ms))}
        {figure('downtime.durations.median', formatDuration(locale, durations.median_ms))}
        {figure('downtime.durations.p90', formatDuration(locale, durations.p90_ms))}
        {figure('downtime.durations.p95', formatDuration(locale, durations.p95_ms))}
      </dl>
      <Chart title={title} options={options} fileName={`${fileName}_durations`} hideCaption />
    </>
  );
}
