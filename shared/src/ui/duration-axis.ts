import type { AccessibilityPointOptions, AxisLabelsFormatterContextObject, YAxisOptions } from 'highcharts';
import { formatDuration, formatNumber } from './format';

/**
 * Chart axes for durations. Durations read as hours and minutes, seconds under one minute (product
 * §9), so a duration axis plots milliseconds and puts its ticks on whole seconds, minutes or hours
 * ("15 min", "1 h 30 min", "2 h"), never at decimal hours ("0.2 h"). Pure functions of a locale: only
 * Highcharts' types are imported, the library itself loads with the first chart.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Tick steps a reader counts in: whole seconds, minutes and hours that divide the next unit evenly. */
const STEPS_MS: readonly number[] = [
  ...[1, 2, 5, 10, 15, 30].map((n) => n * SECOND),
  ...[1, 2, 5, 10, 15, 30].map((n) => n * MINUTE),
  ...[1, 2, 3, 4, 6, 12, 24].map((n) => n * HOUR),
];

/** The smallest readable step that draws at most `maxTicks` intervals over [0, max]. */
export function durationTickStep(maxMs: number, maxTicks: number): number {
  const intervals = Math.max(1, Math.floor(maxTicks));
  const step = STEPS_MS.find((candidate) => maxMs / candidate <= intervals);
  if (step !== undefined) return step;
  // Beyond a day per tick (a year of a company's downtime), 1-2-5 steps of hours.
  const hours = maxMs / intervals / HOUR;
  const magnitude = 10 ** Math.floor(Math.log10(hours));
  const nice = [1, 2, 5, 10].map((n) => n * magnitude).find((n) => n >= hours) ?? 10 * magnitude;
  return nice * HOUR;
}

/**
 * Tick positions from 0 to the first step at or above `maxMs`, at most `maxTicks` intervals apart. An
 * empty or all-zero range still gets an axis (0 to 1 min) rather than a single line.
 */
export function durationTickPositions(maxMs: number, maxTicks: number): number[] {
  const top = Number.isFinite(maxMs) && maxMs > 0 ? maxMs : MINUTE;
  const step = durationTickStep(top, maxTicks);
  const count = Math.ceil(top / step - 1e-9);
  return Array.from({ length: count + 1 }, (_, index) => index * step);
}

/**
 * A duration as an axis label: "45 s", "15 min", "1 h 30 min", "2 h", "1 200 h", and a bare "0" at the
 * origin (whatever unit the other ticks use). Whole hours leave out "00 min" (tick labels sit side by
 * side and must stay short); tooltips and tables say `formatDuration`'s "2 h 00 min".
 */
export function formatDurationTick(locale: string, ms: number): string {
  if (ms === 0) return '0';
  const abs = Math.abs(ms);
  if (abs >= HOUR && Math.round(abs / MINUTE) % 60 === 0) {
    return `${ms < 0 ? '−' : ''}${formatNumber(locale, Math.round(abs / HOUR))} h`;
  }
  return formatDuration(locale, ms);
}

export interface DurationAxisOptions {
  /** The plotted values (ms), to describe the axis's range to screen readers in hours and minutes. */
  values?: readonly (number | null | undefined)[];
  /** Whether the axis runs across (a bar chart's value axis): its labels need more room than stacked ones. */
  horizontal?: boolean;
  /** Large type (TV mode): fewer ticks for the same length. */
  large?: boolean;
}

/**
 * Room a label needs along its axis, px: one label per line up a vertical axis; side by side across a
 * horizontal one, where Highcharts keeps the last label inside the plot by giving it half a step, so
 * a step must be twice as wide as "1 h 10 min" (about 62 px at 12 px) or that label is cut ("1 h 10…").
 */
function pixelsPerTick({ horizontal = false, large = false }: DurationAxisOptions): number {
  return (horizontal ? 130 : 40) * (large ? 1.6 : 1);
}

/**
 * Highcharts options of a value axis in milliseconds: ticks at whole seconds, minutes or hours, as many
 * as its length holds, labelled in hours and minutes, starting at zero.
 */
export function durationAxis(locale: string, options: DurationAxisOptions = {}): YAxisOptions {
  const values = (options.values ?? []).filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  const spacing = pixelsPerTick(options);
  return {
    min: 0,
    title: { text: undefined },
    // `this` is the axis: its drawn length decides how many ticks fit (a 240 px chart gets fewer).
    tickPositioner(this: { len?: number }, _min: number, max: number): number[] {
      const length = typeof this.len === 'number' && this.len > 0 ? this.len : 300;
      return durationTickPositions(max, Math.max(2, Math.floor(length / spacing)));
    },
    labels: {
      formatter(this: AxisLabelsFormatterContextObject): string {
        return formatDurationTick(locale, Number(this.value));
      },
    },
    // Screen readers otherwise hear the range in raw milliseconds ("from 0 to 5400000").
    ...(values.length > 0
      ? { accessibility: { rangeDescription: `${formatDurationTick(locale, Math.min(0, ...values))} – ${formatDurationTick(locale, Math.max(...values))}` } }
      : {}),
  };
}

/** How screen readers hear a point of a duration series: its category and its duration, as tooltips say it. */
export function durationPointAccessibility(locale: string): AccessibilityPointOptions {
  return {
    descriptionFormatter(point): string {
      const category = point.category ?? point.name;
      const value = formatDuration(locale, point.y);
      return `${category === undefined || category === '' ? '' : `${String(category)}, `}${value}. ${point.series.name}.`;
    },
  };
}
