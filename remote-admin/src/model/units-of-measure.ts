/**
 * The unit of measure a production unit counts in. The api stores only its name
 * (`converted_unit_name`); units whose names are equal add up in totals (docs/domain.md, production
 * totals). The editor offers names grouped by measure so that units of one plant share the same
 * spelling: symbols for weight, volume and length (the same in every language), and count words in the
 * admin's language for quantities, which also takes any other word the plant uses. The measure is not
 * stored: a name is a weight, volume or length by its symbol, and anything else is a quantity.
 */
export type Measure = 'weight' | 'volume' | 'length' | 'quantity';

export const MEASURE_SYMBOLS: Readonly<Record<Exclude<Measure, 'quantity'>, readonly string[]>> = {
  weight: ['kg', 't', 'g', 'lb'],
  volume: ['L', 'hL', 'mL', 'm³', 'gal'],
  length: ['m', 'km', 'cm', 'ft'],
};

/** Count words, by their message ids `admin.config.count.{word}`. */
export const COUNT_WORDS = ['units', 'cases', 'bottles', 'packs', 'pallets', 'trays', 'bags'] as const;

/** The measure of a stored name; null for no name. */
export function measureOf(name: string): Measure | null {
  const trimmed = name.trim();
  if (trimmed === '') return null;
  for (const [measure, symbols] of Object.entries(MEASURE_SYMBOLS) as [Measure, readonly string[]][]) {
    if (symbols.includes(trimmed)) return measure;
  }
  return 'quantity';
}
