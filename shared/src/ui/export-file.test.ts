import { DateTime } from 'luxon';
import { windowOf, type FactoryCalendar } from '@linepulse/contracts';
import { periodFileLabel } from '../selection/period';
import { exportFileName, periodFilePart } from './export-file';

// Lyon's production day starts at 05:00: yesterday is 2026-11-24 05:00 to 2026-11-25 05:00.
const lyon: FactoryCalendar = { timezone: 'Europe/Paris', production_day_minutes_from_midnight: 5 * 60, week_first_day: 'monday', year_first_month: 'january' };
const midnight: FactoryCalendar = { ...lyon, production_day_minutes_from_midnight: 0 };
const now = DateTime.fromISO('2026-11-25T14:00', { zone: 'Europe/Paris' });
const period = (option: 'lastday' | 'last7days' | 'time_range', startDate: string | null = null, endDate: string | null = null) => ({ option, startDate, endDate });

describe('the period in an export file name', () => {
  it('names a one-day period by its one day, in a factory whose day starts at 05:00 as at midnight', () => {
    for (const calendar of [lyon, midnight]) {
      const window = windowOf('lastday', { now, calendar });
      expect(periodFileLabel(period('lastday'), window, calendar)).toBe('lastday_2026-11-24');
      expect(exportFileName('dashboard', 'Lyon', periodFileLabel(period('lastday'), window, calendar))).toBe('dashboard_lyon_lastday-2026-11-24');
    }
  });

  it('names a longer period by its first and last production day (last 7 days: today and the six before)', () => {
    expect(periodFileLabel(period('last7days'), windowOf('last7days', { now, calendar: lyon }), lyon)).toBe('last7days_2026-11-19_2026-11-25');
  });

  it('names dates picked by hand by themselves, one day once', () => {
    expect(periodFileLabel(period('time_range', '2026-11-24', '2026-11-24'), null, null)).toBe('2026-11-24');
    expect(periodFileLabel(period('time_range', '2026-11-02', '2026-11-24'), null, null)).toBe('2026-11-02_2026-11-24');
    expect(periodFilePart(null, '2026-11-24', '2026-11-24')).toBe('2026-11-24');
  });
});
