import { formatTarget, targetSecondsOf, targetState } from './targets';

describe('a target', () => {
  it('reads back as entered, to the second: 7.5 minutes is 7 min 30 s, not 8 min', () => {
    expect(formatTarget('en', 450_000)).toBe('7 min 30 s');
    expect(formatTarget('en', 420_000)).toBe('7 min');
    expect(formatTarget('en', 45_000)).toBe('45 s');
    expect(formatTarget('en', 0)).toBe('0 s');
    expect(formatTarget('fr', 3_930_000)).toBe('1 h 05 min 30 s');
    expect(formatTarget('es', 3_600_000)).toBe('1 h 00 min');
    expect(formatTarget('en', 86_400_000)).toBe('24 h 00 min');
  });

  it('is typed in minutes, with a decimal point or comma, and kept in whole seconds', () => {
    expect(targetSecondsOf('7.5')).toBe(450);
    expect(targetSecondsOf('7,5')).toBe(450);
    expect(targetSecondsOf(' 12 ')).toBe(720);
    expect(targetSecondsOf('0.33')).toBe(20);
    expect(targetSecondsOf('')).toBeNull();
    expect(targetSecondsOf('abc')).toBeNull();
    expect(targetSecondsOf('-3')).toBeNull();
  });

  it('is the line’s, the reason’s, the median, none for want of occurrences, or each reason’s own', () => {
    expect(targetState({ target_ms: 450_000, target_source: 'unit' })).toEqual({ kind: 'set', ms: 450_000, source: 'unit' });
    expect(targetState({ target_ms: 600_000, target_source: 'reason' })).toEqual({ kind: 'set', ms: 600_000, source: 'reason' });
    expect(targetState({ target_ms: 20_000, target_source: 'median' })).toEqual({ kind: 'median', ms: 20_000 });
    expect(targetState({ target_ms: null, target_source: 'median' })).toEqual({ kind: 'none' });
    expect(targetState({ target_ms: null, target_source: null })).toEqual({ kind: 'perReason' });
  });
});
