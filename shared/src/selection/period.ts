import { atom, useAtomValue, useSetAtom } from 'jotai';
import { DateTime } from 'luxon';
import { useCallback } from 'react';
import { usePreferences, useUser } from '../state/hooks';
import { useSavePreferences } from '../state/preferences';
import { periodFilePart } from '../ui/export-file';
import {
  DATA_AVAILABLE_FROM,
  DATE_FORMAT,
  DEFAULT_COMPANY_OVERVIEW_TIME_OPTION,
  DEFAULT_PREFERENCE_TIME_OPTION,
  productionDayOf,
  windowOf,
  type AnalyticsWindow,
  type CustomPeriod,
  type FactoryCalendar,
  type Preferences,
  type TimeOption,
  type TimeWindow,
} from '@linepulse/contracts';

/** The period of the overview and dashboard: a time option, with dates for time_range (yyyy-LL-dd, end inclusive). */
export interface PeriodSelection {
  option: TimeOption;
  startDate: string | null;
  endDate: string | null;
}

/**
 * Marks that a user of this browser chose a period, so last7days (the preference default) is kept too.
 * The key is followed by `:` and the user's id: another user signing in on the same browser (a shared
 * shop-floor PC, an admin trying a supervisor's account) starts from their own preferences.
 */
export const PERIOD_CHOSEN_STORAGE_KEY = 'linepulse.overview.periodChosen';

/** The flag's key for one user (none before sign-in: nothing is read nor written then). */
function chosenKey(userId: string | undefined): string | null {
  return userId ? `${PERIOD_CHOSEN_STORAGE_KEY}:${userId}` : null;
}

/** The period chosen in this session, before (or without) the preferences round trip. */
export const periodAtom = atom<PeriodSelection | null>(null);

function readChosenFlag(key: string | null): boolean {
  if (key === null) return false;
  try {
    return globalThis.localStorage?.getItem(key) === '1';
  } catch {
    return false;
  }
}

/**
 * The period to show: the one chosen in this session, else the saved preference when the user ever
 * chose one, else the company overview's default, lastday (product §4). A stored preference equal to the
 * preference default (last7days, no dates) counts as chosen only when this browser saw the choice.
 */
export function effectivePeriod(session: PeriodSelection | null, preferences: Preferences, chosenFlag: boolean): PeriodSelection {
  if (session) return session;
  const t = preferences.tilelytics;
  const stored: PeriodSelection = { option: t.selected_time_option, startDate: t.selected_start_date, endDate: t.selected_end_date };
  const isDefault = stored.option === DEFAULT_PREFERENCE_TIME_OPTION && !stored.startDate && !stored.endDate;
  if (!isDefault || chosenFlag) {
    if (stored.option === 'time_range' && (!stored.startDate || !stored.endDate)) {
      return { option: DEFAULT_COMPANY_OVERVIEW_TIME_OPTION, startDate: null, endDate: null };
    }
    return stored;
  }
  return { option: DEFAULT_COMPANY_OVERVIEW_TIME_OPTION, startDate: null, endDate: null };
}

/** The period a user's pages show (`effectivePeriod`, with this browser's flag for that user). */
export function userPeriod(session: PeriodSelection | null, preferences: Preferences, userId: string | undefined): PeriodSelection {
  return effectivePeriod(session, preferences, readChosenFlag(chosenKey(userId)));
}

/** The period and a setter that also saves it to the preferences (product §4). */
export function usePeriod(): [PeriodSelection, (next: PeriodSelection) => void] {
  const session = useAtomValue(periodAtom);
  const preferences = usePreferences();
  const setSession = useSetAtom(periodAtom);
  const savePreferences = useSavePreferences();
  const userId = useUser()?.user_id;
  const key = chosenKey(userId);
  const period = userPeriod(session, preferences, userId);
  const setPeriod = useCallback(
    (next: PeriodSelection) => {
      const clean: PeriodSelection =
        next.option === 'time_range' ? next : { option: next.option, startDate: null, endDate: null };
      setSession(clean);
      try {
        if (key !== null) globalThis.localStorage?.setItem(key, '1');
      } catch {
        // Private browsing: the choice still holds for this session.
      }
      void savePreferences({
        tilelytics: { selected_time_option: clean.option, selected_start_date: clean.startDate, selected_end_date: clean.endDate },
      });
    },
    [setSession, savePreferences, key],
  );
  return [period, setPeriod];
}

/** The window part of an analytics request. */
export function periodRequest(period: PeriodSelection): AnalyticsWindow {
  if (period.option === 'time_range' && period.startDate && period.endDate) {
    return { time_option: 'time_range', start_date: period.startDate, end_date: period.endDate };
  }
  return { time_option: period.option };
}

/** The period's window in a factory's calendar (null: no such custom period, or no dates). */
export function periodWindow(
  period: PeriodSelection,
  calendar: FactoryCalendar,
  customPeriods: readonly CustomPeriod[],
  now: DateTime = DateTime.now(),
): TimeWindow | null {
  return windowOf(period.option, { now, calendar, startDate: period.startDate, endDate: period.endDate, customPeriods });
}

/** Custom-period options that have no window for the account (no current or past custom period): shown disabled. */
export function unavailablePeriodOptions(calendar: FactoryCalendar | undefined, customPeriods: readonly CustomPeriod[]): TimeOption[] {
  if (!calendar) return [];
  return (['current_custom_period', 'last_custom_period'] as const).filter(
    (option) => periodWindow({ option, startDate: null, endDate: null }, calendar, customPeriods) === null,
  );
}

/** The period in a file name: the option, then its production days (one day named once, `periodFilePart`). */
export function periodFileLabel(period: PeriodSelection, window: TimeWindow | null, calendar: FactoryCalendar | null): string {
  if (period.option === 'time_range' && period.startDate && period.endDate) return periodFilePart(null, period.startDate, period.endDate);
  if (!window || !calendar) return period.option;
  // Production days, not calendar dates: yesterday in a factory whose day starts at 05:00 ends at 05:00
  // today, and its last millisecond's date is today's (the one day was named as two).
  return periodFilePart(period.option, productionDayOf(window.start, calendar), productionDayOf(window.end.minus({ milliseconds: 1 }), calendar));
}

export type DateRangeProblem = 'startRequired' | 'endRequired' | 'format' | 'beforeDataStart' | 'startAfterEnd' | 'future';

/** Today's date in the browser's zone (the latest date a range may end on). */
export function today(): string {
  return DateTime.now().toFormat(DATE_FORMAT);
}

export { DATA_AVAILABLE_FROM, DATE_FORMAT };
