import type { Options } from 'highcharts';
import { useMemo, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { Chart } from './chart';
import { DataTable, type DataColumn } from './data-table';
import { durationAxis, durationPointAccessibility } from './duration-axis';
import { formatDuration } from './format';
import { labelColon, type TopDowntimeReason } from '@linepulse/contracts';

function durationTooltip(locale: string): Options['tooltip'] {
  return {
    formatter(this: { key?: unknown; y?: number | null }): string {
      return `${String(this.key ?? '')}${labelColon(locale)}<b>${formatDuration(locale, this.y)}</b>`;
    },
  };
}

/** A top-causes list (the top 5 planned or unplanned of the dashboard and the availability page): a bar chart and its table. */
export function TopCauses({ title, reasons, fileName, large }: { title: string; reasons: TopDowntimeReason[]; fileName: string; large?: boolean }): ReactElement {
  const intl = useIntl();
  const locale = intl.locale;
  const options = useMemo((): Options => {
    // Plotted in milliseconds: the axis ticks on whole minutes and hours and says "1 h 30 min".
    const data = reasons.map((r) => r.total_downtime_duration_seconds * 1000);
    return {
      chart: { type: 'bar' },
      xAxis: { categories: reasons.map((r) => r.downtime_reason) },
      // A bar chart's value axis runs across the chart.
      yAxis: durationAxis(locale, { values: data, horizontal: true, large }),
      legend: { enabled: false },
      tooltip: durationTooltip(locale),
      accessibility: { point: durationPointAccessibility(locale) },
      series: [{ type: 'bar', name: title, data, colorByPoint: true }],
    };
  }, [reasons, title, locale, large]);
  const columns: DataColumn<TopDowntimeReason>[] = [
    { id: 'cause', header: intl.formatMessage({ id: 'topCauses.cause' }), text: (r) => r.downtime_reason },
    { id: 'category', header: intl.formatMessage({ id: 'topCauses.category' }), text: (r) => r.category },
    {
      id: 'duration',
      header: intl.formatMessage({ id: 'topCauses.duration' }),
      text: (r) => formatDuration(locale, r.total_downtime_duration_seconds * 1000),
      value: (r) => r.total_downtime_duration_seconds / 86_400,
      excelFormat: '[h]:mm:ss',
      numeric: true,
    },
  ];
  return (
    <>
      <Chart title={title} options={options} fileName={fileName} height={large ? 360 : 240} large={large} hideCaption />
      <DataTable title={title} hideCaption columns={columns} rows={reasons} rowKey={(r) => r.downtime_reason_id} fileName={fileName} large={large} />
    </>
  );
}
