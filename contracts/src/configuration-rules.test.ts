import { CONFIGURATION_KEY_PATTERN, configurationKeyFrom, shiftMinutes, shiftOverlaps, unitsWithAlteredHistory, type ShiftSchedule } from './configuration-rules';

const shift = (key: string, start: string, end: string, days: string[], units: string[] = ['line-1']): ShiftSchedule => ({
  key,
  start,
  end,
  days,
  production_units: units,
});

describe('shift overlaps (the same rule as PUT /factories/{id}/configuration)', () => {
  it('accepts adjacent shifts: one ends when the next starts', () => {
    expect(shiftOverlaps([shift('morning', '06:00', '14:00', ['monday']), shift('afternoon', '14:00', '22:00', ['monday'])])).toEqual([]);
  });

  it('refuses two shifts sharing a minute on the same unit, on the later one, naming both and the unit', () => {
    expect(shiftOverlaps([shift('morning', '06:00', '14:00', ['monday']), shift('long', '13:00', '20:00', ['monday'])])).toEqual([
      { index: 1, otherIndex: 0, key: 'long', other: 'morning', unit: 'line-1' },
    ]);
  });

  it('ignores overlapping hours on different units or different days', () => {
    expect(shiftOverlaps([shift('a', '06:00', '14:00', ['monday'], ['line-1']), shift('b', '06:00', '14:00', ['monday'], ['line-2'])])).toEqual([]);
    expect(shiftOverlaps([shift('a', '06:00', '14:00', ['monday']), shift('b', '06:00', '14:00', ['tuesday'])])).toEqual([]);
  });

  it('follows a night shift across midnight into the next day', () => {
    const night = shift('night', '22:00', '06:00', ['monday']);
    expect(shiftOverlaps([night, shift('early', '05:00', '09:00', ['tuesday'])])).toHaveLength(1);
    expect(shiftOverlaps([night, shift('morning', '06:00', '14:00', ['tuesday'])])).toEqual([]);
  });

  it('follows a Sunday night shift into Monday of the next week', () => {
    expect(shiftOverlaps([shift('early', '05:00', '09:00', ['monday']), shift('sunday-night', '22:00', '06:00', ['sunday'])])).toEqual([
      { index: 1, otherIndex: 0, key: 'sunday-night', other: 'early', unit: 'line-1' },
    ]);
  });

  it('names the first shared unit of the later shift', () => {
    const found = shiftOverlaps([shift('a', '06:00', '14:00', ['friday'], ['l1', 'l2', 'l3']), shift('b', '08:00', '10:00', ['friday'], ['l3', 'l2'])]);
    expect(found.map((o) => o.unit)).toEqual(['l3']);
  });

  it('counts an end equal to the start as a whole day', () => {
    expect(shiftMinutes('06:00', '06:00')).toBe(1440);
    expect(shiftMinutes('22:00', '06:00')).toBe(480);
    expect(shiftMinutes('06:00', '14:30')).toBe(510);
  });
});

describe('keys made from names', () => {
  it('lowers, drops accents and joins words with hyphens', () => {
    expect(configurationKeyFrom('Ligne d’embouteillage n°2', [])).toBe('ligne-d-embouteillage-n-2');
    expect(configurationKeyFrom('  Équipe de nuit ', [])).toBe('equipe-de-nuit');
  });

  it('appends a number when the key is taken', () => {
    expect(configurationKeyFrom('Line 1', ['line-1'])).toBe('line-1-2');
    expect(configurationKeyFrom('Line 1', ['line-1', 'line-1-2'])).toBe('line-1-3');
  });

  it('uses the fallback when nothing of the name is left', () => {
    expect(configurationKeyFrom('线路', [], 'unit')).toBe('unit');
    expect(configurationKeyFrom('', ['unit'], 'unit')).toBe('unit-2');
  });

  it('always gives a key the api accepts, however long the name', () => {
    for (const name of ['x'.repeat(200), '-- a --', 'É'.repeat(70), `${'a-'.repeat(40)}b`]) {
      expect(configurationKeyFrom(name, [name])).toMatch(CONFIGURATION_KEY_PATTERN);
      expect(configurationKeyFrom(name, [configurationKeyFrom(name, [])])).toMatch(CONFIGURATION_KEY_PATTERN);
    }
  });
});

describe('units whose past figures a change re-derives', () => {
  const before = {
    production_units: [
      { key: 'l1', downtime_delay_seconds: 120, cost_per_hour: 100 },
      { key: 'l2', downtime_delay_seconds: null, cost_per_hour: null },
    ],
    work_shifts: [shift('day', '06:00', '14:00', ['monday', 'tuesday'], ['l1', 'l2'])],
    products: [{ sku: 'A', ideal_rate_per_hour: { l1: 100, l2: 50 } }],
    downtime_reasons: [{ key: 'break', name: 'Break', category: 'People', is_planned: true, target_seconds: 600 }],
  };
  type Inputs = typeof before;
  const change = (edit: (copy: Inputs) => void): Inputs => {
    const copy = structuredClone(before);
    edit(copy);
    return copy;
  };

  it('is none when only names, order or new units change', () => {
    expect(unitsWithAlteredHistory(before, before)).toEqual([]);
    expect(unitsWithAlteredHistory(before, change((c) => c.production_units.reverse()))).toEqual([]);
    expect(unitsWithAlteredHistory(before, change((c) => (c.work_shifts[0]!.days = [...c.work_shifts[0]!.days].reverse())))).toEqual([]);
    expect(unitsWithAlteredHistory(before, change((c) => c.production_units.push({ key: 'l3', downtime_delay_seconds: 5, cost_per_hour: 1 })))).toEqual([]);
  });

  it.each([
    ['a delay', (c: Inputs) => (c.production_units[0]!.downtime_delay_seconds = 60)],
    ['a cost', (c: Inputs) => (c.production_units[0]!.cost_per_hour = 120)],
    ['a rate', (c: Inputs) => (c.products[0]!.ideal_rate_per_hour.l1 = 110)],
    ['a shift leaving the unit', (c: Inputs) => (c.work_shifts[0]!.production_units = ['l2'])],
  ])('is the unit concerned by %s', (_what, edit) => {
    // The shift leaving l1 changes l1's schedule only.
    expect(unitsWithAlteredHistory(before, change(edit))).toEqual(['l1']);
  });

  it('is both units when a shift they share moves, and every kept unit when a reason changes', () => {
    expect(unitsWithAlteredHistory(before, change((c) => (c.work_shifts[0]!.end = '15:00')))).toEqual(['l1', 'l2']);
    expect(unitsWithAlteredHistory(before, change((c) => (c.downtime_reasons[0]!.target_seconds = 900)))).toEqual(['l1', 'l2']);
    expect(unitsWithAlteredHistory(before, change((c) => c.production_units.splice(1, 1) && (c.downtime_reasons[0]!.name = 'Pause')))).toEqual(['l1']);
  });
});
