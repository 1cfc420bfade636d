import { DateTime } from 'luxon';
import { ValidationError } from 'yup';
import {
  ERROR_CODES,
  factorySettingsSchema,
  oeeTarget,
  windowOf,
  type Factory,
  type FactoryCalendar,
  type FactorySettings,
  type Language,
  type Month,
  type ObjectiveType,
  type WeekDay,
} from '@linepulse/contracts';

/**
 * What the settings steps edit. Numbers stay the text the admin typed until they are valid, so a
 * mistyped objective is shown back as typed with its message instead of being lost or coerced.
 */
export interface SettingsValues {
  name: string;
  primary_language: Language;
  timezone: string;
  year_first_month: Month;
  week_first_day: WeekDay;
  production_hour: string;
  production_minute: string;
  is_calendar_day_business_day: boolean;
  currency: string;
  availability: string;
  performance: string;
  quality: string;
}

export type SettingsField = keyof SettingsValues | 'oee';

/** The fields each settings step owns, in the order of the wizard (product §3). */
export const SETTINGS_STEP_FIELDS = {
  general: ['name', 'primary_language'],
  calendar: ['timezone', 'year_first_month', 'week_first_day', 'production_hour', 'production_minute', 'is_calendar_day_business_day'],
  money: ['currency'],
  objectives: ['availability', 'performance', 'quality', 'oee'],
} as const satisfies Record<string, readonly SettingsField[]>;

export type SettingsStep = keyof typeof SETTINGS_STEP_FIELDS;

const OBJECTIVES: readonly ObjectiveType[] = ['availability', 'performance', 'quality'];

/** A new factory's starting values: the product §3 defaults, objectives left for the admin to set. */
export function newFactoryValues(language: Language, currency: string): SettingsValues {
  return {
    name: '',
    primary_language: language,
    timezone: DateTime.local().zoneName ?? 'UTC',
    year_first_month: 'january',
    week_first_day: 'monday',
    production_hour: '0',
    production_minute: '0',
    is_calendar_day_business_day: true,
    currency,
    availability: '',
    performance: '',
    quality: '',
  };
}

export function settingsValuesOf(factory: Factory): SettingsValues {
  const objective = (type: ObjectiveType): string => {
    const value = factory.objectives.find((o) => o.objective_type === type)?.value;
    return value === undefined ? '' : String(value);
  };
  return {
    name: factory.name,
    primary_language: factory.primary_language,
    timezone: factory.timezone,
    year_first_month: factory.year_first_month,
    week_first_day: factory.week_first_day,
    production_hour: String(Math.floor(factory.production_day_minutes_from_midnight / 60)),
    production_minute: String(factory.production_day_minutes_from_midnight % 60),
    is_calendar_day_business_day: factory.is_calendar_day_business_day,
    currency: factory.currency,
    availability: objective('availability'),
    performance: objective('performance'),
    quality: objective('quality'),
  };
}

/** Text to number the way a person types it: blank is missing, "85" and " 85 " are 85, "8,5" is not a whole number. */
const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The settings the api takes (PUT factories/{id}, POST /factories), from what the form holds. */
export function settingsOf(values: SettingsValues): FactorySettings & { primary_language: Language } {
  const hour = numberOf(values.production_hour);
  const minute = numberOf(values.production_minute);
  return {
    name: values.name.trim(),
    primary_language: values.primary_language,
    timezone: values.timezone,
    year_first_month: values.year_first_month,
    week_first_day: values.week_first_day,
    currency: values.currency,
    production_day_minutes_from_midnight: hour * 60 + minute,
    is_calendar_day_business_day: values.is_calendar_day_business_day,
    objectives: OBJECTIVES.map((objective_type) => ({ objective_type, value: numberOf(values[objective_type]) })),
  };
}

/** The projected OEE target (percent, two decimals) of what is typed, or null while an objective is not a number. */
export function projectedOee(values: SettingsValues): number | null {
  const objectives = OBJECTIVES.map((objective_type) => ({ objective_type, value: numberOf(values[objective_type]) }));
  if (objectives.some((o) => !Number.isFinite(o.value))) return null;
  return oeeTarget(objectives);
}

