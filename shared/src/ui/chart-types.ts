import type { Options } from 'highcharts';

export type ChartImageFormat = 'png' | 'svg';

/** Highcharts modules a chart may need besides the core (loaded with the first chart that asks). */
export type ChartModule = 'heatmap';

/** What the lazily loaded chart gives back once drawn. */
export interface ChartHandle {
  exportImage(format: ChartImageFormat, fileName: string): Promise<void>;
}

export interface ChartImplProps {
  options: Options;
  title: string;
  height: number;
  large: boolean;
  modules?: readonly ChartModule[];
  onReady: (handle: ChartHandle | null) => void;
}
