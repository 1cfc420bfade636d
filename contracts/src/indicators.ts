import type { Kpis } from './schemas/analytics';

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

/** The times and counts every indicator divides: what a roll-up sums before dividing again. */
export interface IndicatorBases {
  calendar_ms: number;
  scheduled_ms: number;
  planned_production_ms: number;
  uptime_ms: number;
  ideal_production_ms: number;
  good: number;
  rejected: number;
}

export function computeIndicators(t: ProductionTotals): Indicators {
  const planned_production_ms = t.scheduled_ms - t.planned_downtime_ms;
  const uptime_ms = planned_production_ms - t.unplanned_downtime_ms - t.unjustified_downtime_ms;
  return indicatorsOf({
    calendar_ms: t.calendar_ms,
    scheduled_ms: t.scheduled_ms,
    planned_production_ms,
    uptime_ms,
    ideal_production_ms: t.ideal_production_ms,
    good: t.good,
    rejected: t.rejected,
  });
}

/** Every indicator from its bases (docs/domain.md §6): the one place where the division happens. */
export function indicatorsOf(b: IndicatorBases): Indicators {
  const { uptime_ms, planned_production_ms } = b;
  const availability = ratio(uptime_ms, planned_production_ms);
  const ooe_availability = ratio(uptime_ms, b.scheduled_ms);
  const utilisation = ratio(uptime_ms, b.calendar_ms);
  const performance = ratio(b.ideal_production_ms, uptime_ms);
  const quality = ratio(b.good, b.good + b.rejected);
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

const KPI_SUMS = [
  'calendar_ms', 'scheduled_ms', 'planned_production_ms', 'ideal_production_ms', 'planned_downtime_ms',
  'unplanned_downtime_ms', 'unjustified_downtime_ms', 'uptime_ms', 'good', 'rejected', 'downtime_occurrences',
] as const satisfies readonly (keyof Kpis)[];

/**
 * Several groups' KPIs as one (the company overview's "all factories"): their times and counts summed,
 * then every indicator divided again by the same rule the api uses for one group. Only meaningful for
 * groups that do not overlap (a unit counted twice would count twice).
 */
export function rollUpKpis(list: readonly Kpis[]): Kpis {
  const sums = Object.fromEntries(KPI_SUMS.map((key) => [key, list.reduce((sum, k) => sum + k[key], 0)])) as Record<
    (typeof KPI_SUMS)[number],
    number
  >;
  const { availability, ooe_availability, performance, quality, oee, ooe, teep } = indicatorsOf(sums);
  return { ...sums, availability, ooe_availability, performance, quality, oee, ooe, teep };
}

/**
 * A group's KPIs as the analytics calls answer them: times and counts, their bases and every indicator.
 * `reported` limits which downtime durations are reported; the indicators always use all of them.
 */
export function kpisOf(
  t: ProductionTotals,
  downtimeOccurrences: number,
  reported: readonly ('planned' | 'unplanned' | 'unjustified')[] = ['planned', 'unplanned', 'unjustified'],
): Kpis {
  const i = computeIndicators(t);
  const show = (type: (typeof reported)[number], ms: number): number => (reported.includes(type) ? ms : 0);
  return {
    calendar_ms: t.calendar_ms,
    scheduled_ms: t.scheduled_ms,
    planned_production_ms: i.planned_production_ms,
    ideal_production_ms: t.ideal_production_ms,
    planned_downtime_ms: show('planned', t.planned_downtime_ms),
    unplanned_downtime_ms: show('unplanned', t.unplanned_downtime_ms),
    unjustified_downtime_ms: show('unjustified', t.unjustified_downtime_ms),
    uptime_ms: i.uptime_ms,
    good: t.good,
    rejected: t.rejected,
    downtime_occurrences: downtimeOccurrences,
    availability: i.availability,
    ooe_availability: i.ooe_availability,
    performance: i.performance,
    quality: i.quality,
    oee: i.oee,
    ooe: i.ooe,
    teep: i.teep,
  };
}
