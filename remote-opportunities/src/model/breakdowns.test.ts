import { breakdownLabel, inWeekOrder, productMatrix, type BreakdownRow } from './breakdowns';

const names = { shifts: { s1: 'Day', s2: 'Evening' }, products: { p1: 'Jam', p2: 'Honey', p3: 'Apricot' }, reasons: { r1: 'Cleaning' } };
const row = (keys: string[], mean = 60_000): BreakdownRow => ({ keys, occurrences: 1, lost_ms: mean, mean_ms: mean, excess_ms: 0 });
const weekday = (d: number) => ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][d - 1]!;
const fallbacks = { unknownShift: 'unknown shift', unknownProduct: 'unknown product', unknownReason: 'unknown reason', unjustified: 'unjustified' };

describe('breakdowns', () => {
  it('label pairs, weekdays, shifts and reasons; no shift is said so', () => {
    expect(breakdownLabel('shift_pair', ['s1', 's2'], names, weekday, 'none', fallbacks)).toBe('Day → Evening');
    expect(breakdownLabel('product_pair', ['p1', 'p2'], names, weekday, 'none', fallbacks)).toBe('Jam → Honey');
    expect(breakdownLabel('weekday', ['7'], names, weekday, 'none', fallbacks)).toBe('Sun');
    expect(breakdownLabel('shift', [''], names, weekday, 'none', fallbacks)).toBe('none');
    expect(breakdownLabel('reason', ['r1'], names, weekday, 'none', fallbacks)).toBe('Cleaning');
  });

  it('never shows an id: a shift, product or reason the answer does not name is an unknown one', () => {
    const id = '89551c08-0000-4000-8000-000000000000';
    expect(breakdownLabel('reason', [id], names, weekday, 'none', fallbacks)).toBe('unknown reason');
    expect(breakdownLabel('shift_pair', ['s1', id], names, weekday, 'none', fallbacks)).toBe('Day → unknown shift');
    expect(breakdownLabel('product_pair', [id, 'p1'], names, weekday, 'none', fallbacks)).toBe('unknown product → Jam');
  });

  it('puts weekdays in the factory’s week order', () => {
    const rows = ['1', '3', '7', '6'].map((d) => row([d]));
    expect(inWeekOrder(rows, 7).map((r) => r.keys[0])).toEqual(['7', '1', '3', '6']);
    expect(inWeekOrder(rows, 1).map((r) => r.keys[0])).toEqual(['1', '3', '6', '7']);
  });

  it('lays product pairs out as a from × to matrix, by name', () => {
    const m = productMatrix([row(['p1', 'p2'], 1), row(['p2', 'p1'], 2), row(['p1', 'p3'], 3)], names);
    expect(m.from).toEqual(['p2', 'p1']);
    expect(m.to).toEqual(['p3', 'p2', 'p1']);
    expect(m.cell('p1', 'p3')?.mean_ms).toBe(3);
    expect(m.cell('p2', 'p3')).toBeUndefined();
  });
});
