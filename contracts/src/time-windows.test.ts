import { DateTime } from 'luxon';
import { defaultInterval, intervalProblem } from './intervals';
import {
  addDateDays,
  addDateMonths,
  isCalendarDate,
  localDays,
  monthStartOf,
  weekStartOf,
  yearStartOf,
  precedingPeriods,
  productionDayOf,
  productionDayStart,
  windowOf,
  type FactoryCalendar,
  type TimeWindow,
} from './time-windows';

const montreal: FactoryCalendar = {
  timezone: 'America/Toronto',
  production_day_minutes_from_midnight: 0,
  week_first_day: 'monday',
  year_first_month: 'january',
};
const hours = (w: TimeWindow): number => w.end.diff(w.start, 'hours').hours;
const local = (w: TimeWindow, zone: string): [string, string] => [
  w.start.setZone(zone).toFormat("yyyy-LL-dd'T'HH:mm"),
  w.end.setZone(zone).toFormat("yyyy-LL-dd'T'HH:mm"),
];
const at = (iso: string, zone: string): DateTime => DateTime.fromISO(iso, { zone });

describe('production days', () => {
  it('a production day starting at an odd minute (06:17) holds the instants from 06:17 to 06:16:59 next day', () => {
    const calendar = { ...montreal, production_day_minutes_from_midnight: 6 * 60 + 17 };
    expect(productionDayOf(at('2024-05-02T06:16:59', calendar.timezone), calendar)).toBe('2024-05-01');
    expect(productionDayOf(at('2024-05-02T06:17:00', calendar.timezone), calendar)).toBe('2024-05-02');
    expect(productionDayStart('2024-05-02', calendar).toISO()).toBe('2024-05-02T06:17:00.000-04:00');
  });

  it('the spring daylight-saving day lasts 23 hours and the autumn one 25, on the wall clock', () => {
    const now = at('2024-12-01T12:00', montreal.timezone);
    const spring = windowOf('time_range', { now, calendar: montreal, startDate: '2024-03-10', endDate: '2024-03-10' })!;
    const autumn = windowOf('time_range', { now, calendar: montreal, startDate: '2024-11-03', endDate: '2024-11-03' })!;
    expect(hours(spring)).toBe(23);
    expect(hours(autumn)).toBe(25);
    expect(localDays(spring, montreal)).toBe(1);
    expect(localDays(autumn, montreal)).toBe(1);
  });

  it('in Lyon the days follow Europe/Paris daylight saving (31 March 2024 is 23 hours)', () => {
    const lyon = { ...montreal, timezone: 'Europe/Paris' };
    const now = at('2024-06-01T12:00', lyon.timezone);
    expect(hours(windowOf('time_range', { now, calendar: lyon, startDate: '2024-03-31', endDate: '2024-03-31' })!)).toBe(23);
  });
});

