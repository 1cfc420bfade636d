import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { WEEK_DAYS } from '@linepulse/contracts';
import { shiftIntervals, type UnitSetup } from '../src/analytics/derive.ts';

/**
 * shiftIntervals resolves wall-clock shift times without a DateTime per shift; the reference is
 * luxon's own `set` on each day, as it was written before (daylight-saving gaps and overlaps, half-hour
 * shifts of offset, midnight transitions, shifts crossing midnight, whole-day shifts).
 */
function reference(setup: UnitSetup, from: number, to: number): { start: number; end: number; shiftId: string }[] {
  const out: { start: number; end: number; shiftId: string }[] = [];
  const zone = setup.calendar.timezone;
  let day = DateTime.fromMillis(from, { zone }).startOf('day').minus({ days: 2 });
  const last = DateTime.fromMillis(to, { zone }).startOf('day').plus({ days: 1 });
  while (day <= last) {
    const weekday = WEEK_DAYS[day.weekday - 1]!;
    for (const shift of setup.shifts) {
      if (!shift.days.includes(weekday)) continue;
      const [sh, sm] = shift.start_local.split(':').map(Number) as [number, number];
      const [eh, em] = shift.end_local.split(':').map(Number) as [number, number];
      const start = day.set({ hour: sh, minute: sm }).toMillis();
      const crosses = eh * 60 + em <= sh * 60 + sm;
      const end = (crosses ? day.plus({ days: 1 }) : day).set({ hour: eh, minute: em }).toMillis();
      if (end > from && start < to && end > start) out.push({ start, end, shiftId: shift.id });
    }
    day = day.plus({ days: 1 });
  }
  return out.sort((a, b) => a.start - b.start);
}

const every = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const SHIFT_SETS = [
  [
    { id: 'day', start_local: '06:00', end_local: '14:00', days: every },
    { id: 'evening', start_local: '14:00', end_local: '22:00', days: every.slice(0, 5) },
    { id: 'night', start_local: '22:00', end_local: '06:00', days: [...every.slice(0, 5), 'sunday'] },
  ],
  [
    { id: 'gap', start_local: '02:00', end_local: '02:30', days: ['sunday', 'saturday'] },
    { id: 'overlap', start_local: '01:30', end_local: '03:00', days: ['sunday', 'monday'] },
    { id: 'late', start_local: '23:59', end_local: '00:00', days: ['sunday'] },
    { id: 'whole', start_local: '00:00', end_local: '00:00', days: ['friday'] },
  ],
];

describe('shift intervals', () => {
  for (const timezone of ['Europe/Paris', 'America/Montreal', 'UTC', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/Santiago']) {
    it(`match luxon's wall-clock resolution over ten years in ${timezone}`, () => {
      for (const shifts of SHIFT_SETS) {
        const setup = { calendar: { timezone }, shifts } as unknown as UnitSetup;
        const from = Date.parse('2017-01-01T00:00:00Z');
        const to = Date.parse('2027-01-01T00:00:00Z');
        assert.deepEqual(shiftIntervals(setup, from, to), reference(setup, from, to));
      }
    });
  }
});

describe('a midnight that happens twice', () => {
  // Havana falls back at 01:00 to 00:00: 6 November 2022 has two midnights (04:00Z and 05:00Z). Stepping
  // luxon day by day gave the first or the second depending on where the walk began (before or after the
  // spring's gap at midnight); the shift now starts at the first, whatever range is asked.
  const setup = { calendar: { timezone: 'America/Havana' }, shifts: [{ id: 'whole', start_local: '00:00', end_local: '00:00', days: every }] } as unknown as UnitSetup;
  const onFallBack = (from: string) =>
    shiftIntervals(setup, Date.parse(from), Date.parse('2022-11-08T00:00:00Z')).find((s) => s.start >= Date.parse('2022-11-06T03:00:00Z'))!;
  for (const from of ['2022-01-14T00:00:00Z', '2022-06-01T00:00:00Z', '2022-11-05T12:00:00Z']) {
    it(`starts at the first midnight (asked from ${from.slice(0, 10)})`, () => {
      const s = onFallBack(from);
      assert.equal(new Date(s.start).toISOString(), '2022-11-06T04:00:00.000Z');
      assert.equal(new Date(s.end).toISOString(), '2022-11-07T05:00:00.000Z');
    });
  }
});
