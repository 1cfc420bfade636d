import type { OpportunityOccurrenceRow } from '@linepulse/contracts';
import { downtimeLink, occurrenceReasons, occurrenceSubject } from './occurrences';

const names = { shifts: { s1: 'Day', s2: 'Evening' }, products: { p1: 'Jam jar', p2: 'Honey jar' }, reasons: { r1: 'Cleaning' } };
const row = (extra: Partial<OpportunityOccurrenceRow>): OpportunityOccurrenceRow => ({
  at: '2024-05-06T14:00:00.000Z',
  work_shift_id: 's2',
  downtimes: [],
  lost_ms: 0,
  target_ms: 0,
  excess_ms: 0,
  lost_units: 0,
  ...extra,
});

describe('an occurrence', () => {
  it('links to the availability page narrowed from its first downtime’s start to its last one’s end', () => {
    const link = downtimeLink('f-1', 'pu-1', row({
      downtimes: [
        { start_time: '2024-05-06T13:55:00.000Z', end_time: '2024-05-06T14:05:00.000Z', lost_ms: 1, reason_ids: [] },
        { start_time: '2024-05-06T13:50:00.000Z', end_time: '2024-05-06T14:01:00.000Z', lost_ms: 1, reason_ids: [] },
      ],
    }));
    expect(link).toBe('/f-1/availability-downtime?unit=pu-1&from=2024-05-06T13%3A50%3A00.000Z&to=2024-05-06T14%3A05%3A00.000Z');
    // Without a downtime: the minute of the occurrence.
    expect(downtimeLink('f-1', 'pu-1', row({}))).toContain('from=2024-05-06T14%3A00%3A00.000Z&to=2024-05-06T14%3A01%3A00.000Z');
  });

  it('names what it is about', () => {
    expect(occurrenceSubject(row({ from_work_shift_id: 's1' }), names)).toBe('Day → Evening');
    expect(occurrenceSubject(row({ from_product_id: 'p1', to_product_id: 'p2' }), names)).toBe('Jam jar → Honey jar');
    expect(occurrenceSubject(row({ downtime_reason_id: 'r1' }), names)).toBe('Cleaning (Evening)');
    expect(occurrenceSubject(row({ work_shift_id: null }), names)).toBe('—');
  });

  it('lists its downtimes’ reasons once each', () => {
    const o = row({ downtimes: [
      { start_time: 'a', end_time: 'b', lost_ms: 1, reason_ids: ['r1', 'r9'] },
      { start_time: 'c', end_time: 'd', lost_ms: 1, reason_ids: ['r1'] },
    ] });
    expect(occurrenceReasons(o, (id) => names.reasons[id as 'r1'] ?? id)).toEqual(['Cleaning', 'r9']);
  });
});
