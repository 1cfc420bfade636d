/** Business constants of product §9, in one place for the api and every app. */
export const APP_VERSION = '1.6.17';

export const LANGUAGES = ['en', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Here beside the list, in a module without imports: the host's entry reads the stored language with it. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export const THEMES = ['light', 'dark', 'accessible'] as const;
export type ThemeName = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemeName = 'dark';

export const ROLES = ['supervisor', 'director', 'presenter'] as const;
export type Role = (typeof ROLES)[number];

export const TIME_OPTIONS = [
  'lastday',
  'week',
  'lastweek',
  'last7days',
  'last30days',
  'last90days',
  'month',
  'lastmonth',
  'current_custom_period',
  'last_custom_period',
  'time_range',
] as const;
export type TimeOption = (typeof TIME_OPTIONS)[number];
export const DEFAULT_PREFERENCE_TIME_OPTION: TimeOption = 'last7days';
export const DEFAULT_COMPANY_OVERVIEW_TIME_OPTION: TimeOption = 'lastday';

export const DATE_FORMAT = 'yyyy-LL-dd';
/** No production data exists before this production day (product §5). */
export const DATA_AVAILABLE_FROM = '2019-09-01';

export const MONTHS = [
  'january', 'february', 'march', 'april', 'may', 'june',
  'july', 'august', 'september', 'october', 'november', 'december',
] as const;
export type Month = (typeof MONTHS)[number];
export const WEEK_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

export const DEFAULT_CURRENCY = 'CAD';
export const DEFAULT_YEAR_FIRST_MONTH: Month = 'january';
export const DEFAULT_WEEK_FIRST_DAY: WeekDay = 'monday';

export const FACTORY_NAME_MAX = 100;
export const CUSTOM_PERIOD_NAME_MAX = 6;
export const CUSTOM_PERIOD_MAX_DAYS = 185;
export const OBJECTIVE_MIN = 1;
export const OBJECTIVE_MAX = 100;

export const ACCOUNT_SETTINGS_REFRESH_MS = 60 * 60 * 1000;
export const FACTORY_CACHE_TTL_MS = 3600 * 1000;
export const FACTORY_CACHE_CHECK_MS = 120 * 1000;
export const SNACKBAR_DURATION_MS = 5000;
export const UNKNOWN_USER_RETRY_MS = 5000;
export const CHUNK_LOAD_TIMEOUT_MS = 120 * 1000;

export const BREAKPOINTS = { sm: 600, md: 960, lg: 1264, xl: 1904 } as const;

export const CHART_COLOURS_PER_PALETTE = 9;
export const TOP_CAUSES = 5;
export const PRECEDING_PERIODS = 11;
export const FREE_PACKAGE_REPORT_LIMIT = 3;

/** Error code of product §8 for a duplicate factory name on PUT factories/{id}. */
export const FACTORY_DUPLICATE_NAME_CODE = 'CS_FAC_PUT_20001';
