import type { RemoteName } from './runtime-config';
/**
 * Stable error codes the api returns in `{ errors: [{ code, arguments, message }] }` and the front end
 * translates (product §8). `message` is an English fallback for logs and API users; screens use the code.
 */
export const ERROR_CODES = {
  unexpected: 'GEN_500',
  unauthenticated: 'AUTH_401',
  forbidden: 'AUTH_403',
  notEnabled: 'AUTH_NOT_ENABLED',
  adminRequired: 'AUTH_ADMIN_REQUIRED',
  // Opportunities and the performance-manager pages need insights_enabled or is_wx_user (product §6).
  insightsRequired: 'AUTH_INSIGHTS_REQUIRED',
  notFound: 'GEN_404',
  validation: 'GEN_VALIDATION',
  requiredField: 'GEN_REQUIRED',
  // Refusals of a request as a whole (issue 10): text that cannot be stored (NUL, unpaired surrogate),
  // a body nested too deep, and what the HTTP layer refuses before any route runs.
  textInvalid: 'GEN_TEXT_INVALID',
  nameBlank: 'GEN_NAME_BLANK',
  tooDeep: 'GEN_TOO_DEEP',
  badRequest: 'GEN_400',
  forbiddenPath: 'GEN_403',
  bodyTooLarge: 'GEN_413',
  urlTooLong: 'GEN_414',
  mediaTypeUnsupported: 'GEN_415',
  headersTooLarge: 'GEN_431',
  unavailable: 'GEN_503',
  preferencesInvalid: 'PREF_INVALID',
  preferencesFilterNotFound: 'PREF_FILTER_NOT_FOUND',
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
  factoryLanguageInvalid: 'CS_FAC_LANGUAGE_INVALID',
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
  // Scheduled e-mail reports (product §5, §8); items carry arguments.field.
  reportSubscriptionLimit: 'RPT_SUBSCRIPTION_LIMIT',
  reportSaveFailed: 'RPT_SAVE_FAILED',
  reportDeletePreviousFailed: 'RPT_DELETE_PREVIOUS_FAILED',
  reportTitleRequired: 'RPT_TITLE_REQUIRED',
  reportTitleTooLong: 'RPT_TITLE_TOO_LONG',
  reportTitleInvalid: 'RPT_TITLE_INVALID',
  reportTemplateInvalid: 'RPT_TEMPLATE_INVALID',
  reportFrequencyInvalid: 'RPT_FREQUENCY_INVALID',
  reportScheduleTypeInvalid: 'RPT_SCHEDULE_TYPE_INVALID',
  reportTimeUnitInvalid: 'RPT_TIME_UNIT_INVALID',
  reportDurationInvalid: 'RPT_DURATION_INVALID',
  reportRecipientsRequired: 'RPT_RECIPIENTS_REQUIRED',
  reportRecipientsTooMany: 'RPT_RECIPIENTS_TOO_MANY',
  reportRecipientInvalid: 'RPT_RECIPIENT_INVALID',
  reportUnitsRequired: 'RPT_UNITS_REQUIRED',
  reportUnitsTooMany: 'RPT_UNITS_TOO_MANY',
  reportShiftsRequired: 'RPT_SHIFTS_REQUIRED',
  reportShiftsTooMany: 'RPT_SHIFTS_TOO_MANY',
  reportUnitNotInFactory: 'RPT_UNIT_NOT_IN_FACTORY',
  reportShiftNotInFactory: 'RPT_SHIFT_NOT_IN_FACTORY',
  reportLanguageInvalid: 'RPT_LANGUAGE_INVALID',
  reportDayInvalid: 'RPT_DAY_INVALID',
  reportTimeInvalid: 'RPT_TIME_INVALID',
  reportTimezoneInvalid: 'RPT_TIMEZONE_INVALID',
  reportUnitsAboveRecommended: 'RPT_UNITS_ABOVE_RECOMMENDED',
  reportShiftsAboveRecommended: 'RPT_SHIFTS_ABOVE_RECOMMENDED',
  reportDeliveryNotFound: 'RPT_DELIVERY_404',
  reportUnsubscribeInvalid: 'RPT_UNSUBSCRIBE_INVALID',
  /** A recipient outside the account's domain, users and allow-list (decision 32): `index`, `address`. */
  reportRecipientNotAllowed: 'RPT_RECIPIENT_NOT_ALLOWED',
  /** The display (presenter) role writes no report and sends no test (decision 32). */
  reportRoleForbidden: 'RPT_ROLE_FORBIDDEN',
  /** 429: too many test sends; `scope` user or account, `max`, `window_minutes`, `retry_after_seconds`. */
  reportTestRateLimited: 'RPT_TEST_RATE_LIMITED',
  /** An allow-list entry that is neither an address nor `@domain`: `index`, `entry`. */
  reportAllowEntryInvalid: 'RPT_ALLOW_ENTRY_INVALID',
  /** Justification (issue 25): the display role only shows (403). */
  justificationRoleForbidden: 'JUST_ROLE_FORBIDDEN',
  /** No downtime of the unit starts at `downtime_start` (404): `production_unit_id`, `downtime_start`. */
  justificationDowntimeNotFound: 'JUST_DOWNTIME_404',
  /** A reason that is not one of the factory's (404): `id`. */
  justificationReasonNotFound: 'JUST_REASON_404',
  /** The request misses what its action needs, or `at` is not inside the downtime (400): `field`. */
  justificationInvalid: 'JUST_INVALID',
  /** Nothing to undo (409). */
  justificationNothingToUndo: 'JUST_NOTHING_TO_UNDO',
  /** A comment too long or with control characters (400): `max`. */
  justificationCommentInvalid: 'JUST_COMMENT_INVALID',
  /** An Idempotency-Key already used for another change (409). */
  justificationKeyReused: 'JUST_KEY_REUSED',
  /** Alerts (issue 25): the factory's account has no alert capability (403). */
  alertCapabilityRequired: 'ALERT_CAPABILITY_REQUIRED',
  alertRuleNotFound: 'ALERT_RULE_404',
  alertNotFound: 'ALERT_404',
  /** A watched line that is not the factory's (400): `id`. */
  alertUnitNotInFactory: 'ALERT_UNIT_NOT_IN_FACTORY',
  /** A webhook URL that is not https (http only to localhost) (400). */
  alertWebhookInvalid: 'ALERT_WEBHOOK_INVALID',
  /** A rule with neither recipients, nor webhook, nor in-app (400). */
  alertNoChannel: 'ALERT_NO_CHANNEL',
  /** A shift_projection rule without its metric (400). */
  alertMetricRequired: 'ALERT_METRIC_REQUIRED',
  /** A shift_projection rule on a factory without the objective it compares with (400): `metric`. */
  alertObjectiveMissing: 'ALERT_OBJECTIVE_MISSING',
  /** More than ALERT_RULES_MAX rules for the factory (409): `max`. */
  alertRulesTooMany: 'ALERT_RULES_TOO_MANY',
  configurationKeyDuplicate: 'CFG_KEY_DUPLICATE',
  configurationUnitUnknown: 'CFG_UNIT_UNKNOWN',
  configurationTimeInvalid: 'CFG_TIME_INVALID',
  configurationDayInvalid: 'CFG_DAY_INVALID',
  configurationKeyInvalid: 'CFG_KEY_INVALID',
  configurationInUse: 'CFG_IN_USE',
  configurationShiftOverlap: 'CFG_SHIFT_OVERLAP',
  ingestKeyNotFound: 'ING_KEY_404',
  ingestBatchSize: 'ING_BATCH_SIZE',
  ingestFieldInvalid: 'ING_FIELD_INVALID',
  ingestIdRepeated: 'ING_ID_REPEATED',
  ingestUnitUnknown: 'ING_UNIT_UNKNOWN',
  ingestProductUnknown: 'ING_PRODUCT_UNKNOWN',
  ingestReasonUnknown: 'ING_REASON_UNKNOWN',
  ingestTimeOutOfRange: 'ING_TIME_OUT_OF_RANGE',
  ingestSpanInvalid: 'ING_SPAN_INVALID',
  // Analytics requests (product §5, §9).
  analyticsUnitsRequired: 'ANL_UNITS_REQUIRED',
  analyticsUnitNotFound: 'ANL_UNIT_404',
  analyticsWindowRequired: 'ANL_WINDOW_REQUIRED',
  analyticsDateInvalid: 'ANL_DATE_INVALID',
  analyticsStartNotBeforeEnd: 'ANL_START_NOT_BEFORE_END',
  analyticsBeforeDataStart: 'ANL_BEFORE_DATA_START',
  analyticsWindowEmpty: 'ANL_WINDOW_EMPTY',
  analyticsNoCustomPeriod: 'ANL_NO_CUSTOM_PERIOD',
  analyticsIntervalNotAllowed: 'ANL_INTERVAL_NOT_ALLOWED',
  analyticsIntervalTooLong: 'ANL_INTERVAL_TOO_LONG',
  analyticsIntervalTooShort: 'ANL_INTERVAL_TOO_SHORT',
  analyticsGroupsRequired: 'ANL_GROUPS_REQUIRED',
  analyticsScopeRequired: 'ANL_SCOPE_REQUIRED',
  // Limits of analytics calls (api/README.md, Limits): window, ids per call, heavy calls.
  analyticsWindowTooLong: 'ANL_WINDOW_TOO_LONG',
  analyticsTooManyIds: 'ANL_TOO_MANY_IDS',
  analyticsHeavyCallRunning: 'ANL_HEAVY_CALL_RUNNING',
  analyticsBusy: 'ANL_BUSY',
  analyticsTimeout: 'ANL_TIMEOUT',
  // The client closed the connection while its call waited or ran: the work stops (never seen by a user).
  analyticsClientClosed: 'ANL_CLIENT_CLOSED',
  // Downtime list and production data export (issue 11).
  downtimeReasonNotFound: 'DTL_REASON_404',
  exportIntegratedOnly: 'EXP_INTEGRATED_ONLY',
  // Saved filters of the company overview (product §3, §5). Items carry arguments.field; a group's items
  // also index (from 0) and position (from 1).
  filterNotFound: 'FLT_404',
  filterNameRequired: 'FLT_NAME_REQUIRED',
  filterNameTooLong: 'FLT_NAME_TOO_LONG',
  filterNameDuplicate: 'FLT_NAME_DUPLICATE',
  filterGroupsRequired: 'FLT_GROUPS_REQUIRED',
  filterGroupNameRequired: 'FLT_GROUP_NAME_REQUIRED',
  filterGroupNameTooLong: 'FLT_GROUP_NAME_TOO_LONG',
  filterGroupNameDuplicate: 'FLT_GROUP_NAME_DUPLICATE',
  filterFactoryRequired: 'FLT_FACTORY_REQUIRED',
  filterFactoryNotFound: 'FLT_FACTORY_NOT_FOUND',
  filterLinesRequired: 'FLT_LINES_REQUIRED',
  filterShiftsRequired: 'FLT_SHIFTS_REQUIRED',
  filterLineNotInFactory: 'FLT_LINE_NOT_IN_FACTORY',
  filterShiftNotInFactory: 'FLT_SHIFT_NOT_IN_FACTORY',
  filterGroupDuplicate: 'FLT_GROUP_DUPLICATE',
  // Performance-manager pages (issue 14).
  opportunityReasonOnlyPlanned: 'OPP_REASON_ONLY_PLANNED',
  opportunityReasonNotFound: 'OPP_REASON_404',
  opportunityTargetForbidden: 'OPP_TARGET_FORBIDDEN',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/**
 * Codes a remote answers for and translates in its own messages (`error.<CODE>` in its messages.ts),
 * by prefix: only its screens call the endpoints that answer them, so the shell need not carry them
 * (decision 4, remote translations). Every other code is translated by the shell.
 */
export const REMOTE_OWNED_ERROR_PREFIXES = { reports: 'RPT_', downtime: 'JUST_' } as const satisfies Partial<Record<RemoteName, string>>;

/** Whether `code` is translated by a remote rather than by the shell. */
export function isRemoteOwnedErrorCode(code: string): boolean {
  return Object.values(REMOTE_OWNED_ERROR_PREFIXES).some((prefix) => code.startsWith(prefix));
}

export interface ApiErrorItem {
  code: string;
  /** Values for the translated message's placeholders, e.g. `{ name: 'Lyon' }`. */
  arguments: Record<string, string | number>;
  message: string;
}

export interface ApiErrorBody {
  errors: ApiErrorItem[];
}
