import type { DowntimeDurations, DowntimeInfo, DowntimeIntervalStats, DowntimeList, DowntimesSummary, TopDowntimeReason } from '@linepulse/contracts';

const HOUR = 3_600_000;

/** One unit's measures over a window: `down` ms of downtime split as given, out of `scheduled` ms. */
export function measures(scheduled: number, planned: number, unplanned: number, unjustified: number, occurrences = 2) {
  const total = planned + unplanned + unjustified;
  const ppt = scheduled - planned;
  return {
    availability_rate: ppt > 0 ? ((scheduled - total) / ppt) * 100 : null,
    downtime_occurrences: occurrences,
    total,
    planned,
    unplanned,
    unjustified,
    in_production: scheduled,
    uptime: scheduled - total,
  };
}

export const unitsInfo: DowntimeInfo[] = [
  // The api's order is its own; the page shows the factory's (Line 1 first).
  { production_unit_id: 'pu-2', production_unit_name: 'Line 2', ...measures(20 * HOUR, 1 * HOUR, 2 * HOUR, 0, 3) },
  { production_unit_id: 'pu-1', production_unit_name: 'Line 1', ...measures(24 * HOUR, 2 * HOUR, 1 * HOUR, HOUR / 2, 4) },
];

/** Hour intervals from `start` (ISO, UTC) for each unit; Line 2 has no scheduled time in the third hour (N/D). */
export function intervalStats(start = '2026-11-22T05:00:00.000Z', hours = 3): DowntimeIntervalStats[] {
  const from = Date.parse(start);
  const interval = (unit: number, index: number) => {
    const iso = (ms: number) => new Date(ms).toISOString();
    const scheduled = unit === 2 && index === 2 ? 0 : HOUR;
    return { start_time: iso(from + index * HOUR), end_time: iso(from + (index + 1) * HOUR), ...measures(scheduled, 0, scheduled ? (index * HOUR) / 10 : 0, 0, index) };
  };
  return [1, 2].map((unit) => ({
    production_unit_id: `pu-${unit}`,
    production_unit_name: `Line ${unit}`,
    downtimes_per_interval: Array.from({ length: hours }, (_, index) => interval(unit, index)),
  }));
}

export const topReasons: TopDowntimeReason[] = [
  { downtime_reason_id: 'r-clean', downtime_reason: 'Cleaning', category: 'Hygiene', is_planned: true, total_downtime_duration_seconds: 5400 },
  { downtime_reason_id: 'r-jam', downtime_reason: 'Jam', category: 'Mechanical', is_planned: false, total_downtime_duration_seconds: 2700 },
];

export const summary: DowntimesSummary = {
  justification_type_count_summary: { planned: 3, unplanned: 5, unjustified: 2, mixed: 1, partially_justified: 1 },
  top_unplanned_downtimes: [{ downtime_reason_id: 'r-jam', downtime_reason: 'Jam', category: 'Mechanical', total_downtime_duration_seconds: 2700 }],
  top_downtime_categories: [{ category: 'Mechanical', total_downtime_duration_seconds: 2700 }],
};

export const durations: DowntimeDurations = {
  count: 12,
  total_ms: 12 * 10 * 60_000,
  mean_ms: 10 * 60_000,
  median_ms: 8 * 60_000,
  p90_ms: 20 * 60_000,
  p95_ms: 25 * 60_000,
  bins: [
    { from_ms: 0, to_ms: 10 * 60_000, count: 7 },
    { from_ms: 10 * 60_000, to_ms: 20 * 60_000, count: 4 },
    { from_ms: 20 * 60_000, to_ms: 30 * 60_000, count: 1 },
  ],
};

/** A page of the downtime list: `count` rows of `total`, from `offset`. */
export function downtimeList(total: number, offset = 0, count = Math.min(100, total - offset)): DowntimeList {
  return {
    total,
    offset,
    limit: 100,
    items: Array.from({ length: count }, (_, i) => ({
      id: `pu-1|${offset + i}`,
      production_unit_id: 'pu-1',
      production_unit_name: 'Line 1',
      start_time: '2026-11-22T08:15:00.000+01:00',
      end_time: '2026-11-22T08:40:00.000+01:00',
      duration_ms: 25 * 60_000,
      type: 'unplanned' as const,
      justification_type: 'unplanned' as const,
      reasons: [{ id: 'r-jam', name: 'Jam', category: 'Mechanical', is_planned: false }],
      category: 'Mechanical',
      shift_name: 'Morning',
      product_sku: 'SKU-1',
      product_name: 'Yogurt',
    })),
    reasons: [
      { id: 'r-jam', name: 'Jam', category: 'Mechanical', is_planned: false },
      { id: 'r-clean', name: 'Cleaning', category: 'Hygiene', is_planned: true },
    ],
  };
}
