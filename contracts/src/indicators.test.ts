import { computeIndicators, kpisOf, rollUpKpis, sumTotals, type ProductionTotals } from './indicators';

const MIN = 60_000;
const round2 = (fraction: number | null): number | null => (fraction === null ? null : Math.round(fraction * 10000) / 100);

const textbook: ProductionTotals = {
  calendar_ms: 480 * MIN,
  scheduled_ms: 480 * MIN,
  planned_downtime_ms: 60 * MIN,
  unplanned_downtime_ms: 47 * MIN,
  unjustified_downtime_ms: 0,
  good: 19271 - 423,
  rejected: 423,
  ideal_production_ms: 19271 * 1000,
};

describe('indicators (docs/domain.md §6, §9)', () => {
  it('reproduce the textbook example: A 88.81 %, P 86.11 %, Q 97.80 %, OEE 74.80 %', () => {
    const i = computeIndicators(textbook);
    expect(round2(i.availability)).toBe(88.81);
    expect(round2(i.performance)).toBe(86.11);
    expect(round2(i.quality)).toBe(97.8);
    // docs/domain.md §9 allows ±0.01: the exact product is 74.7937 %.
    expect(Math.abs(i.oee! * 100 - 74.8)).toBeLessThanOrEqual(0.01);
    expect(i.uptime_ms).toBe(373 * MIN);
  });

  it('OOE uses scheduled time and TEEP calendar time', () => {
    const i = computeIndicators({ ...textbook, calendar_ms: 24 * 60 * MIN });
    expect(i.ooe_availability).toBeCloseTo(373 / 480, 12);
    expect(i.ooe).toBeCloseTo((373 / 480) * i.performance! * i.quality!, 12);
    expect(i.teep).toBeCloseTo((373 / 1440) * i.performance! * i.quality!, 12);
  });

  it('a zero denominator gives N/D (null), never 0', () => {
    const idle = computeIndicators({ ...textbook, scheduled_ms: 0, planned_downtime_ms: 0, unplanned_downtime_ms: 0, good: 0, rejected: 0, ideal_production_ms: 0 });
    expect(idle.availability).toBeNull();
    expect(idle.quality).toBeNull();
    expect(idle.oee).toBeNull();
  });

  it('performance above 100 % is kept as computed', () => {
    expect(computeIndicators({ ...textbook, ideal_production_ms: 30_000 * 1000 }).performance).toBeGreaterThan(1);
  });

  it('roll-ups sum times and counts, then divide (never average percentages)', () => {
    const busy = { ...textbook };
    const quiet: ProductionTotals = { ...textbook, scheduled_ms: 60 * MIN, planned_downtime_ms: 0, unplanned_downtime_ms: 30 * MIN, good: 100, rejected: 0, ideal_production_ms: 100 * 1000 };
    const rolled = computeIndicators(sumTotals([busy, quiet])).availability!;
    const averaged = (computeIndicators(busy).availability! + computeIndicators(quiet).availability!) / 2;
    expect(rolled).toBeCloseTo((373 + 30) / (420 + 60), 12);
    expect(rolled).not.toBeCloseTo(averaged, 3);
  });
});

describe('rollUpKpis', () => {
  const quiet: ProductionTotals = { ...textbook, scheduled_ms: 60 * MIN, planned_downtime_ms: 10 * MIN, unplanned_downtime_ms: 30 * MIN, good: 100, rejected: 5, ideal_production_ms: 90 * 1000 };

  it('gives exactly what the api gives for the summed times and counts', () => {
    const rolled = rollUpKpis([kpisOf(textbook, 3), kpisOf(quiet, 3)]);
    const whole = computeIndicators(sumTotals([textbook, quiet]));
    for (const key of ['availability', 'ooe_availability', 'performance', 'quality', 'oee', 'ooe', 'teep'] as const) {
      expect(rolled[key]).toBeCloseTo(whole[key]!, 12);
    }
    expect(rolled.uptime_ms).toBe(whole.uptime_ms);
    expect(rolled.downtime_occurrences).toBe(6);
  });

  it('keeps the indicators whole when only some downtime types are reported', () => {
    const rolled = rollUpKpis([kpisOf(textbook, 3, ['unplanned']), kpisOf(quiet, 3, ['unplanned'])]);
    expect(rolled.planned_downtime_ms).toBe(0);
    expect(rolled.availability).toBeCloseTo(computeIndicators(sumTotals([textbook, quiet])).availability!, 12);
  });

  it('is N/D where nothing was scheduled or made', () => {
    const idle = kpisOf({ ...textbook, scheduled_ms: 0, planned_downtime_ms: 0, unplanned_downtime_ms: 0, good: 0, rejected: 0, ideal_production_ms: 0 }, 0);
    const rolled = rollUpKpis([idle, idle]);
    expect(rolled.availability).toBeNull();
    expect(rolled.quality).toBeNull();
    expect(rolled.oee).toBeNull();
  });
});
