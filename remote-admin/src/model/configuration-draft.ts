import {
  WEEK_DAYS,
  configurationKeyFrom,
  unitsWithAlteredHistory,
  type FactoryConfiguration,
  type FactoryConfigurationInput,
  type WeekDay,
} from '@linepulse/contracts';

/**
 * The production configuration being edited in the factory settings wizard: the whole declaration that
 * PUT /factories/{id}/configuration takes, as the form holds it. Numbers stay the text typed (a bad
 * entry is shown back with its problem, never silently dropped) and become numbers only in
 * `declarationFromDraft`. Every item has a row id for the list (the stored id, or a new one) and new
 * items take their key from their name until the admin types one (`autoKey`). Shifts and rates name
 * their units by row, not by key: a unit's key being typed (and for a moment equal to another's, or
 * half written) never moves a shift or a rate to another unit; keys replace rows only in the declaration.
 */

export interface UnitDraft {
  row: string;
  key: string;
  autoKey: boolean;
  name: string;
  converted_unit_name: string;
  packages: string;
  cost_per_hour: string;
  downtime_delay_seconds: string;
}

export interface ShiftDraft {
  row: string;
  key: string;
  autoKey: boolean;
  name: string;
  /** Rows of the production units the shift schedules. */
  production_units: string[];
  start: string;
  end: string;
  days: WeekDay[];
}

export interface ProductDraft {
  row: string;
  sku: string;
  name: string;
  /** Production unit row → ideal units per hour, as typed; an empty or absent entry: not made there. */
  ideal_rate_per_hour: Record<string, string>;
}

export interface ReasonDraft {
  row: string;
  key: string;
  autoKey: boolean;
  name: string;
  category: string;
  is_planned: boolean;
  /** Planned reasons only: the target duration in minutes (the api stores seconds). */
  target_minutes: string;
}

export interface ConfigurationDraft {
  production_units: UnitDraft[];
  work_shifts: ShiftDraft[];
  products: ProductDraft[];
  downtime_reasons: ReasonDraft[];
}

export type ConfigurationSection = keyof ConfigurationDraft;

/** Fallback keys of items whose name leaves nothing usable (a name in another script). */
export const KEY_FALLBACK: Record<Exclude<ConfigurationSection, 'products'>, string> = {
  production_units: 'unit',
  work_shifts: 'shift',
  downtime_reasons: 'reason',
};

let rowCount = 0;
/** A row id for an item not stored yet: unique in the page, never sent. */
export const newRow = (): string => {
  rowCount += 1;
  return `new-${rowCount}`;
};

export function emptyConfigurationDraft(): ConfigurationDraft {
  return { production_units: [], work_shifts: [], products: [], downtime_reasons: [] };
}

const text = (value: number | null): string => (value === null ? '' : String(value));

/** The stored configuration as a draft: stored keys are kept (machines send them), never regenerated. */
export function draftFromConfiguration(configuration: FactoryConfiguration): ConfigurationDraft {
  const rowOf = new Map(configuration.production_units.map((u) => [u.key, u.id]));
  const row = (unitKey: string): string => rowOf.get(unitKey) ?? unitKey;
  return {
    production_units: configuration.production_units.map((u) => ({
      row: u.id,
      key: u.key,
      autoKey: false,
      name: u.name,
      converted_unit_name: u.converted_unit_name ?? '',
      packages: text(u.packages),
      cost_per_hour: text(u.cost_per_hour),
      downtime_delay_seconds: text(u.downtime_delay_seconds),
    })),
    work_shifts: configuration.work_shifts.map((s) => ({
      row: s.id,
      key: s.key,
      autoKey: false,
      name: s.name,
      production_units: s.production_units.map(row),
      start: s.start,
      end: s.end,
      days: WEEK_DAYS.filter((day) => s.days.includes(day)),
    })),
    products: configuration.products.map((p) => ({
      row: p.id,
      sku: p.sku,
      name: p.name,
      ideal_rate_per_hour: Object.fromEntries(Object.entries(p.ideal_rate_per_hour).map(([unit, rate]) => [row(unit), String(rate)])),
    })),
    downtime_reasons: configuration.downtime_reasons.map((r) => ({
      row: r.id,
      key: r.key,
      autoKey: false,
      name: r.name,
      category: r.category,
      is_planned: r.is_planned,
      // Whole minutes read as such; a target stored in odd seconds keeps its fraction.
      target_minutes: r.target_seconds === null ? '' : String(Math.round((r.target_seconds / 60) * 1000) / 1000),
    })),
  };
}

/** A number as typed: digits with an optional decimal point or comma (French and Spanish write 12,5). */
export function parseDecimal(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d+([.,]\d+)?$/.test(trimmed)) return null;
  return Number(trimmed.replace(',', '.'));
}

const optional = (value: string): number | null => (value.trim() === '' ? null : parseDecimal(value));

/**
 * The declaration PUT sends, for a draft the step rules accept: texts trimmed, empty optional numbers
 * as null, rates only for the units that have one, the target only for planned reasons (in seconds).
 */
