import * as yup from 'yup';
import {
  CONFIGURATION_KEY_PATTERN,
  ERROR_CODES,
  INT4_MAX,
  SHIFT_TIME_PATTERN,
  shiftOverlaps,
  type ApiErrorItem,
} from '@linepulse/contracts';
import { parseDecimal, type ConfigurationDraft, type ConfigurationSection } from './configuration-draft';

/**
 * The production configuration's problems, by field path as the api names them
 * (`work_shifts.2.start`): the same rules as PUT /factories/{id}/configuration (contracts' key and
 * time patterns, its overlap rule, the schema's limits), checked in the browser so that each step can
 * say what is wrong before anything is sent, and the api's own refusals placed under the same fields.
 */

/** A message id and its placeholders. */
export interface ConfigurationProblem {
  id: string;
  values: Record<string, string | number>;
}

/** Field path → its first problem; '' holds a problem that names no field. */
export type ConfigurationProblems = Record<string, ConfigurationProblem>;

export const CONFIGURATION_LIMITS = {
  name: 100,
  convertedUnitName: 50,
  packages: INT4_MAX,
  costPerHour: 9_999_999_999,
  downtimeDelaySeconds: 86_400,
  rateMin: 0.0001,
  rateMax: 1e9,
  targetMinutesMax: Math.floor(INT4_MAX / 60),
} as const;

/** The platform's message id of an api error code (its errorMessageId, without loading the platform here). */
const errorMessageId = (code: string): string => `error.${code}`;

const P = {
  required: 'admin.config.problem.required',
  tooLong: 'admin.config.problem.tooLong',
  wholeNumber: 'admin.config.problem.wholeNumber',
  decimal: 'admin.config.problem.decimal',
  unitsRequired: 'admin.config.problem.unitsRequired',
  daysRequired: 'admin.config.problem.daysRequired',
  skuDuplicate: 'admin.config.problem.skuDuplicate',
  target: 'admin.config.problem.target',
  shiftOverlap: 'admin.config.problem.shiftOverlap',
  keyInvalid: errorMessageId(ERROR_CODES.configurationKeyInvalid),
  keyDuplicate: errorMessageId(ERROR_CODES.configurationKeyDuplicate),
  timeInvalid: errorMessageId(ERROR_CODES.configurationTimeInvalid),
  unitUnknown: errorMessageId(ERROR_CODES.configurationUnitUnknown),
} as const;

/** Every message id a problem of the editor can carry (its messages test checks they exist). */
export const CONFIGURATION_PROBLEM_IDS: readonly string[] = Object.values(P);

const decimals = (value: string): number => (value.trim().split(/[.,]/)[1] ?? '').length;

/** A text rule whose failure carries its message id and placeholders (yup keeps `params` on the error). */
const rule = (id: string, params: Record<string, string | number>, ok: (value: string) => boolean) => ({
  name: id,
  message: id,
  params,
  test: (value: string | undefined) => ok(value ?? ''),
});

const filled = (value: string): boolean => value.trim() !== '';
const requiredText = (max: number) =>
  yup
    .string()
    .default('')
    .test(rule(P.required, {}, filled))
    .test(rule(P.tooLong, { max }, (v) => v.trim().length <= max));
const optionalText = (max: number) =>
  yup
    .string()
    .default('')
    .test(rule(P.tooLong, { max }, (v) => v.trim().length <= max));
const key = () =>
  yup
    .string()
    .default('')
    .test(rule(P.keyInvalid, {}, (v) => CONFIGURATION_KEY_PATTERN.test(v.trim())));
const wholeNumber = (min: number, max: number) =>
  yup
    .string()
    .default('')
    .test(rule(P.wholeNumber, { min, max }, (v) => !filled(v) || (/^\d+$/.test(v.trim()) && Number(v) >= min && Number(v) <= max)));
const decimal = (min: number, max: number, places: number, id: string = P.decimal) =>
  yup
    .string()
    .default('')
    .test(
      rule(id, { min, max, decimals: places }, (v) => {
        if (!filled(v)) return true;
        const n = parseDecimal(v);
        return n !== null && n >= min && n <= max && decimals(v) <= places;
      }),
    );
const time = () =>
  yup
    .string()
    .default('')
    .test(rule(P.required, {}, filled))
    .test(rule(P.timeInvalid, {}, (v) => !filled(v) || SHIFT_TIME_PATTERN.test(v)));

