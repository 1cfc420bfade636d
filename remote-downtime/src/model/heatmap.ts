import { DateTime } from 'luxon';
import type { AnalyticsInterval, DowntimeInterval, DowntimeIntervalStats, DowntimeMeasures } from '@linepulse/contracts';

/** One column of the heatmap: an interval of the window (ISO instants as the api sends them). */
export interface HeatmapColumn {
  start: string;
  end: string;
}

/** One cell: a unit during an interval, with its measures (null where the api has no such interval). */
export interface HeatmapCell {
  x: number;
  y: number;
  unitId: string;
  unitName: string;
  column: HeatmapColumn;
  /** Availability as a fraction 0–1; null = N/D (no planned production time). */
  availability: number | null;
  measures: DowntimeMeasures | null;
}

export interface Heatmap {
  units: { id: string; name: string }[];
  columns: HeatmapColumn[];
  /** Row-major: cells[y * columns.length + x]. */
  cells: HeatmapCell[];
}

/**
 * The heatmap of downtimes-info-interval's answer: one row per unit in the answer's order, one column
 * per interval any unit has (sorted by start), so a unit missing an interval shows an N/D cell rather
 * than shifting its row.
 */
export function heatmapOf(stats: readonly DowntimeIntervalStats[]): Heatmap {
  const byStart = new Map<string, HeatmapColumn>();
  for (const unit of stats) {
    for (const interval of unit.downtimes_per_interval) {
      if (!byStart.has(interval.start_time)) byStart.set(interval.start_time, { start: interval.start_time, end: interval.end_time });
    }
  }
  const columns = [...byStart.values()].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const index = new Map(columns.map((column, x) => [column.start, x]));
  const units = stats.map((unit) => ({ id: unit.production_unit_id, name: unit.production_unit_name }));
  const cells: HeatmapCell[] = [];
  stats.forEach((unit, y) => {
    const row: (DowntimeInterval | undefined)[] = new Array(columns.length);
    for (const interval of unit.downtimes_per_interval) row[index.get(interval.start_time) ?? -1] = interval;
    columns.forEach((column, x) => {
      const found = row[x];
      cells.push({
        x,
        y,
        unitId: unit.production_unit_id,
        unitName: unit.production_unit_name,
        column,
        availability: found && found.availability_rate !== null ? found.availability_rate / 100 : null,
        measures: found ?? null,
      });
    });
  });
  return { units, columns, cells };
}

const HOUR_STYLES = new Map<string, 'numeric' | '2-digit'>();

/**
 * How an hour is written: two digits on a 24-hour clock ("05:00"), one on a 12-hour clock ("5:00 AM"),
 * where English readers take "05:00 AM" for a typo.
 */
function hourStyle(locale: string): 'numeric' | '2-digit' {
  // Asked once per language: a heatmap labels up to a few hundred columns.
  let style = HOUR_STYLES.get(locale);
  if (!style) {
    const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
    style = cycle === 'h11' || cycle === 'h12' ? 'numeric' : '2-digit';
    HOUR_STYLES.set(locale, style);
  }
  return style;
}

/** An interval's label in the factory's zone and the user's language: "Mon, Nov 3, 2:00 PM", "Mon, Nov 3", "Nov 3, 2026" (a week, by its first day), "November 2026". */
export function columnLabel(column: HeatmapColumn, interval: AnalyticsInterval, zone: string, locale: string): string {
  const start = DateTime.fromISO(column.start, { zone }).setLocale(locale);
  if (interval === 'hour') return start.toLocaleString({ weekday: 'short', day: 'numeric', month: 'short', hour: hourStyle(locale), minute: '2-digit' });
  if (interval === 'day') return start.toLocaleString({ weekday: 'short', day: 'numeric', month: 'short' });
  if (interval === 'month') return start.toLocaleString({ month: 'long', year: 'numeric' });
  return start.toLocaleString({ day: 'numeric', month: 'short', year: 'numeric' });
}

/**
 * The time axis's label of a column: an hour as its weekday and time ("Mon 14:00"), short enough to
 * stay whole when the labels lean; the full label (columnLabel) is in the tooltip and each cell's
 * accessible description. Days, weeks and months as columnLabel.
 */
export function axisLabel(column: HeatmapColumn, interval: AnalyticsInterval, zone: string, locale: string): string {
  if (interval !== 'hour') return columnLabel(column, interval, zone, locale);
  return DateTime.fromISO(column.start, { zone }).setLocale(locale).toLocaleString({ weekday: 'short', hour: hourStyle(locale), minute: '2-digit' });
}
