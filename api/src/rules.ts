/**
 * The api's single entry to `@linepulse/shared/rules`. The shared package is not marked
 * `"type": "module"`, so Node (through tsx) loads its TypeScript as CommonJS and an ES module sees only
 * a default export, not named ones. Import rule values from here; this keeps working unchanged if the
 * package becomes ESM.
 */
import * as namespace from '@linepulse/shared/rules';

type Rules = typeof namespace;
const rules: Rules = (namespace as unknown as { default?: Rules }).default ?? namespace;

export type * from '@linepulse/shared/rules';
export const {
  APP_VERSION,
  CURRENCIES,
  DATE_FORMAT,
  DEFAULT_CURRENCY,
  ERROR_CODES,
  FACTORY_DUPLICATE_NAME_CODE,
  LANGUAGES,
  MONTHS,
  REMOTE_NAMES,
  ROLES,
  THEMES,
  TIME_OPTIONS,
  WEEK_DAYS,
  defaultPreferences,
  factorySettingsSchema,
  isLanguage,
  isTheme,
  normalisePreferences,
  oeeTarget,
  preferencesProblems,
} = rules;
