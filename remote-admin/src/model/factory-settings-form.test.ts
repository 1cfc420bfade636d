import { DateTime } from 'luxon';
import { ERROR_CODES } from '@linepulse/contracts';
import { calendarChanged, calendarExample, projectedOee, settingsOf, settingsProblems, type SettingsValues } from './factory-settings-form';

const CURRENCIES = ['EUR', 'CAD', 'USD'];
const valid: SettingsValues = {
  name: 'Lyon Nord',
  primary_language: 'fr',
  timezone: 'Europe/Paris',
  year_first_month: 'january',
  week_first_day: 'monday',
  production_hour: '6',
  production_minute: '30',
  is_calendar_day_business_day: true,
  currency: 'EUR',
  availability: '90',
  performance: '95',
  quality: '99',
};
const codesOf = (values: Partial<SettingsValues>) =>
  Object.fromEntries(Object.entries(settingsProblems({ ...valid, ...values }, CURRENCIES)).map(([field, problem]) => [field, problem?.code]));

test('valid settings have no problem and become what the api takes', () => {
  expect(codesOf({})).toEqual({});
  expect(settingsOf(valid)).toEqual({
    name: 'Lyon Nord',
    primary_language: 'fr',
    timezone: 'Europe/Paris',
    year_first_month: 'january',
    week_first_day: 'monday',
    currency: 'EUR',
    production_day_minutes_from_midnight: 390,
    is_calendar_day_business_day: true,
    objectives: [
      { objective_type: 'availability', value: 90 },
      { objective_type: 'performance', value: 95 },
      { objective_type: 'quality', value: 99 },
    ],
  });
});

test('the name: required, at most 100 characters, letters, digits, hyphen, underscore and space', () => {
  expect(codesOf({ name: '  ' })).toEqual({ name: ERROR_CODES.factoryNameRequired });
  expect(codesOf({ name: 'x'.repeat(101) })).toEqual({ name: ERROR_CODES.factoryNameTooLong });
  expect(codesOf({ name: 'Lyon/Nord' })).toEqual({ name: ERROR_CODES.factoryNameInvalid });
  expect(codesOf({ name: 'Évry_2 - Sud' })).toEqual({});
});

test('the calendar: a known time zone, hour 0–23 and minute 0–59 each said on its own field', () => {
  expect(codesOf({ timezone: 'Mars/Olympus' })).toEqual({ timezone: ERROR_CODES.factoryTimezoneInvalid });
  expect(codesOf({ production_hour: '24' })).toEqual({ production_hour: ERROR_CODES.factoryHourInvalid });
  expect(codesOf({ production_hour: '' })).toEqual({ production_hour: ERROR_CODES.factoryHourInvalid });
  expect(codesOf({ production_minute: '60' })).toEqual({ production_minute: ERROR_CODES.factoryMinuteInvalid });
  expect(codesOf({ production_minute: '7.5' })).toEqual({ production_minute: ERROR_CODES.factoryMinuteInvalid });
  expect(codesOf({ production_hour: '23', production_minute: '59' })).toEqual({});
});

test('the currency must be one of the currency list', () => {
  expect(codesOf({ currency: 'XYZ' })).toEqual({ currency: ERROR_CODES.factoryCurrencyInvalid });
});

test('objectives are whole numbers from 1 to 100, each said under its own field; the OEE target follows live', () => {
  expect(codesOf({ availability: '0' })).toEqual({ availability: ERROR_CODES.factoryObjectiveInvalid });
  expect(codesOf({ performance: '101' })).toEqual({ performance: ERROR_CODES.factoryObjectiveInvalid });
  expect(codesOf({ quality: '99.5' })).toEqual({ quality: ERROR_CODES.factoryObjectiveInvalid });
  expect(codesOf({ quality: 'abc', availability: '' })).toEqual({
    availability: ERROR_CODES.factoryObjectiveInvalid,
    quality: ERROR_CODES.factoryObjectiveInvalid,
  });
  expect(projectedOee(valid)).toBe(84.65);
  expect(projectedOee({ ...valid, quality: '100', performance: '100', availability: '100' })).toBe(100);
  expect(projectedOee({ ...valid, quality: '' })).toBeNull();
});

test('the live example: yesterday, this week and this year in the factory’s zone from its production-day start', () => {
  // Wednesday 18 November 2026, 05:00 in Paris: before the 06:30 start, so still Tuesday's production day.
  const now = DateTime.fromISO('2026-11-18T05:00:00', { zone: 'Europe/Paris' });
  const example = calendarExample(valid, now);
  const local = (t: DateTime) => t.toFormat('yyyy-LL-dd HH:mm');
  expect(example.map((e) => [e.option, local(e.start), local(e.end)])).toEqual([
    ['lastday', '2026-11-16 06:30', '2026-11-17 06:30'],
    ['week', '2026-11-16 06:30', '2026-11-18 05:00'],
    ['year', '2026-01-01 06:30', '2026-11-18 05:00'],
  ]);
  // A year starting in April and weeks on Sunday move the example at once.
  const fiscal = calendarExample({ ...valid, year_first_month: 'april', week_first_day: 'sunday', production_hour: '0', production_minute: '0' }, now);
  expect(fiscal.map((e) => local(e.start))).toEqual(['2026-11-17 00:00', '2026-11-15 00:00', '2026-04-01 00:00']);
  // While the start is not a valid time there is no example (an hour of 25 would make no window).
  for (const production_hour of ['x', '25', '-1']) expect(calendarExample({ ...valid, production_hour }, now)).toEqual([]);
  expect(calendarExample({ ...valid, production_minute: '60' }, now)).toEqual([]);
  expect(calendarExample({ ...valid, timezone: 'Mars/Olympus' }, now)).toEqual([]);
});

test('what alters past figures among the settings: the calendar ones, not name, currency or objectives', () => {
  expect(calendarChanged(valid, { ...valid, name: 'Other', currency: 'CAD', availability: '80' })).toBe(false);
  expect(calendarChanged(valid, { ...valid, timezone: 'Europe/London' })).toBe(true);
  expect(calendarChanged(valid, { ...valid, production_minute: '0' })).toBe(true);
  expect(calendarChanged(valid, { ...valid, is_calendar_day_business_day: false })).toBe(true);
});
