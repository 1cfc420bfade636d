/**
 * The public entry of @linepulse/shared, the platform the host lends to remotes: a federated singleton,
 * so the host and every remote get this one instance (one services registry, one request function, one
 * query cache, one store). Versioned with semver (PLATFORM_VERSION; README "Version"). Remotes import
 * only from here; the start-up exports are for the host and the embed entry (a lint rule).
 */
export * from './contracts/remote-module';
export { lazyPage, preloadPage, type PreloadablePage } from './contracts/lazy-page';

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
export { apiRequest, apiUpload, type ApiBase, type RequestOptions, type UploadOptions } from './api/http';
export { apiDownload, contentDispositionName, type DownloadProgress, type DownloadedFile } from './api/download';
// Session resources the platform lends, each with its query definition (key, loader, cache rules)
export { getPreferences, preferencesQuery } from './api/get-preferences';
export { putPreferences } from './api/put-preferences';
export { getUserFactories, userFactoriesQuery } from './api/get-user-factories';
export { putFactory } from './api/put-factory';
export { factoryWorkShiftsQuery, getAssignedWorkShiftNames } from './api/get-assigned-work-shift-names';
export { factoryProductsQuery, getFactoryProducts } from './api/get-factory-products';
export { factoryCacheOptions, nextFactoryCacheCheckMs, type FactoryCacheState } from './api/factory-cache-options';
export { getUserWorkShifts } from './api/get-user-work-shifts';
export { currenciesQuery, getCurrencyList } from './api/get-currency-list';
export { customPeriodsQuery, getCustomPeriods } from './api/get-custom-periods';
export { accountQuery, getAccount } from './api/get-account';
export { postTopDowntimeReasons, topDowntimeReasonsQuery, type TopDowntimeReasonsRequest } from './api/post-top-downtime-reasons';
// Alerts (1.8.0): the header's bell and the alerts page read and acknowledge them with these
export { alertsQuery, getAlerts, postAlertAcknowledgement, type AlertListFilter } from './api/alerts';

// Live screens (decision 49): the stream of changes, and what a screen does with it
export { connectLive, LIVE_RETRY_MS, type LiveHandlers, type LiveStatus } from './live/live-connection';
export { SseParser, type ServerSentEvent } from './live/sse-parser';
export { createLiveRefetcher, LIVE_QUERY_META, LIVE_REFETCH_MIN_MS, liveRefetchMs, useLiveUpdates, type LiveScope } from './live/use-live-updates';

// State: one react-query cache for server state (read-only session hooks on top), jotai for client state
export { createQueryClient } from './state/query-client';
export { activeFactoryIdAtom, preferencesSavedAtom, userAtom } from './state/atoms';
export { loadStatusOf, type LoadStatus } from './state/load-status';
export {
  initialPreferences,
  useAccount,
  useActiveFactory,
  useCurrencies,
  useCustomPeriods,
  useFactories,
  useFactoriesStatus,
  usePreferences,
  usePreferencesStatus,
  useUser,
} from './state/hooks';
export { useFactoryProducts, useFactoryWorkShifts, type FactoryResource } from './state/factory-resources';
export {
  applyPreferencesChange,
  currentPreferences,
  setPreferencesData,
  useSavePreferences,
  type PreferencesChange,
} from './state/preferences';
export {
  createStoreNotifier,
  dismissSnackbarMessage,
  notifierAtom,
  snackbarAtom,
  useNotifier,
  type SnackbarMessage,
} from './state/notifier';
export { useNotifyError } from './state/use-notify-error';

// Internationalisation
export { loadMessages, loadedMessages, type MessageKey, type Messages } from './i18n/messages';
export { LinepulseIntlProvider, type LinepulseIntlProviderProps } from './i18n/intl-provider';
export { RemoteIntlProvider, loadRemoteMessages, missingTranslations, withRemoteMessages, type RemoteMessageLoaders, type RemoteMessages } from './contracts/remote-intl';
export { errorMessage, errorMessageId, genericErrorMessage, translateApiErrors } from './i18n/translate-api-errors';

// Themes and layout
export { chartPalette, fluentThemeFor, rateScale, themeFlags, themeFromFlags, type RateScale, type ThemeFlags } from './theme/themes';
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
export { LiveStatusBadge, type LiveStatusBadgeProps } from './ui/live-status';
export { EmptyState, type EmptyStateProps } from './ui/empty-state';
export { ErrorState, type ErrorStateProps } from './ui/error-state';
export { Snackbar } from './ui/snackbar';
export { AppLink, ExternalLinksContext, type ExternalLinks } from './ui/app-link';
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
export { useFocusReturn } from './ui/focus-return';
export { useDeferredPopup, useOpenAfterMount, type DeferredPopup, type DeferredTriggerProps, type OpenStateProps, type PopupTriggerButtonProps } from './ui/deferred-popup';
export { Chart, preloadChart, type ChartProps } from './ui/chart';
export type { ChartModule } from './ui/chart-types';
export { DataTable, type DataColumn, type DataTableProps, type TableSort } from './ui/data-table';
export { countColumn, durationColumn, percentColumn } from './ui/table-columns';
export { UI_MESSAGES, useUiText, type UiMessageKey } from './ui/ui-messages';
export { alertText, type AlertText } from './ui/alert-text';
export {
  AlertAcknowledgement,
  useAlertAcknowledging,
  type AlertAcknowledgementProps,
  type AlertAcknowledging,
  type AlertAcknowledgingOptions,
} from './ui/alert-acknowledgement';

// The selection every analytics page shares (1.1.0): period, new filters and saved filters, intervals
export {
  effectivePeriod,
  periodAtom,
  periodFileLabel,
  periodRequest,
  periodWindow,
  today,
  unavailablePeriodOptions,
  usePeriod,
  PERIOD_CHOSEN_STORAGE_KEY,
  type DateRangeProblem,
  type PeriodSelection,
} from './selection/period';
export {
  draftsOf,
  factoryGroupOf,
  groupsAreDisjoint,
  groupsOf,
  selectedFactoryIdsAtom,
  selectionAtom,
  type ComparisonGroupDraft,
  type NewFilters,
  type Selection,
} from './selection/selection';
// What a page opens on, for its prefetch at start-up (2.3.0)
export { openingSelection, type OpeningSelection } from './selection/opening-selection';
export { INTERVALS, INTERVAL_RULES, intervalState, type Interval, type IntervalChoice, type IntervalState } from './selection/intervals';
export { savedFiltersQuery } from './selection/api/get-filters';
export { useCreateSavedFilter, useDeleteSavedFilter, useUpdateSavedFilter } from './selection/saved-filters';
export { filterGroupsQuery } from './selection/api/get-filter-groups';
export { PeriodPicker, type PeriodPickerProps } from './selection/ui/period-picker';
export { IntervalPicker, intervalReason, noIntervalMessage, type IntervalPickerProps } from './selection/ui/interval-picker';
export { FilterDrawer } from './selection/ui/filter-drawer';
export { queryView, type QueryView } from './state/query-view';
export { Section, SECTION_TEST_ID, type SectionProps } from './ui/section';
export { SelectionToolbar } from './ui/selection-toolbar';
export { TopCauses } from './ui/top-causes';
export { useSessionReady } from './state/session-ready';