export interface SettingsProblem {
  code: string;
  arguments?: Record<string, string | number>;
}

/** Where a path of the shared schema's problem shows in the form. */
function fieldOfPath(path: string | undefined): SettingsField | null {
  if (!path) return null;
  const objective = /^objectives\[(\d)\]/.exec(path);
  if (objective) return OBJECTIVES[Number(objective[1])] ?? 'oee';
  if (path === 'objectives') return 'oee';
  if (path === 'production_day_minutes_from_midnight') return 'production_hour';
  return path in SETTINGS_FIELDS_SET ? (path as SettingsField) : null;
}

const SETTINGS_FIELDS_SET: Record<string, true> = Object.fromEntries(
  Object.values(SETTINGS_STEP_FIELDS)
    .flat()
    .map((field) => [field, true]),
);

/**
 * Every problem of the form, one per field: the product §5 rules are the shared schema the api runs
 * (contracts factorySettingsSchema); hour and minute are checked apart so each says which is wrong.
 */
export function settingsProblems(values: SettingsValues, currencies: readonly string[]): Partial<Record<SettingsField, SettingsProblem>> {
  const problems: Partial<Record<SettingsField, SettingsProblem>> = {};
  const hour = numberOf(values.production_hour);
  const minute = numberOf(values.production_minute);
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) problems.production_hour = { code: ERROR_CODES.factoryHourInvalid };
  if (!Number.isInteger(minute) || minute < 0 || minute > 59) problems.production_minute = { code: ERROR_CODES.factoryMinuteInvalid };
  try {
    factorySettingsSchema(currencies).validateSync(settingsOf(values), { abortEarly: false });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    for (const inner of error.inner.length ? error.inner : [error]) {
      const field = fieldOfPath(inner.path);
      if (field === null || problems[field]) continue;
      // The hour and minute checks above already name the wrong part.
      if (field === 'production_hour' && problems.production_minute) continue;
      problems[field] = { code: inner.message, arguments: field === 'name' ? { name: values.name } : undefined };
    }
  }
  // An objective out of range is said under that objective; the target's own message only when the three are fine.
  if (problems.oee && OBJECTIVES.some((o) => problems[o])) delete problems.oee;
  return problems;
}

/** The calendar settings (product §3) that re-derive every figure of the factory when they change (api: TIME_SETTINGS). */
export function calendarChanged(before: SettingsValues, after: SettingsValues): boolean {
  const a = settingsOf(before);
  const b = settingsOf(after);
  return (
    a.timezone !== b.timezone ||
    a.production_day_minutes_from_midnight !== b.production_day_minutes_from_midnight ||
    a.week_first_day !== b.week_first_day ||
    a.year_first_month !== b.year_first_month ||
    a.is_calendar_day_business_day !== b.is_calendar_day_business_day
  );
}

export type ExampleOption = 'lastday' | 'week' | 'year';

export interface CalendarExample {
  option: ExampleOption;
  start: DateTime;
  end: DateTime;
}

/**
 * What "yesterday", "this week" and "this year" cover for the factory with these settings, at `now`
 * (the same windows every screen computes: contracts windowOf). Empty while the calendar is invalid.
 */
export function calendarExample(values: SettingsValues, now: DateTime): CalendarExample[] {
  const settings = settingsOf(values);
  const hour = numberOf(values.production_hour);
  const minute = numberOf(values.production_minute);
  const validStart = Number.isInteger(hour) && hour >= 0 && hour <= 23 && Number.isInteger(minute) && minute >= 0 && minute <= 59;
  if (!validStart || !DateTime.local().setZone(settings.timezone).isValid) return [];
  const calendar: FactoryCalendar = {
    timezone: settings.timezone,
    production_day_minutes_from_midnight: settings.production_day_minutes_from_midnight,
    week_first_day: settings.week_first_day,
    year_first_month: settings.year_first_month,
  };
  return (['lastday', 'week', 'year'] as const).flatMap((option) => {
    const window = windowOf(option, { now, calendar });
    return window && window.start.isValid && window.end.isValid ? [{ option, start: window.start.setZone(calendar.timezone), end: window.end.setZone(calendar.timezone) }] : [];
  });
}
