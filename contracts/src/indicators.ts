/**
 * Indicators of docs/domain.md §6 from summed times and counts. Roll-ups sum times and counts first and divide
 * last; a ratio whose denominator is zero is not available (null), never 0 and never an error.
 */
export interface ProductionTotals {
  calendar_ms: number;
  scheduled_ms: number;
  planned_downtime_ms: number;
  unplanned_downtime_ms: number;
  unjustified_downtime_ms: number;
  good: number;
  rejected: number;
  /** Σ(count × ideal cycle time of its product), in ms: the time the good and rejected units should have taken. */
  ideal_production_ms: number;
}

export interface Indicators {
  uptime_ms: number;
  planned_production_ms: number;
  availability: number | null;
  ooe_availability: number | null;
  utilisation: number | null;
  performance: number | null;
  quality: number | null;
  oee: number | null;
  ooe: number | null;
  teep: number | null;
}

function ratio(numerator: number, denominator: number): number | null {
  return denominator > 0 ? numerator / denominator : null;
}

function product(...factors: (number | null)[]): number | null {
  return factors.some((f) => f === null) ? null : factors.reduce<number>((a, f) => a * (f as number), 1);
}

export function computeIndicators(t: ProductionTotals): Indicators {
  const planned_production_ms = t.scheduled_ms - t.planned_downtime_ms;
  const uptime_ms = planned_production_ms - t.unplanned_downtime_ms - t.unjustified_downtime_ms;
  const availability = ratio(uptime_ms, planned_production_ms);
  const ooe_availability = ratio(uptime_ms, t.scheduled_ms);
  const utilisation = ratio(uptime_ms, t.calendar_ms);
  const performance = ratio(t.ideal_production_ms, uptime_ms);
  const quality = ratio(t.good, t.good + t.rejected);
  return {
    uptime_ms,
    planned_production_ms,
    availability,
    ooe_availability,
    utilisation,
    performance,
    quality,
    oee: product(availability, performance, quality),
    ooe: product(ooe_availability, performance, quality),
    teep: product(utilisation, performance, quality),
  };
}

/** Sums totals (units, shifts, days, factories) before any division. */
export function sumTotals(list: readonly ProductionTotals[]): ProductionTotals {
  const zero: ProductionTotals = {
    calendar_ms: 0, scheduled_ms: 0, planned_downtime_ms: 0, unplanned_downtime_ms: 0,
    unjustified_downtime_ms: 0, good: 0, rejected: 0, ideal_production_ms: 0,
  };
  return list.reduce<ProductionTotals>(
    (sum, t) => ({
      calendar_ms: sum.calendar_ms + t.calendar_ms,
      scheduled_ms: sum.scheduled_ms + t.scheduled_ms,
      planned_downtime_ms: sum.planned_downtime_ms + t.planned_downtime_ms,
      unplanned_downtime_ms: sum.unplanned_downtime_ms + t.unplanned_downtime_ms,
      unjustified_downtime_ms: sum.unjustified_downtime_ms + t.unjustified_downtime_ms,
      good: sum.good + t.good,
      rejected: sum.rejected + t.rejected,
      ideal_production_ms: sum.ideal_production_ms + t.ideal_production_ms,
    }),
    zero,
  );
}
