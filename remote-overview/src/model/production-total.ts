import type { ProductionUnitSummary } from '@linepulse/contracts';

/**
 * Production counts are in each line's own unit (its converted unit name: caisses, plateaux,
 * bouteilles…), so lines add up only when they count in the same unit; a total of caisses and
 * bouteilles means nothing. Packages are counted per line as good units ÷ units per package, and add
 * up only when the lines also share the package size (otherwise the packages are different things).
 * docs/domain.md §6, "Production totals".
 */

export interface ProductionLine {
  unit: Pick<ProductionUnitSummary, 'converted_unit_name' | 'packages'> | undefined;
  good: number;
}

export type ProductionTotal =
  | { summable: true; good: number; unitName: string | null }
  | { summable: false; reason: 'units'; unitNames: (string | null)[] };

export type PackagesTotal =
  | { summable: true; packages: number }
  /** Different units; package sizes that differ; or no package size at all (no line has packages). */
  | { summable: false; reason: 'units' | 'packageSizes' | 'noPackageSize' };

/** The unit a line counts in, compared as people read it ("Caisses " and "caisses" are one unit). */
function unitKey(name: string | null | undefined): string {
  return (name ?? '').trim().toLocaleLowerCase();
}

/** The distinct units of the lines, as first written; null for lines without a converted unit name. */
function distinctUnits(lines: readonly ProductionLine[]): (string | null)[] {
  const byKey = new Map<string, string | null>();
  for (const line of lines) {
    const key = unitKey(line.unit?.converted_unit_name);
    if (!byKey.has(key)) byKey.set(key, key === '' ? null : line.unit!.converted_unit_name!.trim());
  }
  return [...byKey.values()];
}

/** A line's production in whole packages, or null when its unit has no package size. */
export function packagesOf(line: ProductionLine): number | null {
  const size = line.unit?.packages;
  return size ? Math.floor(line.good / size) : null;
}

/** The lines' good production added up, or why it cannot be (they count in different units). */
export function productionTotal(lines: readonly ProductionLine[]): ProductionTotal {
  const units = distinctUnits(lines);
  if (units.length > 1) return { summable: false, reason: 'units', unitNames: units };
  return { summable: true, good: lines.reduce((sum, line) => sum + line.good, 0), unitName: units[0] ?? null };
}

/** The lines' production in packages added up, or why it cannot be. */
export function packagesTotal(lines: readonly ProductionLine[]): PackagesTotal {
  if (distinctUnits(lines).length > 1) return { summable: false, reason: 'units' };
  const sizes = new Set(lines.map((line) => line.unit?.packages || null));
  if (sizes.size === 1 && sizes.has(null)) return { summable: false, reason: 'noPackageSize' };
  if (sizes.size > 1) return { summable: false, reason: 'packageSizes' };
  return { summable: true, packages: lines.reduce((sum, line) => sum + (packagesOf(line) ?? 0), 0) };
}