describe('time options (docs/domain.md §2)', () => {
  const now = at('2024-05-15T10:30', montreal.timezone); // a Wednesday

  it('lastday is yesterday, whole; day is today so far', () => {
    expect(local(windowOf('lastday', { now, calendar: montreal })!, montreal.timezone)).toEqual(['2024-05-14T00:00', '2024-05-15T00:00']);
    expect(local(windowOf('day', { now, calendar: montreal })!, montreal.timezone)).toEqual(['2024-05-15T00:00', '2024-05-15T10:30']);
  });

  it('weeks start on the factory’s first day of week (Monday, or Sunday)', () => {
    expect(local(windowOf('week', { now, calendar: montreal })!, montreal.timezone)[0]).toBe('2024-05-13T00:00');
    expect(local(windowOf('lastweek', { now, calendar: montreal })!, montreal.timezone)).toEqual(['2024-05-06T00:00', '2024-05-13T00:00']);
    const sunday = { ...montreal, week_first_day: 'sunday' as const };
    expect(local(windowOf('week', { now, calendar: sunday })!, montreal.timezone)[0]).toBe('2024-05-12T00:00');
    expect(local(windowOf('lastweek', { now, calendar: sunday })!, montreal.timezone)).toEqual(['2024-05-05T00:00', '2024-05-12T00:00']);
  });

  it('months are the production days of a calendar month', () => {
    const calendar = { ...montreal, production_day_minutes_from_midnight: 6 * 60 };
    expect(local(windowOf('lastmonth', { now, calendar })!, montreal.timezone)).toEqual(['2024-04-01T06:00', '2024-05-01T06:00']);
    expect(local(windowOf('month', { now, calendar })!, montreal.timezone)[0]).toBe('2024-05-01T06:00');
  });

  it('a fiscal year starting in April', () => {
    const fiscal = { ...montreal, year_first_month: 'april' as const };
    expect(local(windowOf('year', { now, calendar: fiscal })!, montreal.timezone)[0]).toBe('2024-04-01T00:00');
    const february = at('2024-02-10T08:00', montreal.timezone);
    expect(local(windowOf('year', { now: february, calendar: fiscal })!, montreal.timezone)[0]).toBe('2023-04-01T00:00');
  });

  it('last7days is the 7 production days ending with today, today so far', () => {
    expect(local(windowOf('last7days', { now, calendar: montreal })!, montreal.timezone)).toEqual(['2024-05-09T00:00', '2024-05-15T10:30']);
  });

  it('time_range runs from the start date’s production day to the end of the end date’s (end inclusive)', () => {
    const w = windowOf('time_range', { now, calendar: montreal, startDate: '2024-05-01', endDate: '2024-05-03' })!;
    expect(local(w, montreal.timezone)).toEqual(['2024-05-01T00:00', '2024-05-04T00:00']);
    expect(windowOf('time_range', { now, calendar: montreal, startDate: '2024-05-01', endDate: null })).toBeNull();
  });

  it('custom periods: the one containing today, and the latest that ended before today', () => {
    const customPeriods = [
      { id: '1', name: 'Q1', start_date: '2024-01-01', end_date: '2024-03-31', days: 91 },
      { id: '2', name: 'Apr', start_date: '2024-04-01', end_date: '2024-04-30', days: 30 },
      { id: '3', name: 'May', start_date: '2024-05-01', end_date: '2024-05-31', days: 31 },
    ];
    expect(local(windowOf('current_custom_period', { now, calendar: montreal, customPeriods })!, montreal.timezone)).toEqual(['2024-05-01T00:00', '2024-05-15T10:30']);
    expect(local(windowOf('last_custom_period', { now, calendar: montreal, customPeriods })!, montreal.timezone)).toEqual(['2024-04-01T00:00', '2024-05-01T00:00']);
    expect(windowOf('current_custom_period', { now, calendar: montreal, customPeriods: [] })).toBeNull();
  });

  it('windows are clipped to 1 September 2019 and to now', () => {
    const w = windowOf('time_range', { now, calendar: montreal, startDate: '2019-08-01', endDate: '2024-12-31' })!;
    expect(local(w, montreal.timezone)).toEqual(['2019-09-01T00:00', '2024-05-15T10:30']);
    expect(windowOf('time_range', { now, calendar: montreal, startDate: '2019-01-01', endDate: '2019-02-01' })).toBeNull();
  });

  it('dates at the edges of yyyy-LL-dd are clipped like any other, never computed past (issue 21)', () => {
    // The day after 9999-12-31 has a five-digit year: it used to be computed, and failed.
    const far = windowOf('time_range', { now, calendar: montreal, startDate: '2024-05-01', endDate: '9999-12-31' })!;
    expect(local(far, montreal.timezone)).toEqual(['2024-05-01T00:00', '2024-05-15T10:30']);
    expect(windowOf('time_range', { now, calendar: montreal, startDate: '9999-12-30', endDate: '9999-12-31' })).toBeNull();
    expect(windowOf('time_range', { now, calendar: montreal, startDate: '0000-01-01', endDate: '0000-01-01' })).toBeNull();
    const whole = windowOf('time_range', { now, calendar: montreal, startDate: '0001-01-01', endDate: '9999-12-31' })!;
    expect(local(whole, montreal.timezone)).toEqual(['2019-09-01T00:00', '2024-05-15T10:30']);
    // A custom period reaching the last date: the current one, clipped to now.
    const customPeriods = [{ id: '1', name: 'Far', start_date: '2024-05-10', end_date: '9999-12-31', days: 2_914_224 }];
    expect(local(windowOf('current_custom_period', { now, calendar: montreal, customPeriods })!, montreal.timezone)).toEqual(['2024-05-10T00:00', '2024-05-15T10:30']);
  });

  it('a calendar date is a string yyyy-LL-dd naming a day that exists, years 0001 to 9999', () => {
    for (const date of ['2024-02-29', '0001-01-01', '9999-12-31', '2019-09-01']) expect([date, isCalendarDate(date)]).toEqual([date, true]);
    for (const value of ['2023-02-29', '2024-13-01', '2024-00-10', '2024-01-00', '0000-01-01', '+010000-01-01', '275760-09-13', '2024-1-1', ' 2024-01-01', '', 20260201, null, undefined, true, {}, [], ['2024-01-01']]) {
      expect([value, isCalendarDate(value)]).toEqual([value, false]);
    }
  });
});

describe('preceding periods', () => {
  const now = at('2024-05-15T10:30', montreal.timezone);
  it('11 months before last month', () => {
    const w = windowOf('lastmonth', { now, calendar: montreal })!;
    const previous = precedingPeriods('lastmonth', w, montreal, 11);
    expect(previous).toHaveLength(11);
    expect(local(previous[0]!, montreal.timezone)).toEqual(['2024-03-01T00:00', '2024-04-01T00:00']);
    expect(local(previous[10]!, montreal.timezone)).toEqual(['2023-05-01T00:00', '2023-06-01T00:00']);
  });
  it('the 7 days before a last-7-days window', () => {
    const w = windowOf('last7days', { now, calendar: montreal })!;
    expect(local(precedingPeriods('last7days', w, montreal, 1)[0]!, montreal.timezone)).toEqual(['2024-05-02T00:00', '2024-05-09T00:00']);
  });
});

