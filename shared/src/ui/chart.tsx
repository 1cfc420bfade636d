import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { Options } from 'highcharts';
import { Suspense, lazy, useCallback, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { ChartErrorBoundary } from './chart-error-boundary';
import { ErrorState } from './error-state';
import { ExportMenu } from './export-menu';
import { LoadingState } from './loading-state';
import type { ChartHandle, ChartImageFormat, ChartModule } from './chart-types';
import { useUiText } from './ui-messages';

// Highcharts and its modules load with the first chart, not with the shell.
const loadChartImpl = () => import(/* webpackChunkName: "chart" */ './chart-impl');
const ChartImpl = lazy(loadChartImpl);

/**
 * Starts loading Highcharts and these modules now (since 1.2.0), for a page that knows it will draw
 * such a chart once its data arrives: the chart then draws as soon as the data is there instead of
 * fetching its module after it (a heatmap's module, 200–400 ms later on a first visit). A failure
 * is left to the chart itself, which loads again and shows its error.
 */
export function preloadChart(modules: readonly ChartModule[] = []): void {
  void loadChartImpl()
    .then((impl) => impl.modulesLoaded(modules))
    .catch(() => undefined);
}

const useStyles = makeStyles({
  figure: { margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  caption: { flexGrow: 1, fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  captionLarge: { fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600 },
  // Positioned: Highcharts puts its screen-reader announcer, absolutely placed, in the chart's element;
  // without a positioned ancestor it would hang off the document (a page that scrolls as a whole).
  body: { minWidth: 0, position: 'relative' },
});

export interface ChartProps {
  /** The chart's name: its caption, accessible name and the title of exported images. */
  title: string;
  /** Highcharts options without colours: the theme's palette and text colours are applied. */
  options: Options;
  /** Base name of exported files, without extension (page, factory, period). */
  fileName: string;
  height?: number;
  /** Large type and no export menu (TV mode: read from across the floor, nobody clicks it). */
  large?: boolean;
  /** Hide the caption (when a heading already names the chart). */
  hideCaption?: boolean;
  /** Extra controls beside the export button. */
  actions?: ReactNode;
  /** Highcharts modules the chart needs (e.g. 'heatmap'), loaded on the platform's Highcharts with the chart. */
  modules?: readonly ChartModule[];
}

/** A Highcharts chart in the theme's colours, with PNG and SVG export made in the browser. */
export function Chart({ title, options, fileName, height = 320, large = false, hideCaption = false, actions, modules }: ChartProps): ReactElement {
  const styles = useStyles();
  const text = useUiText();
  const handle = useRef<ChartHandle | null>(null);
  const [ready, setReady] = useState(false);
  const onReady = useCallback((next: ChartHandle | null) => {
    handle.current = next;
    setReady(next !== null);
  }, []);
  const onExport = async (format: string): Promise<void> => {
    if (!handle.current) throw new Error('the chart is not drawn');
    await handle.current.exportImage(format as ChartImageFormat, fileName);
  };
  return (
    <figure className={styles.figure} aria-label={title} role="figure">
      <div className={styles.bar}>
        <figcaption className={mergeClasses(styles.caption, large && styles.captionLarge)}>{hideCaption ? null : title}</figcaption>
        {actions}
        {large ? null : (
          <ExportMenu
            name={title}
            disabled={!ready}
            onExport={onExport}
            formats={[
              { id: 'png', label: 'ui.export.png' },
              { id: 'svg', label: 'ui.export.svg' },
            ]}
          />
        )}
      </div>
      <div className={styles.body} style={{ minHeight: height }}>
        <ChartErrorBoundary fallback={<ErrorState message={text('ui.chart.failed')} />}>
          <Suspense fallback={<LoadingState label={text('ui.chart.loading')} />}>
            <ChartImpl options={options} title={title} height={height} large={large} modules={modules} onReady={onReady} />
          </Suspense>
        </ChartErrorBoundary>
      </div>
    </figure>
  );
}