export function declarationFromDraft(draft: ConfigurationDraft): FactoryConfigurationInput {
  const keyOf = new Map(draft.production_units.map((u) => [u.row, u.key.trim()]));
  return {
    production_units: draft.production_units.map((u) => ({
      key: u.key.trim(),
      name: u.name.trim(),
      converted_unit_name: u.converted_unit_name.trim() || null,
      packages: optional(u.packages),
      cost_per_hour: optional(u.cost_per_hour),
      downtime_delay_seconds: optional(u.downtime_delay_seconds),
    })),
    work_shifts: draft.work_shifts.map((s) => ({
      key: s.key.trim(),
      name: s.name.trim(),
      production_units: s.production_units.map((row) => keyOf.get(row) ?? row),
      start: s.start,
      end: s.end,
      days: WEEK_DAYS.filter((day) => s.days.includes(day)),
    })),
    products: draft.products.map((p) => ({
      sku: p.sku.trim(),
      name: p.name.trim(),
      ideal_rate_per_hour: Object.fromEntries(
        Object.entries(p.ideal_rate_per_hour)
          .filter(([row, rate]) => rate.trim() !== '' && keyOf.has(row))
          .map(([row, rate]) => [keyOf.get(row)!, parseDecimal(rate) ?? Number.NaN]),
      ),
    })),
    downtime_reasons: draft.downtime_reasons.map((r) => {
      const minutes = r.is_planned ? optional(r.target_minutes) : null;
      return {
        key: r.key.trim(),
        name: r.name.trim(),
        category: r.category.trim(),
        is_planned: r.is_planned,
        target_seconds: minutes === null ? null : Math.round(minutes * 60),
      };
    }),
  };
}

/**
 * The production units whose past figures saving the draft recomputes (contracts' rule, the one PUT
 * applies), for the summary to say so before saving; empty when the change alters no history.
 */
export function unitsRecomputedBySaving(stored: FactoryConfiguration, draft: ConfigurationDraft): { key: string; name: string }[] {
  const declaration = declarationFromDraft(draft);
  return unitsWithAlteredHistory(stored, declaration).map((key) => ({ key, name: declaration.production_units.find((u) => u.key === key)?.name ?? key }));
}

export type KeyedSection = Exclude<ConfigurationSection, 'products'>;
export type KeyedItem = UnitDraft | ShiftDraft | ReasonDraft;

/**
 * A new item's name: while its key follows the name (`autoKey`), the key is made again from it, unique
 * among the section's other keys.
 */
export function keyForName<T extends KeyedItem>(items: readonly T[], index: number, name: string, section: KeyedSection): T {
  const item = items[index]!;
  if (!item.autoKey) return { ...item, name };
  const others = items.filter((_, i) => i !== index).map((other) => other.key);
  return { ...item, name, key: configurationKeyFrom(name, others, KEY_FALLBACK[section]) };
}

/** A removed production unit leaves the shifts and product rates that named it. */
export function withoutUnit(draft: ConfigurationDraft, index: number): ConfigurationDraft {
  const row = draft.production_units[index]!.row;
  return {
    production_units: draft.production_units.filter((_, i) => i !== index),
    work_shifts: draft.work_shifts.map((s) => (s.production_units.includes(row) ? { ...s, production_units: s.production_units.filter((r) => r !== row) } : s)),
    products: draft.products.map((p) => {
      if (!(row in p.ideal_rate_per_hour)) return p;
      const { [row]: _removed, ...rest } = p.ideal_rate_per_hour;
      return { ...p, ideal_rate_per_hour: rest };
    }),
    downtime_reasons: draft.downtime_reasons,
  };
}

const freshKey = (items: readonly { key: string }[], section: KeyedSection): string =>
  configurationKeyFrom('', items.map((item) => item.key), KEY_FALLBACK[section]);

export function newUnit(draft: ConfigurationDraft): UnitDraft {
  return { row: newRow(), key: freshKey(draft.production_units, 'production_units'), autoKey: true, name: '', converted_unit_name: '', packages: '', cost_per_hour: '', downtime_delay_seconds: '' };
}

/** A new shift starts on the working week and on every unit: the common case, changed in a few clicks. */
export function newShift(draft: ConfigurationDraft): ShiftDraft {
  return {
    row: newRow(),
    key: freshKey(draft.work_shifts, 'work_shifts'),
    autoKey: true,
    name: '',
    production_units: draft.production_units.map((u) => u.row),
    start: '',
    end: '',
    days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
  };
}

export function newProduct(): ProductDraft {
  return { row: newRow(), sku: '', name: '', ideal_rate_per_hour: {} };
}

export function newReason(draft: ConfigurationDraft): ReasonDraft {
  return { row: newRow(), key: freshKey(draft.downtime_reasons, 'downtime_reasons'), autoKey: true, name: '', category: '', is_planned: false, target_minutes: '' };
}
