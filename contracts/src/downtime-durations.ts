/**
 * The distribution of downtime durations (product §9: percentiles 90 and 95), one rule for the api
 * and the screens: nearest-rank percentiles and "nice" bin widths.
 */

/**
 * Nearest-rank percentile of ascending values: the smallest value with at least p % of the values at
 * or below it (rank ⌈p/100 × n⌉). Always one of the values, never an interpolation; null when empty.
 */
export function nearestRank(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

/** Bin widths a reader takes in at a glance, in ms: seconds for micro-stops, then minutes and hours. */
export const NICE_BIN_WIDTHS_MS: readonly number[] = [
  1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14_400, 28_800, 43_200, 86_400, 172_800, 604_800,
].map((s) => s * 1000);

/** Bins aimed at: enough to see a shape, few enough to read. */
export const DURATION_BINS_TARGET = 20;

export interface DurationBin {
  from_ms: number;
  to_ms: number;
  count: number;
}

/**
 * Equal bins of the smallest nice width that covers the 99th percentile in at most 20 bins, from 0;
 * the last bin is open-ended and runs to the longest value (so the rare very long stop is counted
 * without stretching the axis). Bin i holds [from, to); the last holds everything from its start on.
 */
export function durationBins(sorted: readonly number[]): DurationBin[] {
  if (sorted.length === 0) return [];
  const p99 = nearestRank(sorted, 99)!;
  const max = sorted[sorted.length - 1]!;
  const width = NICE_BIN_WIDTHS_MS.find((w) => p99 / w <= DURATION_BINS_TARGET) ?? NICE_BIN_WIDTHS_MS[NICE_BIN_WIDTHS_MS.length - 1]!;
  const n = Math.max(1, Math.ceil(p99 / width));
  const bins: DurationBin[] = Array.from({ length: n }, (_, i) => ({ from_ms: i * width, to_ms: (i + 1) * width, count: 0 }));
  const last = bins[n - 1]!;
  last.to_ms = Math.max(max, last.from_ms);
  for (const v of sorted) bins[Math.min(n - 1, Math.floor(v / width))]!.count += 1;
  return bins;
}

/** count, total, mean, median, p90, p95 and bins of durations (ms), in any order. */
export function durationStats(values: readonly number[]): {
  count: number; total_ms: number; mean_ms: number | null; median_ms: number | null; p90_ms: number | null; p95_ms: number | null; bins: DurationBin[];
} {
  const sorted = [...values].sort((a, b) => a - b);
  const total = sorted.reduce((s, v) => s + v, 0);
  return {
    count: sorted.length,
    total_ms: total,
    mean_ms: sorted.length ? total / sorted.length : null,
    median_ms: nearestRank(sorted, 50),
    p90_ms: nearestRank(sorted, 90),
    p95_ms: nearestRank(sorted, 95),
    bins: durationBins(sorted),
  };
}
