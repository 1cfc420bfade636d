import type { OpportunityOccurrenceRow } from '@linepulse/contracts';
import { downtimeLink, downtimeReasons, occurrenceDowntimes, occurrenceSubject } from './occurrences';

const names = { shifts: { s1: 'Day', s2: 'Evening' }, products: { p1: 'Jam jar', p2: 'Honey jar' }, reasons: { r1: 'Cleaning', r2: 'Jam' } };
const fallbacks = { unknownShift: 'unknown shift', unknownProduct: 'unknown product', unknownReason: 'unknown reason', unjustified: 'unjustified' };
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
    expect(occurrenceSubject(row({ from_work_shift_id: 's1' }), names, fallbacks)).toBe('Day → Evening');
    expect(occurrenceSubject(row({ from_product_id: 'p1', to_product_id: 'p2' }), names, fallbacks)).toBe('Jam jar → Honey jar');
    expect(occurrenceSubject(row({ downtime_reason_id: 'r1' }), names, fallbacks)).toBe('Cleaning (Evening)');
    expect(occurrenceSubject(row({ work_shift_id: null }), names, fallbacks)).toBe('—');
  });

  it('names what it is about without ever showing an id', () => {
    const id = '89551c08-0000-4000-8000-000000000000';
    expect(occurrenceSubject(row({ downtime_reason_id: id }), names, fallbacks)).toBe('unknown reason (Evening)');
    expect(occurrenceSubject(row({ from_work_shift_id: id }), names, fallbacks)).toBe('unknown shift → Evening');
  });

  it('lists each downtime with the names of its reasons, once each, or says it is unjustified', () => {
    expect(downtimeReasons(['r1', 'r2', 'r1'], names, fallbacks)).toEqual(['Cleaning', 'Jam']);
    expect(downtimeReasons([], names, fallbacks)).toEqual(['unjustified']);
    expect(downtimeReasons(['89551c08-0000-4000-8000-000000000000'], names, fallbacks)).toEqual(['unknown reason']);
    const o = row({ downtimes: [
      { start_time: '22:13', end_time: '06:18', lost_ms: 1, reason_ids: ['r2', '89551c08-0000-4000-8000-000000000000'] },
      { start_time: '06:30', end_time: '06:40', lost_ms: 1, reason_ids: [] },
    ] });
    expect(occurrenceDowntimes(o, names, fallbacks, (t) => t)).toBe('22:13–06:18 (Jam, unknown reason), 06:30–06:40 (unjustified)');
  });
});
