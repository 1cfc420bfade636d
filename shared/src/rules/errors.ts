/**
 * Stable error codes the api returns in `{ errors: [{ code, arguments, message }] }` and the front end
 * translates (SPEC §8). `message` is an English fallback for logs and API users; screens use the code.
 */
export const ERROR_CODES = {
  unexpected: 'GEN_500',
  unauthenticated: 'AUTH_401',
  forbidden: 'AUTH_403',
  notEnabled: 'AUTH_NOT_ENABLED',
  adminRequired: 'AUTH_ADMIN_REQUIRED',
  notFound: 'GEN_404',
  validation: 'GEN_VALIDATION',
  requiredField: 'GEN_REQUIRED',
  preferencesInvalid: 'PREF_INVALID',
  factoryDuplicateName: 'CS_FAC_PUT_20001',
  factoryNotFound: 'CS_FAC_404',
  factoryNameRequired: 'CS_FAC_NAME_REQUIRED',
  factoryNameTooLong: 'CS_FAC_NAME_TOO_LONG',
  factoryNameInvalid: 'CS_FAC_NAME_INVALID',
  factoryObjectiveInvalid: 'CS_FAC_OBJECTIVE_INVALID',
  factoryTimezoneInvalid: 'CS_FAC_TIMEZONE_INVALID',
  factoryHourInvalid: 'CS_FAC_HOUR_INVALID',
  factoryMinuteInvalid: 'CS_FAC_MINUTE_INVALID',
  factoryMonthInvalid: 'CS_FAC_MONTH_INVALID',
  factoryDayInvalid: 'CS_FAC_DAY_INVALID',
  factoryCurrencyInvalid: 'CS_FAC_CURRENCY_INVALID',
  accountNotFound: 'ACC_404',
  customPeriodNameRequired: 'CP_NAME_REQUIRED',
  customPeriodNameTooLong: 'CP_NAME_TOO_LONG',
  customPeriodNameInvalid: 'CP_NAME_INVALID',
  customPeriodStartRequired: 'CP_START_REQUIRED',
  customPeriodEndRequired: 'CP_END_REQUIRED',
  customPeriodStartNotBeforeEnd: 'CP_START_NOT_BEFORE_END',
  customPeriodTooLong: 'CP_TOO_LONG',
  customPeriodDuplicateName: 'CP_DUPLICATE_NAME',
  customPeriodOverlap: 'CP_OVERLAP',
  customPeriodNotFound: 'CP_404',
  reportLimitReached: 'RPT_LIMIT_REACHED',
  reportNotFound: 'RPT_404',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export interface ApiErrorItem {
  code: string;
  /** Values for the translated message's placeholders, e.g. `{ name: 'Lyon' }`. */
  arguments: Record<string, string | number>;
  message: string;
}

export interface ApiErrorBody {
  errors: ApiErrorItem[];
}
