import fc from 'fast-check';
import { DateTime } from 'luxon';
import { TIME_OPTIONS } from './constants';
import { INTERVALS, allowedIntervals, defaultInterval, intervalProblem, lengthDefaultInterval } from './intervals';
import { localDays, windowOf, type FactoryCalendar } from './time-windows';

const ZONES = ['Europe/Paris', 'America/Toronto', 'America/Monterrey', 'Asia/Kolkata', 'Pacific/Auckland', 'UTC'];
const WEEK_DAYS = ['monday', 'sunday', 'saturday'] as const;
const MONTHS = ['january', 'april', 'october'] as const;

const calendars = fc.record<FactoryCalendar>({
  timezone: fc.constantFrom(...ZONES),
  production_day_minutes_from_midnight: fc.constantFrom(0, 5 * 60, 6 * 60 + 17, 22 * 60),
  week_first_day: fc.constantFrom(...WEEK_DAYS),
  year_first_month: fc.constantFrom(...MONTHS),
});
// Any minute from 2020 to 2030: daylight-saving days, month ends and leap days come up.
const instants = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }).map((ms) => DateTime.fromMillis(Math.floor(ms / 60_000) * 60_000));
const dates = fc.integer({ min: Date.UTC(2019, 8, 1), max: Date.UTC(2029, 11, 31) }).map((ms) => DateTime.fromMillis(ms, { zone: 'UTC' }).toFormat('yyyy-LL-dd'));

describe('the interval a window gets (product §9, decision 0036)', () => {
  it('every time option at any moment, in any calendar, gets an interval its window allows, or none only from 365 days or under one hour', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TIME_OPTIONS), instants, calendars, dates, dates, (option, now, calendar, a, b) => {
        const [startDate, endDate] = a <= b ? [a, b] : [b, a];
        const periods = [{ id: 'p', name: 'P', start_date: startDate, end_date: endDate, days: 1 }];
        const window = windowOf(option, { now, calendar, startDate, endDate, customPeriods: periods });
        if (!window) return;
        const chosen = defaultInterval(window, calendar);
        const days = localDays(window, calendar);
        const hours = window.end.diff(window.start, 'hours').hours;
        if (chosen === null) {
          expect(days >= 365 || hours < 1).toBe(true);
          expect(allowedIntervals(window, calendar)).toEqual([]);
        } else {
          expect(intervalProblem(chosen, window, calendar)).toBeNull();
          expect(allowedIntervals(window, calendar)).toContain(chosen);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps product §9’s default by length whenever the window allows it', () => {
    fc.assert(
      fc.property(instants, calendars, fc.integer({ min: 1, max: 400 }), (now, calendar, length) => {
        const end = now.setZone(calendar.timezone).toFormat('yyyy-LL-dd');
        const start = now.setZone(calendar.timezone).minus({ days: length - 1 }).toFormat('yyyy-LL-dd');
        const window = windowOf('time_range', { now: now.plus({ days: 2 }), calendar, startDate: start, endDate: end });
        if (!window) return;
        const preferred = lengthDefaultInterval(localDays(window, calendar));
        if (preferred && intervalProblem(preferred, window, calendar) === null) expect(defaultInterval(window, calendar)).toBe(preferred);
      }),
    );
  });

  it.each([
    [60, 'week'],
    [61, 'month'],
    [89, 'month'],
    [90, 'month'],
    [364, 'month'],
    [365, null],
  ])('a time range of %i days defaults to %s', (length, expected) => {
    const calendar: FactoryCalendar = { timezone: 'Europe/Paris', production_day_minutes_from_midnight: 0, week_first_day: 'monday', year_first_month: 'january' };
    const now = DateTime.fromISO('2026-06-30T12:00', { zone: calendar.timezone });
    const startDate = now.minus({ days: length + 1 }).toFormat('yyyy-LL-dd');
    const endDate = now.minus({ days: 2 }).toFormat('yyyy-LL-dd');
    const window = windowOf('time_range', { now, calendar, startDate, endDate })!;
    expect(defaultInterval(window, calendar)).toBe(expected);
  });

  it('a week that began 30 minutes ago has no interval yet (hour needs one hour)', () => {
    const calendar: FactoryCalendar = { timezone: 'America/Toronto', production_day_minutes_from_midnight: 0, week_first_day: 'monday', year_first_month: 'january' };
    const now = DateTime.fromISO('2026-11-23T00:30', { zone: calendar.timezone });
    const window = windowOf('week', { now, calendar })!;
    expect(defaultInterval(window, calendar)).toBeNull();
    expect(INTERVALS.map((interval) => intervalProblem(interval, window, calendar))).toEqual(['too_short', 'too_short', 'too_short', 'too_short']);
  });
});
