/**
 * The public entry of @linepulse/shared, a federated singleton: the host and every remote get this one
 * instance (one MSAL instance, one API client, one store). Remotes import only from here.
 */
export * from './contracts/remote-module';

// Services set once at start-up
export {
  configureServices,
  getServices,
  servicesConfigured,
  resetServices,
  type Notifier,
  type Services,
  type TokenProvider,
} from './services/services';

// API client: one function per endpoint, one error type
export { ApiError, DEFAULT_ERROR_CODE, isApiError, normaliseApiError } from './api/api-error';
export { apiRequest, type ApiBase, type RequestOptions } from './api/http';
export { getPreferences } from './api/get-preferences';
export { putPreferences } from './api/put-preferences';
export { getUserFactories } from './api/get-user-factories';
export { putFactory } from './api/put-factory';
export { getAssignedWorkShiftNames } from './api/get-assigned-work-shift-names';
export { getFactoryProducts } from './api/get-factory-products';
export { getUserWorkShifts } from './api/get-user-work-shifts';
export { getCurrencyList } from './api/get-currency-list';
export { getCustomPeriods } from './api/get-custom-periods';
export { getAccount } from './api/get-account';
export { postDowntimesInfo, type DowntimeInfo } from './api/post-downtimes-info';
export { postDowntimesInfoInterval, type DowntimeInterval, type DowntimeIntervalStats } from './api/post-downtimes-info-interval';
export { postTopDowntimeReasons, type TopDowntimeReason } from './api/post-top-downtime-reasons';
export { postDowntimesSummary, type DowntimesSummary } from './api/post-downtimes-summary';
// Analytics and saved-filter wire types come with the rules (export * above): the api shares them.
export { postKpisByGroups } from './api/post-kpis-by-groups';
export {
  OPPORTUNITY_KINDS,
  postOpportunities,
  type Gain,
  type OpportunitiesRequest,
  type OpportunitiesResponse,
  type Opportunity,
  type OpportunityKind,
  type OpportunityOccurrence,
} from './api/post-opportunities';
export { getFilters } from './api/get-filters';
export { getFilterGroups } from './api/get-filter-groups';
export { postFilter } from './api/post-filter';
export { putFilter } from './api/put-filter';
export { deleteFilter } from './api/delete-filter';
export {
  getFactoryFilterOptions,
  type FactoryFilterOptions,
  type FilterProduct,
  type FilterShift,
} from './api/get-factory-filter-options';

// Authentication
export {
  clearSignInState,
  createMsalInstance,
  createMsalTokenProvider,
  currentAccount,
  getMsalInstance,
  loginScopes,
  msalConfiguration,
  signIn,
  signOut,
  type SignInHints,
  type SignInOptions,
} from './auth/msal';
export { userFromClaims } from './auth/user-from-claims';
export {
  PASSWORD_RESET_COMPLETED_ERROR_CODE,
  UNKNOWN_USER_ERROR_CODES,
  isPasswordResetCompletedError,
  isUnknownUserError,
} from './auth/auth-errors';

// State
export {
  accountAtom,
  activeFactoryAtom,
  activeFactoryIdAtom,
  currenciesAtom,
  customPeriodsAtom,
  factoriesAtom,
  factoriesStatusAtom,
  factoryProductsCacheAtom,
  factoryWorkShiftsCacheAtom,
  preferencesAtom,
  preferencesStatusAtom,
  userAtom,
  type CacheEntry,
  type LoadStatus,
} from './state/atoms';
export {
  useAccount,
  useActiveFactory,
  useCurrencies,
  useCustomPeriods,
  useFactories,
  useFactoriesStatus,
  useUser,
} from './state/hooks';
export { useFactoryProducts, useFactoryWorkShifts, type FactoryResource } from './state/factory-cache';
export { applyPreferencesChange, useSavePreferences, type PreferencesChange } from './state/preferences';
export { loadSessionData, useSessionData, type SessionLoadOptions } from './state/session';
export {
  createStoreNotifier,
  dismissSnackbarMessage,
  snackbarAtom,
  useNotifier,
  type SnackbarMessage,
} from './state/notifier';
export { useNotifyError } from './state/use-notify-error';

// Internationalisation
export { MESSAGES, type MessageKey } from './i18n/messages';
export { LinepulseIntlProvider, type LinepulseIntlProviderProps } from './i18n/intl-provider';
export { RemoteIntlProvider, missingTranslations, withRemoteMessages, type RemoteMessages } from './contracts/remote-intl';
export { errorMessage, errorMessageId, genericErrorMessage, translateApiErrors } from './i18n/translate-api-errors';

// Themes and layout
export { chartPalette, fluentThemeFor, themeFlags, themeFromFlags, type ThemeFlags } from './theme/themes';
export {
  ACCESSIBLE_FLAG_STORAGE_KEY,
  DARK_FLAG_STORAGE_KEY,
  LANGUAGE_STORAGE_KEY,
  readDarkFlag,
  readStoredLanguage,
  readStoredTheme,
  storeLanguage,
  storeTheme,
} from './theme/theme-storage';
export { ThemeNameContext, useChartPalette, useThemeName } from './theme/theme-context';
export { atLeast, breakpointFor, useBreakpoint, type Breakpoint } from './theme/use-breakpoint';

// Common UI
export { AppProviders, type AppProvidersProps } from './ui/app-providers';
export { PageFrame, type PageFrameProps } from './ui/page-frame';
export { FactoryPageFrame, factorySectionPage, type FactoryPageFrameProps } from './ui/factory-page-frame';
export { LoadingState, type LoadingStateProps } from './ui/loading-state';
export { EmptyState, type EmptyStateProps } from './ui/empty-state';
export { ErrorState, type ErrorStateProps } from './ui/error-state';
export { Snackbar } from './ui/snackbar';
export { AppLink } from './ui/app-link';
export {
  NOT_AVAILABLE,
  THOUSANDS_SEPARATOR,
  formatDuration,
  formatHours,
  formatMoney,
  formatNumber,
  formatPercent,
} from './ui/format';
export {
  durationAxis,
  durationPointAccessibility,
  durationTickPositions,
  durationTickStep,
  formatDurationTick,
  type DurationAxisOptions,
} from './ui/duration-axis';
export { downloadBlob, exportFileName, fileSlug, toCsv, toXlsx, type SheetCell } from './ui/export-file';
export { ExportMenu, type ExportMenuProps } from './ui/export-menu';
export { Chart, type ChartProps } from './ui/chart';
export { DataTable, type DataColumn, type DataTableProps } from './ui/data-table';
export { UI_MESSAGES, useUiText, type UiMessageKey } from './ui/ui-messages';
