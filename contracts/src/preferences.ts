import { DateTime } from 'luxon';
import {
  DATE_FORMAT,
  DEFAULT_LANGUAGE,
  DEFAULT_PREFERENCE_TIME_OPTION,
  DEFAULT_THEME,
  LANGUAGES,
  isLanguage,
  THEMES,
  TIME_OPTIONS,
  type ThemeName,
  type TimeOption,
} from './constants';
import type { Preferences } from './entities';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;


export function isTheme(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function isTimeOption(value: unknown): value is TimeOption {
  return typeof value === 'string' && (TIME_OPTIONS as readonly string[]).includes(value);
}

/** A yyyy-LL-dd string that is a real calendar date. */
export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && DateTime.fromFormat(value, DATE_FORMAT).isValid;
}

export function defaultPreferences(): Preferences {
  return {
    language: DEFAULT_LANGUAGE,
    theme: DEFAULT_THEME,
    tilelytics: {
      selected_time_option: DEFAULT_PREFERENCE_TIME_OPTION,
      selected_start_date: null,
      selected_end_date: null,
      selected_tilelytics_filter_id: null,
    },
  };
}

/**
 * Normalisation on load (product §4): unknown language or theme falls back to the default, an unknown
 * time option to last7days, and dates that do not parse as yyyy-LL-dd become null (invalid).
 */
export function normalisePreferences(raw: unknown): Preferences {
  const base = defaultPreferences();
  if (typeof raw !== 'object' || raw === null) return base;
  const source = raw as Record<string, unknown>;
  const t = (typeof source.tilelytics === 'object' && source.tilelytics !== null
    ? source.tilelytics
    : {}) as Record<string, unknown>;
  return {
    language: isLanguage(source.language) ? source.language : base.language,
    theme: isTheme(source.theme) ? source.theme : base.theme,
    tilelytics: {
      selected_time_option: isTimeOption(t.selected_time_option)
        ? t.selected_time_option
        : base.tilelytics.selected_time_option,
      selected_start_date: isIsoDate(t.selected_start_date) ? t.selected_start_date : null,
      selected_end_date: isIsoDate(t.selected_end_date) ? t.selected_end_date : null,
      selected_tilelytics_filter_id:
        typeof t.selected_tilelytics_filter_id === 'string' && UUID.test(t.selected_tilelytics_filter_id)
          ? t.selected_tilelytics_filter_id
          : null,
    },
  };
}

/** Problems with a preferences body sent to PUT /user/preferences; empty when valid. */
export function preferencesProblems(raw: unknown): string[] {
  const problems: string[] = [];
  if (typeof raw !== 'object' || raw === null) return ['body must be an object'];
  const source = raw as Record<string, unknown>;
  if (!isLanguage(source.language)) problems.push(`language must be one of ${LANGUAGES.join(', ')}`);
  if (!isTheme(source.theme)) problems.push(`theme must be one of ${THEMES.join(', ')}`);
  const t = source.tilelytics;
  if (typeof t !== 'object' || t === null) {
    problems.push('tilelytics must be an object');
    return problems;
  }
  const tl = t as Record<string, unknown>;
  if (!isTimeOption(tl.selected_time_option)) problems.push('tilelytics.selected_time_option is not a time option');
  for (const key of ['selected_start_date', 'selected_end_date'] as const) {
    if (tl[key] !== null && tl[key] !== undefined && !isIsoDate(tl[key])) problems.push(`tilelytics.${key} must be yyyy-LL-dd or null`);
  }
  const id = tl.selected_tilelytics_filter_id;
  if (id !== null && id !== undefined && !(typeof id === 'string' && UUID.test(id))) {
    problems.push('tilelytics.selected_tilelytics_filter_id must be a uuid or null');
  }
  return problems;
}
