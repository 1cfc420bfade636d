import type { OpportunityOccurrences, OpportunityTargets, OpportunityUnit } from '@linepulse/contracts';

const MIN = 60_000;
const names = { shifts: { 's-day': 'Day', 's-evening': 'Evening' }, products: { p1: 'Jam jar', p2: 'Honey jar' }, reasons: { 'r-clean': 'Cleaning' } };

/** Line 1's shift changes over a week: 3 occurrences losing 10, 20 and 60 minutes against a 20-minute median. */
export function unitAnswer(overrides: Partial<OpportunityUnit['summary']> = {}): OpportunityUnit {
  const trend = Array.from({ length: 12 }, (_, i) => {
    const start = Date.parse('2026-09-07T04:00:00.000Z') + i * 7 * 86_400_000;
    return {
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + 7 * 86_400_000).toISOString(),
      occurrences: i === 11 ? 3 : 2,
      lost_ms: i === 11 ? 90 * MIN : 40 * MIN,
      mean_ms: i === 11 ? 30 * MIN : 20 * MIN,
      excess_ms: 0,
    };
  });
  return {
    start_time: trend[11]!.start_time,
    end_time: trend[11]!.end_time,
    timezone: 'Europe/Paris',
    summary: {
      occurrences: 3,
      above_target: 1,
      lost_ms: 90 * MIN,
      mean_ms: 30 * MIN,
      excess_ms: 40 * MIN,
      median_ms: 20 * MIN,
      p90_ms: 60 * MIN,
      p95_ms: 60 * MIN,
      target_ms: 20 * MIN,
      target_source: 'median',
      gain_hours: 40 / 60,
      gain_units: 800,
      gain_currency: [{ amount: 66.67, currency: 'EUR' }],
      ...overrides,
    },
    distribution: [
      { from_ms: 0, to_ms: 15 * MIN, count: 1 },
      { from_ms: 15 * MIN, to_ms: 30 * MIN, count: 1 },
      { from_ms: 30 * MIN, to_ms: 45 * MIN, count: 0 },
      { from_ms: 45 * MIN, to_ms: 60 * MIN, count: 1 },
    ],
    trend,
    breakdowns: [{ by: 'shift_pair', rows: [{ keys: ['s-day', 's-evening'], occurrences: 3, lost_ms: 90 * MIN, mean_ms: 30 * MIN, excess_ms: 40 * MIN }] }],
    names,
  };
}

/** `total` occurrences, one page from `offset`. */
export function occurrencesAnswer(total: number, offset = 0, limit = 50): OpportunityOccurrences {
  const count = Math.max(0, Math.min(limit, total - offset));
  return {
    occurrences: Array.from({ length: count }, (_, i) => {
      const at = Date.parse('2026-11-16T13:00:00.000Z') + (offset + i) * 86_400_000;
      return {
        at: new Date(at).toISOString(),
        work_shift_id: 's-evening',
        from_work_shift_id: 's-day',
        downtimes: [{ start_time: new Date(at - 5 * MIN).toISOString(), end_time: new Date(at + 25 * MIN).toISOString(), lost_ms: 30 * MIN, reason_ids: ['r-clean'] }],
        lost_ms: 30 * MIN,
        target_ms: 20 * MIN,
        excess_ms: 10 * MIN,
        lost_units: 600,
        lost_currency: [{ amount: 50, currency: 'EUR' }],
      };
    }),
    occurrences_total: total,
    next_offset: offset + count < total ? offset + count : null,
    timezone: 'Europe/Paris',
    names,
  };
}

export const targetsAnswer = (canEdit: boolean): OpportunityTargets => ({
  targets: [],
  planned_reasons: [{ id: 'r-clean', name: 'Cleaning', target_seconds: 600 }],
  can_edit: canEdit,
});
