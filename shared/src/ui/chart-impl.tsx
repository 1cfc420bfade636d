import Highcharts, { type Options } from 'highcharts';
import 'highcharts/modules/accessibility';
import HighchartsReact from 'highcharts-react-official';
import { use, useEffect, useMemo, useRef, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useThemeName } from '../theme/theme-context';
import { chartPalette, fluentThemeFor } from '../theme/themes';
import { chartLang } from './chart-lang';
import type { ChartHandle, ChartImplProps, ChartModule } from './chart-types';

type HighchartsRef = HighchartsReact.RefObject;

/**
 * Names as text in a chart (issue 21, decision 33). Highcharts reads a subset of HTML in every text it
 * draws — axis labels, legend, tooltips, data labels, the exported image — so a line named
 * `<a href="…">Relogin here</a>` became a live link and `<b style="font-size:60px">` huge text. Names
 * (categories, series and point names, the chart's title) enter with their `<` and `>` escaped: the
 * text is then drawn as written, while the formats' own markup (`<b>`, `<br/>`) keeps working. Not `&`
 * nor quotes in general: a tag cannot start without `<`, and the aria-labels the accessibility module
 * builds from names ("Show Filling & capping", 'Line 12" pipes') then read as they are.
 */
export function escapeChartText(text: string): string {
  // Highcharts renames ` style="` to ` data-style="` in any text it parses (AST.parseMarkup, for CSP):
  // that quote is escaped too, so such a name still reads as written.
  return text
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/(\sstyle=)(["'])/gi, (_match, attribute: string, quote: string) => `${attribute}${quote === '"' ? '&quot;' : '&#39;'}`);
}

const textOf = (value: unknown): unknown => (typeof value === 'string' ? escapeChartText(value) : value);

/** A series with its name and its points' names as text (points given as arrays or numbers are left as they are). */
function seriesAsText<S extends { name?: string }>(series: S): S {
  const data = (series as { data?: unknown[] }).data;
  const isNamed = (point: unknown): point is { name: string } =>
    point !== null && typeof point === 'object' && !Array.isArray(point) && typeof (point as { name?: unknown }).name === 'string';
  // Copied only when a point has a name: a heatmap's thousands of [x, y, value] stay the array given.
  const named = Array.isArray(data) && data.some(isNamed) ? data.map((point) => (isNamed(point) ? { ...point, name: escapeChartText(point.name) } : point)) : data;
  return { ...series, ...(series.name === undefined ? {} : { name: escapeChartText(series.name) }), ...(named === data ? {} : { data: named }) };
}

// No export server: images are made in the browser (Highcharts 13's exporting module exports locally;
// its offline-exporting module only adds PDF, which we do not offer), never sent anywhere.
const EXPORTING: Highcharts.ExportingOptions = { enabled: false, local: true, fallbackToExportServer: false };

type ExportingClass = new (chart: Highcharts.Chart, options: Highcharts.ExportingOptions | undefined) => NonNullable<Highcharts.Chart['exporting']>;

/**
 * The exporting module (10 KB on the wire) loads with the first export, not with every chart. A chart
 * drawn before it loaded gets its exporting instance then, as the module would have made it at init
 * (`new Exporting(chart, chart.options.exporting)`): the options were passed along from the start.
 */
async function exportingOf(chart: Highcharts.Chart): Promise<NonNullable<Highcharts.Chart['exporting']>> {
  await import(/* webpackChunkName: "chart-exporting" */ 'highcharts/modules/exporting');
  if (!chart.exporting) {
    const Exporting = (Highcharts as unknown as { Exporting: ExportingClass }).Exporting;
    chart.exporting = new Exporting(chart, chart.options.exporting);
  }
  return chart.exporting;
}

/**
 * Optional modules, imported here so that they register on this very Highcharts: a remote importing a
 * module itself could, while Highcharts is first being shared, get a copy of its own and register there.
 */
const MODULE_LOADERS: Record<ChartModule, () => Promise<unknown>> = {
  heatmap: () => import(/* webpackChunkName: "chart-heatmap" */ 'highcharts/modules/heatmap'),
};
const moduleLoads = new Map<string, Promise<unknown>>();

/** One promise per set of modules (React's `use` needs the same promise on every render); a failure may be retried. */
export function modulesLoaded(modules: readonly ChartModule[]): Promise<unknown> {
  const key = [...modules].sort().join(',');
  let load = moduleLoads.get(key);
  if (!load) {
    load = Promise.all(modules.map((name) => MODULE_LOADERS[name]())).catch((error: unknown) => {
      moduleLoads.delete(key);
      throw error;
    });
    moduleLoads.set(key, load);
  }
  return load;
}

const NO_MODULES: readonly ChartModule[] = [];

/** Performance marks `pnpm budgets` reads for numbers before charts: Highcharts arrived, first chart drawn. */
export const HIGHCHARTS_LOADED_MARK = 'linepulse:highcharts-loaded';
export const CHART_DRAWN_MARK = 'linepulse:chart-drawn';
// This module runs once Highcharts (imported above) has arrived and run.
if (typeof performance?.mark === 'function' && performance.getEntriesByName(HIGHCHARTS_LOADED_MARK).length === 0) performance.mark(HIGHCHARTS_LOADED_MARK);

function markFirstChartDrawn(): void {
  if (typeof performance?.getEntriesByName !== 'function' || performance.getEntriesByName(CHART_DRAWN_MARK).length > 0) return;
  performance.mark(CHART_DRAWN_MARK);
}

/**
 * chart.update's arguments (redraw, one-to-one series, no animation), one array for every render:
 * HighchartsReact updates the chart whenever this prop changes identity, so an array written inline
 * redrew every chart at each re-render of its page (a 20-line heatmap: 320 ms of 6 720 cells for nothing).
 */
const UPDATE_ARGS: [boolean, boolean, boolean] = [true, true, false];

/** Highcharts drawn in the theme's colours (9-colour palette, text and grid from the Fluent theme). */
export function ChartImpl({ options, title, height, large, modules = NO_MODULES, onReady }: ChartImplProps): ReactElement {
  // Suspends (the chart's loading state) until its modules are in; a failure reaches the chart's error boundary.
  if (modules.length > 0) use(modulesLoaded(modules));
  const ref = useRef<HighchartsRef>(null);
  const themeName = useThemeName();
  const intl = useIntl();
  const theme = fluentThemeFor(themeName);
  const fontSize = large ? '20px' : '12px';

  const themed = useMemo((): Options => {
    const text = theme.colorNeutralForeground1;
    const muted = theme.colorNeutralForeground3;
    const grid = theme.colorNeutralStroke2;
    const axis = (axisOptions: unknown): unknown => {
      const list = Array.isArray(axisOptions) ? axisOptions : [axisOptions ?? {}];
      const styled = list.map((a: Highcharts.XAxisOptions) => ({
        gridLineColor: grid,
        lineColor: grid,
        tickColor: grid,
        ...a,
        ...(a.categories ? { categories: a.categories.map((c) => textOf(c) as string) } : {}),
        labels: { style: { color: muted, fontSize }, ...a.labels },
        title: { ...a.title, style: { color: muted, fontSize, ...a.title?.style } },
      }));
      return Array.isArray(axisOptions) ? styled : styled[0];
    };
    const caption = escapeChartText(title);
    return {
      ...options,
      ...(options.series ? { series: options.series.map((series) => seriesAsText(series)) } : {}),
      colors: chartPalette(themeName),
      // Highcharts' own colours (a column's outline, its default backgrounds) are CSS variables that
      // follow the system's light or dark scheme unless told: they follow the page's theme instead
      // (white outlines around every column of the dark theme on a light system).
      palette: { colorScheme: 'light', light: { backgroundColor: theme.colorNeutralBackground1, neutralColor: text } },
      chart: {
        backgroundColor: 'transparent',
        height,
        style: { fontFamily: theme.fontFamilyBase, fontSize },
        animation: false,
        ...options.chart,
      },
      title: { text: undefined, ...options.title },
      credits: { enabled: false },
      // Highcharts' own words (screen-reader descriptions, menu, "Chart") in the page's language.
      lang: { ...chartLang(intl.locale), locale: intl.locale, thousandsSep: '\u00a0', decimalPoint: intl.locale === 'en' ? '.' : ',' },
      legend: {
        itemStyle: { color: text, fontSize, fontWeight: 'normal' },
        itemHoverStyle: { color: theme.colorNeutralForeground2 },
        ...options.legend,
      },
      xAxis: axis(options.xAxis) as Options['xAxis'],
      yAxis: axis(options.yAxis) as Options['yAxis'],
      // A heatmap's colour scale is an axis too: its labels in the theme's text colour (Highcharts'
      // default grey was unreadable on the dark theme's background).
      ...(options.colorAxis ? { colorAxis: axis(options.colorAxis) as Options['colorAxis'] } : {}),
      tooltip: { backgroundColor: theme.colorNeutralBackground1, style: { color: text, fontSize }, ...options.tooltip },
      plotOptions: {
        ...options.plotOptions,
        series: { animation: false, ...options.plotOptions?.series },
      },
      accessibility: { enabled: true, description: caption, ...options.accessibility },
      exporting: { ...EXPORTING, chartOptions: { chart: { backgroundColor: theme.colorNeutralBackground1 }, title: { text: caption, style: { color: text } } } },
    };
  }, [options, themeName, theme, height, fontSize, title, intl.locale]);

  // The page's first chart is on screen (HighchartsReact, a child, drew it in its own effect, which runs first).
  useEffect(markFirstChartDrawn, []);

  useEffect(() => {
    const handle: ChartHandle = {
      async exportImage(format, fileName) {
        const chart = ref.current?.chart;
        if (!chart) throw new Error('the chart is not drawn');
        const exporting = await exportingOf(chart);
        await exporting.exportChart({ ...EXPORTING, type: format === 'png' ? 'image/png' : 'image/svg+xml', filename: fileName }, {});
      },
    };
    onReady(handle);
    return () => onReady(null);
  }, [onReady]);

  // Updated in place (not redrawn from scratch) when data changes: no flicker on refresh.
  // A new language draws the chart anew: chart.update leaves the words of `lang` as they were.
  return <HighchartsReact key={intl.locale} ref={ref} highcharts={Highcharts} options={themed} updateArgs={UPDATE_ARGS} />;
}

export default ChartImpl;
