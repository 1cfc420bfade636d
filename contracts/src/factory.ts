import * as yup from 'yup';
import { IANAZone } from 'luxon';
import { FACTORY_NAME_MAX, LANGUAGES, MONTHS, OBJECTIVE_MAX, OBJECTIVE_MIN, WEEK_DAYS } from './constants';
import { ERROR_CODES } from './errors';
import type { Objective } from './entities';

/** Letters (accented included), digits, hyphen, underscore and space (product §5). */
export const FACTORY_NAME_PATTERN = /^[\p{L}\p{N}_\- ]+$/u;

/**
 * OEE target in percent from the three objectives (availability × performance × quality), two decimals;
 * null when one is missing.
 */
export function oeeTarget(objectives: readonly Objective[]): number | null {
  const get = (type: Objective['objective_type']): number | undefined =>
    // Elements may be anything a client sent (null included) until the schema has refused them.
    objectives.find((o) => o?.objective_type === type)?.value;
  const a = get('availability');
  const p = get('performance');
  const q = get('quality');
  if (a === undefined || p === undefined || q === undefined) return null;
  return Math.round(((a * p * q) / 10000) * 100) / 100;
}

/**
 * The factory settings schema (product §5), used by the factory wizard and by PUT factories/{id}. Messages
 * are error codes the front end translates.
 */
export function factorySettingsSchema(currencies: readonly string[]) {
  const objective = yup.object({
    objective_type: yup.string().oneOf(['availability', 'performance', 'quality']).required(ERROR_CODES.requiredField),
    value: yup
      .number()
      .typeError(ERROR_CODES.factoryObjectiveInvalid)
      .integer(ERROR_CODES.factoryObjectiveInvalid)
      .min(OBJECTIVE_MIN, ERROR_CODES.factoryObjectiveInvalid)
      .max(OBJECTIVE_MAX, ERROR_CODES.factoryObjectiveInvalid)
      .required(ERROR_CODES.factoryObjectiveInvalid),
  });
  return yup
    .object({
      name: yup
        .string()
        .trim()
        .required(ERROR_CODES.factoryNameRequired)
        .max(FACTORY_NAME_MAX, ERROR_CODES.factoryNameTooLong)
        .matches(FACTORY_NAME_PATTERN, ERROR_CODES.factoryNameInvalid),
      // Optional so that callers written before the wizard edited it keep the stored language.
      primary_language: yup
        .string()
        .typeError(ERROR_CODES.factoryLanguageInvalid)
        .nonNullable(ERROR_CODES.factoryLanguageInvalid)
        .oneOf([...LANGUAGES], ERROR_CODES.factoryLanguageInvalid),
      timezone: yup
        .string()
        .required(ERROR_CODES.factoryTimezoneInvalid)
        .test('zone', ERROR_CODES.factoryTimezoneInvalid, (v) => !!v && IANAZone.isValidZone(v)),
      year_first_month: yup.string().oneOf([...MONTHS], ERROR_CODES.factoryMonthInvalid).required(ERROR_CODES.factoryMonthInvalid),
      week_first_day: yup.string().oneOf([...WEEK_DAYS], ERROR_CODES.factoryDayInvalid).required(ERROR_CODES.factoryDayInvalid),
      currency: yup.string().oneOf([...currencies], ERROR_CODES.factoryCurrencyInvalid).required(ERROR_CODES.factoryCurrencyInvalid),
      production_day_minutes_from_midnight: yup
        .number()
        .typeError(ERROR_CODES.factoryHourInvalid)
        .integer(ERROR_CODES.factoryMinuteInvalid)
        .min(0, ERROR_CODES.factoryHourInvalid)
        .max(23 * 60 + 59, ERROR_CODES.factoryHourInvalid)
        .required(ERROR_CODES.factoryHourInvalid),
      is_calendar_day_business_day: yup.boolean().required(ERROR_CODES.requiredField),
      objectives: yup
        .array(objective)
        .required(ERROR_CODES.factoryObjectiveInvalid)
        .test('three', ERROR_CODES.factoryObjectiveInvalid, (list) => {
          const types = new Set((list ?? []).map((o) => o?.objective_type));
          return types.size === 3 && (list ?? []).length === 3;
        })
        .test('oee', ERROR_CODES.factoryObjectiveInvalid, (list) => {
          const target = oeeTarget((list ?? []) as Objective[]);
          return target !== null && target > 0 && target <= 100;
        }),
    })
    .noUnknown(true, ERROR_CODES.validation)
    .strict(true);
}

/** ISO 4217 codes offered in the currency list (GET /currency-list). */
export const CURRENCIES = [
  'CAD', 'USD', 'EUR', 'MXN', 'GBP', 'CHF', 'JPY', 'CNY', 'BRL', 'AUD', 'INR', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK',
] as const;
