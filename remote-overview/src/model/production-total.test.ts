import { packagesOf, packagesTotal, productionTotal, type ProductionLine } from './production-total';

const line = (converted_unit_name: string | null, good: number, packages: number | null = null): ProductionLine => ({
  unit: { converted_unit_name, packages },
  good,
});

describe('productionTotal', () => {
  it('adds up lines that count in the same unit', () => {
    expect(productionTotal([line('caisses', 1200, 24), line('caisses', 800, 24)])).toEqual({ summable: true, good: 2000, unitName: 'caisses' });
  });

  it('refuses to add caisses, plateaux and bouteilles, and names them in order', () => {
    const total = productionTotal([line('caisses', 1200), line('caisses', 800), line('plateaux', 50), line('bouteilles', 9000)]);
    expect(total).toEqual({ summable: false, reason: 'units', unitNames: ['caisses', 'plateaux', 'bouteilles'] });
  });

  it('reads a unit name as people do: case and surrounding spaces do not make another unit', () => {
    expect(productionTotal([line('Caisses ', 1), line('caisses', 2)])).toEqual({ summable: true, good: 3, unitName: 'Caisses' });
  });

  it('counts lines without a unit name as their own kind', () => {
    expect(productionTotal([line(null, 5), line('', 6), line('  ', 7)])).toEqual({ summable: true, good: 18, unitName: null });
    expect(productionTotal([line(null, 5), line('packs', 6)])).toEqual({ summable: false, reason: 'units', unitNames: [null, 'packs'] });
    expect(productionTotal([{ unit: undefined, good: 4 }, line(null, 1)])).toEqual({ summable: true, good: 5, unitName: null });
  });

  it('adds up one line, or none', () => {
    expect(productionTotal([line('palettes', 80)])).toEqual({ summable: true, good: 80, unitName: 'palettes' });
    expect(productionTotal([])).toEqual({ summable: true, good: 0, unitName: null });
  });
});

describe('packagesTotal', () => {
  it('adds whole packages per line when the lines share unit and package size', () => {
    // 25 + 16 whole packages: each line rounds down on its own, not the sum of units.
    expect(packagesOf(line('caisses', 610, 24))).toBe(25);
    expect(packagesTotal([line('caisses', 610, 24), line('caisses', 390, 24)])).toEqual({ summable: true, packages: 41 });
  });

  it('refuses different units, different package sizes, and says when no line has packages', () => {
    expect(packagesTotal([line('caisses', 10, 24), line('plateaux', 10, 24)])).toEqual({ summable: false, reason: 'units' });
    expect(packagesTotal([line('caisses', 10, 24), line('caisses', 10, 12)])).toEqual({ summable: false, reason: 'packageSizes' });
    expect(packagesTotal([line('caisses', 10, 24), line('caisses', 10, null)])).toEqual({ summable: false, reason: 'packageSizes' });
    expect(packagesTotal([line('caisses', 10), line('caisses', 10, 0)])).toEqual({ summable: false, reason: 'noPackageSize' });
  });
});
