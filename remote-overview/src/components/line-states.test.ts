import { DateTime } from 'luxon';
import { sinceText } from './line-states';

// Saturday 28 November 2026, 8:47 in Paris.
const NOW = Date.parse('2026-11-28T07:47:00Z');
const paris = (iso: string, locale = 'en-US') => DateTime.fromISO(iso, { zone: 'Europe/Paris' }).setLocale(locale);

test('a state that began today says the time alone', () => {
  expect(sinceText(paris('2026-11-28T06:05:00Z'), NOW)).toBe('7:05 AM');
  expect(sinceText(paris('2026-11-27T23:30:00Z', 'fr'), NOW)).toBe('00:30');
});

test('one that began in the last week says the weekday, one before that the date', () => {
  expect(sinceText(paris('2026-11-27T20:00:00Z'), NOW)).toBe('Fri 9:00 PM');
  expect(sinceText(paris('2026-11-27T20:00:00Z', 'fr'), NOW)).toBe('ven. 21:00');
  expect(sinceText(paris('2026-11-22T08:00:00Z', 'es'), NOW)).toBe('dom, 9:00');
  expect(sinceText(paris('2026-11-18T20:00:00Z'), NOW)).toBe('Nov 18, 9:00 PM');
});

test('the day is the factory’s: at 12:30 a.m. in Montréal a stop at 11 p.m. was yesterday, though both are Saturday in UTC', () => {
  const montreal = DateTime.fromISO('2026-11-28T04:00:00Z', { zone: 'America/Toronto' }).setLocale('en-US');
  expect(sinceText(montreal, Date.parse('2026-11-28T05:30:00Z'))).toBe('Fri 11:00 PM');
});
