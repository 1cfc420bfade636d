import { CONFIGURATION_KEY_PATTERN, configurationKeyFrom, shiftMinutes, shiftOverlaps, type ShiftSchedule } from './configuration-rules';

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