describe('intervals (product §9)', () => {
  const now = at('2025-12-31T12:00', montreal.timezone);
  const range = (startDate: string, endDate: string): TimeWindow => windowOf('time_range', { now, calendar: montreal, startDate, endDate })!;

  it.each([
    ['2024-05-01', '2024-05-06', 'hour'],
    ['2024-05-01', '2024-05-07', 'day'],
    ['2024-05-01', '2024-05-29', 'day'],
    ['2024-05-01', '2024-05-30', 'week'],
    ['2024-05-01', '2024-06-29', 'week'],
    ['2024-05-01', '2024-06-30', 'month'],
    ['2024-05-01', '2024-07-29', 'month'],
    ['2024-05-01', '2025-04-29', 'month'],
    ['2024-05-01', '2025-04-30', null],
  ])('%s → %s defaults to %s', (start, end, expected) => {
    expect(defaultInterval(range(start, end), montreal)).toBe(expected);
  });

  it('refuses intervals above their maximum and below their minimum, and everything from 365 days', () => {
    expect(intervalProblem('hour', range('2024-05-01', '2024-05-14'), montreal)).toBeNull();
    expect(intervalProblem('hour', range('2024-05-01', '2024-05-15'), montreal)).toBe('too_long');
    expect(intervalProblem('week', range('2024-05-01', '2024-05-06'), montreal)).toBe('too_short');
    expect(intervalProblem('month', range('2024-05-01', '2024-05-30'), montreal)).toBe('too_short');
    expect(intervalProblem('month', range('2024-05-01', '2024-05-31'), montreal)).toBeNull();
    expect(intervalProblem('month', range('2024-05-01', '2025-04-30'), montreal)).toBe('not_allowed');
    const halfHour = { start: at('2024-05-01T10:00', montreal.timezone), end: at('2024-05-01T10:30', montreal.timezone) };
    expect(intervalProblem('hour', halfHour, montreal)).toBe('too_short');
  });
});

describe('date arithmetic on yyyy-LL-dd strings', () => {
  it('adds days across months, years and a leap day', () => {
    expect(addDateDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDateDays('2024-02-29', 1)).toBe('2024-03-01');
    expect(addDateDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(addDateDays('2023-03-26', 365)).toBe('2024-03-25');
  });
  it('adds months with the day clamped to the month length', () => {
    expect(addDateMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addDateMonths('2024-12-01', 1)).toBe('2025-01-01');
    expect(addDateMonths('2024-03-15', -3)).toBe('2023-12-15');
  });
  it('finds week, month and fiscal-year starts', () => {
    const sunday = { timezone: 'UTC', production_day_minutes_from_midnight: 0, week_first_day: 'sunday', year_first_month: 'april' } as const;
    expect(weekStartOf('2026-11-25', sunday)).toBe('2026-11-22');
    expect(weekStartOf('2026-11-22', sunday)).toBe('2026-11-22');
    expect(monthStartOf('2026-11-25')).toBe('2026-11-01');
    expect(yearStartOf('2026-03-31', sunday)).toBe('2025-04-01');
    expect(yearStartOf('2026-04-01', sunday)).toBe('2026-04-01');
  });
  it('refuses what is not a date', () => {
    expect(() => addDateDays('2026-1-5', 1)).toThrow(RangeError);
  });
});

describe('the production day of an instant on a daylight-saving day', () => {
  const calendar: FactoryCalendar = { ...montreal, production_day_minutes_from_midnight: 6 * 60 };
  it('05:00–06:00 on the fall-back day still belongs to the day before when days start at 06:00', () => {
    // 1 November 2026: 02:00 EDT becomes 01:00 EST; the day of 1 November starts at 06:00 EST.
    expect(productionDayOf(at('2026-11-01T05:30', calendar.timezone), calendar)).toBe('2026-10-31');
    expect(productionDayOf(at('2026-11-01T06:00', calendar.timezone), calendar)).toBe('2026-11-01');
  });
  it('agrees with productionDayStart at every minute around both changes', () => {
    for (const first of ['2026-03-07T00:00', '2026-10-31T00:00']) {
      for (let m = 0; m < 3 * 24 * 60; m += 7) {
        const instant = at(first, calendar.timezone).plus({ minutes: m });
        const day = productionDayOf(instant, calendar);
        expect(productionDayStart(day, calendar).toMillis()).toBeLessThanOrEqual(instant.toMillis());
        expect(productionDayStart(addDateDays(day, 1), calendar).toMillis()).toBeGreaterThan(instant.toMillis());
      }
    }
  });
});
