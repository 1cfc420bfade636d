import type { Options, Point, PointOptionsType, SeriesOptionsType } from 'highcharts';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, type ReactElement } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Chart, formatDuration, formatNumber, formatPercent, rateScale, useThemeName } from '@linepulse/shared';
import { labelColon, type AnalyticsInterval, type ThemeName } from '@linepulse/contracts';
import { axisLabel, columnLabel, type Heatmap, type HeatmapCell } from '../../model/heatmap';

interface HeatmapOptionsInput {
  title: string;
  heatmap: Heatmap;
  interval: AnalyticsInterval;
  zone: string;
  intl: IntlShape;
  themeName: ThemeName;
  onSelect: (cell: HeatmapCell) => void;
}

/** The heatmap's Highcharts options (module level: Highcharts calls its formatters with `this`). */
function heatmapOptions({ title, heatmap, interval, zone, intl, themeName, onSelect }: HeatmapOptionsInput): Options {
  const locale = intl.locale;
  const scale = rateScale(themeName);
  const labels = heatmap.columns.map((column) => columnLabel(column, interval, zone, locale));
  const width = heatmap.columns.length;
  const cellAt = (x: number, y: number): HeatmapCell | undefined => heatmap.cells[y * width + x];
  const percent = (value: number | null): string => formatPercent(locale, value);
  const describe = (cell: HeatmapCell): string =>
    intl.formatMessage(
      { id: 'downtime.heatmap.cell' },
      { unit: cell.unitName, interval: labels[cell.x] ?? '', availability: percent(cell.availability) },
    );
  const data: PointOptionsType[] = heatmap.cells.map((cell) => [cell.x, cell.y, cell.availability]);
  return {
    chart: { type: 'heatmap', height: Math.max(180, heatmap.units.length * 30 + 110) },
    // At most about 24 ticks: a label step alone still makes, and measures, a label for every column.
    xAxis: {
      categories: labels,
      tickInterval: Math.max(1, Math.ceil(width / 24)),
      // Written for the ticks drawn only (about 24 of up to 336 columns).
      labels: {
        rotation: width > 12 ? -45 : 0,
        formatter: function label() {
          const column = heatmap.columns[this.pos];
          return column ? axisLabel(column, interval, zone, locale) : '';
        },
      },
    },
    yAxis: { categories: heatmap.units.map((unit) => unit.name), title: { text: undefined }, reversed: true, gridLineWidth: 0 },
    colorAxis: {
      min: 0,
      max: 1,
      stops: scale.stops,
      labels: { formatter: function format() { return formatPercent(locale, Number(this.value), 0); } },
    },
    legend: { enabled: true, align: 'right', layout: 'vertical', verticalAlign: 'middle', symbolHeight: Math.max(100, heatmap.units.length * 30 - 20) },
    tooltip: {
      useHTML: false,
      formatter: function tooltip(this: Point) {
        const cell = cellAt(this.x, this.y ?? 0);
        if (!cell) return false;
        const m = cell.measures;
        const duration = (ms: number | undefined): string => formatDuration(locale, ms ?? null);
        const line = (id: string, value: string): string => `${intl.formatMessage({ id })}${labelColon(locale)}<b>${value}</b>`;
        return [
          // The line's name as the chart holds it (the platform escaped it: a name is text, not markup).
          `<b>${String(this.series.yAxis.categories[cell.y] ?? '')}</b> — ${labels[cell.x] ?? ''}`,
          line('downtime.measure.availability', percent(cell.availability)),
          line('downtime.measure.planned', duration(m?.planned)),
          line('downtime.measure.unplanned', duration(m?.unplanned)),
          line('downtime.measure.unjustified', duration(m?.unjustified)),
          line('downtime.measure.inProduction', duration(m?.in_production)),
          line('downtime.measure.uptime', duration(m?.uptime)),
          // The platform's spaced thousands, as in the table below ("2 515"), not Intl's "2,515".
          line('downtime.measure.occurrences', formatNumber(locale, m ? m.downtime_occurrences : null)),
        ].join('<br/>');
      },
    },
    accessibility: {
      description: intl.formatMessage({ id: 'downtime.heatmap.description' }),
      // Every cell is described, however many (the module stops describing points past 200 by default).
      series: { pointDescriptionEnabledThreshold: false },
      point: {
        descriptionFormatter: (point) => {
          const cell = cellAt(point.x, point.y ?? 0);
          return cell ? describe(cell) : '';
        },
      },
    },
    plotOptions: {
      series: {
        cursor: 'pointer',
        point: {
          events: {
            click: function click(this: { x: number; y?: number | null }) {
              const cell = cellAt(this.x, this.y ?? 0);
              if (cell) onSelect(cell);
            },
          },
        },
      },
    },
    // Highcharts declares no types for its heatmap series options (the module's typings add only point
    // fields): the options below are the documented ones (api.highcharts.com/highcharts/series.heatmap).
    series: [
      {
        type: 'heatmap',
        name: title,
        data,
        nullColor: scale.nullColor,
        borderWidth: width > 200 ? 0 : 1,
        borderColor: 'transparent',
        turboThreshold: 0,
        // A new answer builds the series' points anew. Left to update them in place, Highcharts matches
        // each new point to an old one by its x; a heatmap's x is a column, shared by every row, so all the
        // rows of a column fell on one old point and lines were left blank (issue 22). Giving `keys` is
        // what tells Highcharts to rebuild the points instead (Series.update's keepPoints).
        keys: ['x', 'y', 'value'],
        colsize: 1,
        // Figures in the cells when they are wide enough (a few columns: weeks, months, a narrowed cell),
        // so a single cell is not a bare block of colour.
        dataLabels: {
          enabled: width <= 12,
          style: { fontSize: '12px', fontWeight: 'normal' },
          formatter: function label(this: { point: { value?: number | null } }) {
            const value = this.point.value;
            return value === null || value === undefined ? '' : formatPercent(locale, value, 1);
          },
        },
      } as unknown as SeriesOptionsType,
    ],
  };
}

const useStyles = makeStyles({
  key: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  // Outlined: the accessible theme's N/D tone is a very light grey on a white panel.
  swatch: { width: '14px', height: '14px', flexShrink: 0, border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}` },
});

/** The heatmap series comes with the platform's Highcharts module of that name. */
export const HEATMAP_MODULES = ['heatmap'] as const;

export interface HeatmapChartProps {
  title: string;
  heatmap: Heatmap;
  interval: AnalyticsInterval;
  zone: string;
  fileName: string;
  onSelect: (cell: HeatmapCell) => void;
}

/** Availability per unit and interval, coloured from the theme's scale; a cell click narrows the page to it. */
export function HeatmapChart({ title, heatmap, interval, zone, fileName, onSelect }: HeatmapChartProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const themeName = useThemeName();

  const options = useMemo(() => heatmapOptions({ title, heatmap, interval, zone, intl, themeName, onSelect }), [heatmap, interval, zone, themeName, intl, title, onSelect]);
  // The colour scale stops at 0 %: without this key a grey cell (no planned time) could be read as a figure.
  const hasNoData = heatmap.cells.some((cell) => cell.availability === null);

  return (
    <>
      <Chart title={title} options={options} fileName={fileName} height={Math.max(180, heatmap.units.length * 30 + 110)} hideCaption modules={HEATMAP_MODULES} />
      {hasNoData ? (
        <p className={styles.key}>
          <span className={styles.swatch} style={{ backgroundColor: rateScale(themeName).nullColor }} aria-hidden />
          {intl.formatMessage({ id: 'downtime.heatmap.noData' })}
        </p>
      ) : null}
    </>
  );
}
