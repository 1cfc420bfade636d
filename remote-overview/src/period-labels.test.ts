import type { FactoryCalendar } from '@linepulse/contracts';
import { bucketLabels, daysLabels, periodDays } from './period-labels';

const lyon: FactoryCalendar = { timezone: 'Europe/Paris', production_day_minutes_from_midnight: 300, week_first_day: 'monday', year_first_month: 'january' };
const repeated = (label: string): string => `${label} (repeated hour)`;
/** Intl puts thin and no-break spaces around range dashes and in dates: compared as plain spaces. */
const plain = (labels: string[]): string[] => labels.map((label) => label.replace(/[\u2009\u202f\u00a0]/g, ' '));

describe('period labels (issue 22: trend labels read whole, by period length, en/fr/es)', () => {
  it('a week of production days starting at 05:00 reads 16–22 Nov, not up to the 23rd its end instant falls on', () => {
    const week = periodDays({ start_time: '2026-11-16T04:00:00.000Z', end_time: '2026-11-23T04:00:00.000Z' }, lyon);
    expect(week).toEqual({ first: '2026-11-16', last: '2026-11-22' });
    expect(plain(daysLabels([week], 'en').axis)).toEqual(['Nov 16 – 22, 2026']);
    expect(plain(daysLabels([week], 'fr').axis)).toEqual(['16–22 nov. 2026']);
    expect(plain(daysLabels([week], 'es').axis)).toEqual(['16–22 nov 2026']);
  });

  it('twelve weeks: the year on the first label and where it changes only, in full in the tooltip', () => {
    const weeks = Array.from({ length: 12 }, (_, i) => {
      const first = new Date(Date.UTC(2025, 10, 10 + 7 * i)).toISOString().slice(0, 10);
      const last = new Date(Date.UTC(2025, 10, 16 + 7 * i)).toISOString().slice(0, 10);
      return { first, last };
    });
    const labels = daysLabels(weeks, 'fr');
    const [axis, full] = [plain(labels.axis), plain(labels.full)];
    expect(axis[0]).toBe('10–16 nov. 2025');
    expect(axis[1]).toBe('17–23 nov.');
    expect(axis[3]).toBe('1–7 déc.');
    expect(axis[7]).toBe('29 déc. 2025 – 4 janv. 2026');
    expect(axis[8]).toBe('5–11 janv.');
    expect(full[8]).toBe('5–11 janv. 2026');
    for (const label of axis) expect(label).not.toMatch(/…/);
  });

  it('days, months and long ranges', () => {
    expect(plain(daysLabels([{ first: '2026-11-13', last: '2026-11-13' }, { first: '2026-11-14', last: '2026-11-14' }], 'en').axis)).toEqual(['Nov 13, 2026', 'Nov 14']);
    expect(plain(daysLabels([{ first: '2026-11-01', last: '2026-11-30' }], 'es').axis)).toEqual(['nov 2026']);
    expect(plain(daysLabels([{ first: '2026-09-17', last: '2026-11-25' }], 'en').axis)).toEqual(['Sep – Nov 2026']);
    expect(plain(daysLabels([{ first: '2026-10-28', last: '2026-11-03' }], 'en').full)).toEqual(['Oct 28 – Nov 3, 2026']);
  });

  it('interval buckets: hours at their local wall-clock time, the fall-back’s second hour said so; weeks and months as production days', () => {
    expect(plain(bucketLabels(['2026-10-25T02:00', '2026-10-25T02:00#2'], 'hour', 'en', repeated).axis)).toEqual(['Oct 25, 02:00', 'Oct 25, 02:00 (repeated hour)']);
    expect(plain(bucketLabels(['2026-11-25T06:00'], 'hour', 'fr', repeated).full)).toEqual(['25 nov. 2026, 06:00']);
    expect(plain(bucketLabels(['2026-11-16', '2026-11-23'], 'week', 'en', repeated).axis)).toEqual(['Nov 16 – 22, 2026', 'Nov 23 – 29']);
    expect(plain(bucketLabels(['2026-10-01', '2026-11-01'], 'month', 'es', repeated).axis)).toEqual(['oct 2026', 'nov 2026']);
  });
});
