import type { Options } from 'highcharts';
import { makeStyles } from '@fluentui/react-components';
import { useMemo, type ReactElement } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import {
  Chart,
  chartPalette,
  DataTable,
  countColumn,
  durationAxis,
  durationColumn,
  durationPointAccessibility,
  formatDuration,
  formatPercent,
  percentColumn,
  useThemeName,
  type DataColumn,
} from '@linepulse/shared';
import { labelColon, type DowntimeInfo, type DowntimeMeasures } from '@linepulse/contracts';

type Row = DowntimeMeasures & { id: string; name: string };

// A line's name on one line: at 1280 px the nine figures squeezed "Desserts lactés" onto two.
const useStyles = makeStyles({ name: { whiteSpace: 'nowrap' } });

const TYPES = ['planned', 'unplanned', 'unjustified'] as const;

/**
 * Which of the theme's 9 colours each series takes. In palette order, unplanned and unjustified came
 * out magenta and pink, one above the other in every column: told apart only by the legend. Blue,
 * orange and pink (Okabe–Ito blue, pink and green in the accessible theme) stay distinct, and the
 * availability line takes a colour no column uses.
 */
const COLOUR_INDEX = { planned: 0, unplanned: 3, unjustified: 2, availability: 4 } as const;

/** The per-line graph's Highcharts options (module level: Highcharts calls its formatters with `this`). */
function unitOptions(rows: DowntimeInfo[], intl: IntlShape, palette: readonly string[]): Options {
  const locale = intl.locale;
  const values = rows.map((row) => row.planned + row.unplanned + row.unjustified);
  const durationTooltip = { pointFormatter: function point(this: { y?: number | null; series: { name: string } }) { return `${this.series.name}${labelColon(locale)}<b>${formatDuration(locale, this.y ?? null)}</b><br/>`; } };
  return {
    chart: { type: 'column' },
    xAxis: { categories: rows.map((row) => row.production_unit_name) },
    yAxis: [
      { ...durationAxis(locale, { values }), title: { text: intl.formatMessage({ id: 'downtime.units.downtimeAxis' }) } },
      {
        min: 0,
        max: 1,
        opposite: true,
        title: { text: intl.formatMessage({ id: 'downtime.measure.availability' }) },
        labels: { formatter: function format() { return formatPercent(locale, Number(this.value), 0); } },
      },
    ],
    tooltip: { shared: true },
    plotOptions: { column: { stacking: 'normal' } },
    accessibility: { point: durationPointAccessibility(locale) },
    series: [
      ...TYPES.map((type) => ({
        type: 'column' as const,
        name: intl.formatMessage({ id: `downtime.measure.${type}` }),
        color: palette[COLOUR_INDEX[type]],
        data: rows.map((row) => row[type]),
        tooltip: durationTooltip,
      })),
      {
        type: 'line' as const,
        name: intl.formatMessage({ id: 'downtime.measure.availability' }),
        color: palette[COLOUR_INDEX.availability],
        yAxis: 1,
        data: rows.map((row) => (row.availability_rate === null ? null : row.availability_rate / 100)),
        tooltip: { pointFormatter: function point(this: { y?: number | null; series: { name: string } }) { return `${this.series.name}${labelColon(locale)}<b>${formatPercent(locale, this.y ?? null)}</b><br/>`; } },
        // Screen readers hear the percentage as the tooltip writes it (two decimals, decision 37).
        accessibility: {
          point: {
            descriptionFormatter: function describe(point: { category?: string | number; y?: number | null }) {
              return `${String(point.category ?? '')}${labelColon(locale)}${formatPercent(locale, point.y ?? null)}`;
            },
          },
        },
      },
    ],
  };
}

/** The per-unit graph (the three downtime types stacked per unit beside its availability) and table with a total row. */
export function UnitDowntime({ rows, total, fileName }: { rows: DowntimeInfo[]; total: DowntimeMeasures; fileName: string }): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const graphTitle = intl.formatMessage({ id: 'downtime.units.graph' });
  const tableTitle = intl.formatMessage({ id: 'downtime.units.table' });
  const themeName = useThemeName();

  // Keyed on the theme's name, not its palette (a new array at each call): the chart redraws only when its data or theme change.
  const options = useMemo(() => unitOptions(rows, intl, chartPalette(themeName)), [rows, intl, themeName]);

  const fraction = (row: Row): number | null => (row.availability_rate === null ? null : row.availability_rate / 100);
  const columns: DataColumn<Row>[] = [
    { id: 'unit', header: intl.formatMessage({ id: 'downtime.units.unit' }), text: (row) => row.name, render: (row) => <span className={styles.name}>{row.name}</span> },
    percentColumn<Row>(intl, 'availability', intl.formatMessage({ id: 'downtime.measure.availability' }), fraction),
    countColumn<Row>(intl, 'occurrences', intl.formatMessage({ id: 'downtime.measure.occurrences' }), (row) => row.downtime_occurrences),
    durationColumn<Row>(intl, 'total', intl.formatMessage({ id: 'downtime.measure.total' }), (row) => row.total),
    ...TYPES.map((type) => durationColumn<Row>(intl, type, intl.formatMessage({ id: `downtime.measure.${type}` }), (row) => row[type])),
    durationColumn<Row>(intl, 'inProduction', intl.formatMessage({ id: 'downtime.measure.inProduction' }), (row) => row.in_production),
    durationColumn<Row>(intl, 'uptime', intl.formatMessage({ id: 'downtime.measure.uptime' }), (row) => row.uptime),
  ];
  const tableRows: Row[] = rows.map((row) => ({ ...row, id: row.production_unit_id, name: row.production_unit_name }));
  const footer: Row | undefined = rows.length > 1 ? { ...total, id: 'total', name: intl.formatMessage({ id: 'downtime.units.total' }) } : undefined;
  return (
    <>
      <Chart title={graphTitle} options={options} fileName={`${fileName}_units`} />
      <DataTable title={tableTitle} columns={columns} rows={tableRows} rowKey={(row) => row.id} footer={footer} fileName={`${fileName}_units`} />
    </>
  );
}
