import type { Options } from 'highcharts';

export type ChartImageFormat = 'png' | 'svg';

/** What the lazily loaded chart gives back once drawn. */
export interface ChartHandle {
  exportImage(format: ChartImageFormat, fileName: string): Promise<void>;
}

export interface ChartImplProps {
  options: Options;
  title: string;
  height: number;
  large: boolean;
  onReady: (handle: ChartHandle | null) => void;
}