/** Each item's own fields (cross-item rules follow in the step checks). Messages are message ids. */
export const configurationItemSchemas = {
  production_units: yup.object({
    key: key(),
    name: requiredText(CONFIGURATION_LIMITS.name),
    converted_unit_name: optionalText(CONFIGURATION_LIMITS.convertedUnitName),
    packages: wholeNumber(1, CONFIGURATION_LIMITS.packages),
    cost_per_hour: decimal(0, CONFIGURATION_LIMITS.costPerHour, 2),
    downtime_delay_seconds: wholeNumber(1, CONFIGURATION_LIMITS.downtimeDelaySeconds),
  }),
  work_shifts: yup.object({
    key: key(),
    name: requiredText(CONFIGURATION_LIMITS.name),
    production_units: yup.array(yup.string().required()).default([]).min(1, P.unitsRequired),
    start: time(),
    end: time(),
    days: yup.array(yup.string().required()).default([]).min(1, P.daysRequired),
  }),
  products: yup.object({
    sku: requiredText(CONFIGURATION_LIMITS.name),
    name: requiredText(CONFIGURATION_LIMITS.name),
  }),
  downtime_reasons: yup.object({
    key: key(),
    name: requiredText(CONFIGURATION_LIMITS.name),
    category: requiredText(CONFIGURATION_LIMITS.name),
    is_planned: yup.boolean().default(false),
    // At least one second once stored in seconds; only planned reasons have a target.
    target_minutes: yup
      .string()
      .default('')
      .when('is_planned', {
        is: true,
        then: () => decimal(1 / 60, CONFIGURATION_LIMITS.targetMinutesMax, 2, P.target),
      }),
  }),
};

const PARAM_NAMES = ['min', 'max', 'decimals'];

function itemProblems(section: ConfigurationSection, items: readonly object[], problems: ConfigurationProblems): void {
  const schema = configurationItemSchemas[section] as yup.AnyObjectSchema;
  items.forEach((item, index) => {
    try {
      schema.validateSync(item, { abortEarly: false, strict: true });
    } catch (error) {
      if (!(error instanceof yup.ValidationError)) throw error;
      for (const issue of error.inner.length ? error.inner : [error]) {
        const path = `${section}.${index}.${issue.path ?? ''}`;
        if (problems[path]) continue;
        const values = Object.fromEntries(
          Object.entries(issue.params ?? {}).filter(([name, value]) => PARAM_NAMES.includes(name) && (typeof value === 'number' || typeof value === 'string')),
        ) as Record<string, string | number>;
        problems[path] = { id: String(issue.message), values };
      }
    }
  });
}

/** Duplicate keys (SKUs), reported on every repeat after the first, as the api does. */
function duplicateProblems(section: ConfigurationSection, keys: readonly string[], problems: ConfigurationProblems): void {
  const seen = new Set<string>();
  const field = section === 'products' ? 'sku' : 'key';
  keys.forEach((value, index) => {
    const trimmed = value.trim();
    const path = `${section}.${index}.${field}`;
    if (trimmed !== '' && seen.has(trimmed) && !problems[path]) {
      problems[path] = section === 'products' ? { id: P.skuDuplicate, values: { sku: trimmed } } : { id: P.keyDuplicate, values: { key: trimmed } };
    }
    seen.add(trimmed);
  });
}

/** Production units step: names, keys, converted unit name, package size, cost per hour, delay. */
export function validateProductionUnits(draft: ConfigurationDraft): ConfigurationProblems {
  const problems: ConfigurationProblems = {};
  itemProblems('production_units', draft.production_units, problems);
  duplicateProblems('production_units', draft.production_units.map((u) => u.key), problems);
  return problems;
}

/** A unit's name for a message, from its row (shifts and rates name units by row). */
const unitName = (draft: ConfigurationDraft, row: string): string => {
  const unit = draft.production_units.find((u) => u.row === row);
  return unit ? unit.name.trim() || unit.key : row;
};

const nameOf = (items: readonly { key: string; name: string }[], itemKey: string): string =>
  items.find((item) => item.key === itemKey)?.name.trim() || itemKey;

/**
 * Work shifts step: each shift's fields, units that exist, and no two shifts of one unit overlapping
 * (contracts' rule, the api's) — checked among the shifts whose times are valid, on the later shift,
 * naming both shifts and the unit.
 */
export function validateWorkShifts(draft: ConfigurationDraft): ConfigurationProblems {
  const problems: ConfigurationProblems = {};
  itemProblems('work_shifts', draft.work_shifts, problems);
  duplicateProblems('work_shifts', draft.work_shifts.map((s) => s.key), problems);
  const unitRows = new Set(draft.production_units.map((u) => u.row));
  draft.work_shifts.forEach((shift, index) => {
    const unknown = shift.production_units.find((row) => !unitRows.has(row));
    const path = `work_shifts.${index}.production_units`;
    if (unknown !== undefined && !problems[path]) problems[path] = { id: P.unitUnknown, values: { key: unknown } };
  });
  const timed = draft.work_shifts
    .map((shift, index) => ({ shift, index }))
    .filter(({ shift }) => SHIFT_TIME_PATTERN.test(shift.start) && SHIFT_TIME_PATTERN.test(shift.end));
  for (const overlap of shiftOverlaps(timed.map(({ shift }) => shift))) {
    const shift = timed[overlap.index]!.shift;
    const other = timed[overlap.otherIndex]!.shift;
    const path = `work_shifts.${timed[overlap.index]!.index}`;
    if (problems[path]) continue;
    problems[path] = {
      id: P.shiftOverlap,
      values: { shift: shift.name.trim() || shift.key, other: other.name.trim() || other.key, unit: unitName(draft, overlap.unit) },
    };
  }
  return problems;
}

