import type { DowntimeInfo, DowntimeMeasures } from '@linepulse/contracts';

/**
 * The measures of several units together: times and occurrences summed first, then availability
 * computed from the sums (uptime over planned production time, DOMAIN "Roll-ups"), never an average of
 * the units' percentages. N/D (null) when no planned production time is left.
 */
export function sumDowntimeMeasures(rows: readonly DowntimeMeasures[]): DowntimeMeasures {
  const sum = (key: 'downtime_occurrences' | 'total' | 'planned' | 'unplanned' | 'unjustified' | 'in_production' | 'uptime'): number =>
    rows.reduce((total, row) => total + row[key], 0);
  const inProduction = sum('in_production');
  const planned = sum('planned');
  const uptime = sum('uptime');
  const plannedProduction = inProduction - planned;
  return {
    availability_rate: plannedProduction > 0 ? (uptime / plannedProduction) * 100 : null,
    downtime_occurrences: sum('downtime_occurrences'),
    total: sum('total'),
    planned,
    unplanned: sum('unplanned'),
    unjustified: sum('unjustified'),
    in_production: inProduction,
    uptime,
  };
}

/** The units in the order of the factory's configuration (the api answers in its own order). */
export function inFactoryOrder(rows: readonly DowntimeInfo[], unitIds: readonly string[]): DowntimeInfo[] {
  const position = new Map(unitIds.map((id, index) => [id, index]));
  return [...rows].sort((a, b) => (position.get(a.production_unit_id) ?? Infinity) - (position.get(b.production_unit_id) ?? Infinity));
}