/** Products step: SKU (unique) and name required, each ideal rate a positive number of at most 4 decimals. */
export function validateProducts(draft: ConfigurationDraft): ConfigurationProblems {
  const problems: ConfigurationProblems = {};
  itemProblems('products', draft.products, problems);
  duplicateProblems('products', draft.products.map((p) => p.sku), problems);
  const rate = decimal(CONFIGURATION_LIMITS.rateMin, CONFIGURATION_LIMITS.rateMax, 4);
  draft.products.forEach((product, index) => {
    for (const unit of draft.production_units) {
      const value = product.ideal_rate_per_hour[unit.row] ?? '';
      if (!rate.isValidSync(value)) {
        problems[`products.${index}.ideal_rate_per_hour.${unit.row}`] = {
          id: P.decimal,
          values: { min: CONFIGURATION_LIMITS.rateMin, max: CONFIGURATION_LIMITS.rateMax, decimals: 4 },
        };
      }
    }
  });
  return problems;
}

/** Downtime reasons step: key, name and category; a planned reason's target more than 0 minutes. */
export function validateDowntimeReasons(draft: ConfigurationDraft): ConfigurationProblems {
  const problems: ConfigurationProblems = {};
  itemProblems('downtime_reasons', draft.downtime_reasons, problems);
  duplicateProblems('downtime_reasons', draft.downtime_reasons.map((r) => r.key), problems);
  return problems;
}

/** Every step's problems: what the summary checks before PUT. */
export function validateConfigurationDraft(draft: ConfigurationDraft): ConfigurationProblems {
  return { ...validateProductionUnits(draft), ...validateWorkShifts(draft), ...validateProducts(draft), ...validateDowntimeReasons(draft) };
}

/**
 * The api's field path → the editor's: a day or unit of a shift is shown under the shift's list, a rate
 * under its unit's row.
 */
function editorPath(field: string, draft: ConfigurationDraft): string {
  const rate = /^(products\.\d+\.ideal_rate_per_hour)\.(.+)$/.exec(field);
  if (rate) {
    const unit = draft.production_units.find((u) => u.key.trim() === rate[2]);
    return unit ? `${rate[1]}.${unit.row}` : rate[1]!.replace(/\.ideal_rate_per_hour$/, '');
  }
  const list = /^(work_shifts\.\d+\.(?:days|production_units))\.\d+$/.exec(field);
  if (list) return list[1]!;
  const target = /^(downtime_reasons\.\d+)\.target_seconds$/.exec(field);
  if (target) return `${target[1]}.target_minutes`;
  return /^(production_units|work_shifts|products|downtime_reasons)(\.|$)/.test(field) ? field : '';
}

/**
 * The api's refusal of a PUT (400 problems, 409 CFG_IN_USE) as problems by field of the editor: each
 * item under its field (a removed item still in use under its section), its code's message with its
 * arguments; an overlap names the shifts and unit by their names in the draft. Items without a field
 * of the configuration go under ''.
 */
export function configurationProblemsFromApi(items: readonly ApiErrorItem[], draft: ConfigurationDraft): ConfigurationProblems {
  const problems: ConfigurationProblems = {};
  for (const item of items) {
    const field = typeof item.arguments.field === 'string' ? item.arguments.field : '';
    const path = editorPath(field, draft);
    if (problems[path]) continue;
    if (item.code === ERROR_CODES.configurationShiftOverlap) {
      const shifts = draft.work_shifts;
      problems[path] = {
        id: P.shiftOverlap,
        values: {
          shift: nameOf(shifts, String(item.arguments.key)),
          other: nameOf(shifts, String(item.arguments.other)),
          unit: nameOf(draft.production_units, String(item.arguments.unit)),
        },
      };
      continue;
    }
    problems[path] = { id: errorMessageId(item.code), values: { ...item.arguments } };
  }
  return problems;
}

/** The problems of one section (path prefix), e.g. to pass a step only its own. */
export function sectionProblems(problems: ConfigurationProblems | undefined, section: ConfigurationSection): ConfigurationProblems {
  return Object.fromEntries(Object.entries(problems ?? {}).filter(([path]) => path === section || path.startsWith(`${section}.`)));
}
