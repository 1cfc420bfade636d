import fc from 'fast-check';
import { NOT_AVAILABLE, PERCENT_DECIMALS, durationText, labelColon, numberText, percentText, roundDuration, totalDuration } from './figures';

const nbsp = '\u00a0';
const LOCALES = ['en', 'fr', 'es'] as const;

/** Any duration up to ten years, to the millisecond, either sign. */
const durations = fc.integer({ min: -315_360_000_000, max: 315_360_000_000 });
/** Durations near minute and second boundaries, where a second rounding step shows. */
const nearBoundaries = fc
  .tuple(fc.integer({ min: 0, max: 100_000 }), fc.constantFrom(29_500, 29_499, 29_999, 30_000, 30_001, 59_499, 59_500, 499, 500))
  .map(([minutes, ms]) => minutes * 60_000 + ms);

/** The milliseconds a duration text stands for (its unit's worth). */
function msOf(text: string): { ms: number; unit: number } {
  const sign = text.startsWith('\u2212') ? -1 : 1;
  const body = text.replace('\u2212', '').replaceAll(nbsp, '');
  const seconds = /^(\d+) s$/.exec(body);
  if (seconds) return { ms: sign * Number(seconds[1]) * 1000, unit: 1000 };
  const minutes = /^(?:(\d+) h )?(\d+) min$/.exec(body);
  if (!minutes) throw new Error(`not a duration: ${text}`);
  return { ms: sign * (Number(minutes[1] ?? 0) * 60 + Number(minutes[2])) * 60_000, unit: 60_000 };
}

describe('durations (product §9, decision 37)', () => {
  it('are hours and minutes, seconds under one minute', () => {
    expect(durationText('en', 0)).toBe('0 s');
    expect(durationText('en', 38_400)).toBe('38 s');
    expect(durationText('en', 59_499)).toBe('59 s');
    expect(durationText('en', 59_500)).toBe('1 min');
    expect(durationText('en', 45 * 60_000)).toBe('45 min');
    expect(durationText('fr', (12 * 60 + 5) * 60_000)).toBe('12 h 05 min');
    expect(durationText('fr', 1234 * 3_600_000)).toBe(`1${nbsp}234 h 00 min`);
    expect(durationText('en', -90 * 60_000)).toBe('\u22121 h 30 min');
    expect(durationText('en', -400)).toBe('0 s');
    expect(durationText('es', null)).toBe(NOT_AVAILABLE);
    expect(durationText('es', Number.NaN)).toBe('N/D');
  });

  it('round the milliseconds to minutes once: 46 min 29.6 s is 46 min (the e-mail said 47, rounding seconds first)', () => {
    expect(durationText('en', 2_789_600)).toBe('46 min');
    expect(roundDuration(2_789_600)).toEqual({ negative: false, unit: 'minutes', hours: 0, minutes: 46 });
    expect(durationText('en', 2_790_000)).toBe('47 min');
  });

  it('never show a decimal hour; minutes 0–59, padded after hours; seconds only under a minute', () => {
    const shape = new RegExp(`^\u2212?(?:\\d{1,3}(?:${nbsp}\\d{3})* h [0-5]\\d min|[1-5]?\\d min|[1-5]?\\d s)$`);
    fc.assert(
      fc.property(fc.oneof(durations, nearBoundaries), fc.constantFrom(...LOCALES), (ms, locale) => {
        const text = durationText(locale, ms);
        expect(text).toMatch(shape);
        expect(text).not.toMatch(/[.,]/);
        if (Math.abs(ms) >= 60_000) expect(text).not.toMatch(/ s$/);
        // The same text in every language: only the hours' grouping could differ, and it does not.
        expect(text).toBe(durationText('en', ms));
      }),
      { numRuns: 3000 },
    );
  });

  it('stand for the exact duration within half their unit (rounded once, never twice)', () => {
    fc.assert(
      fc.property(fc.oneof(durations, nearBoundaries), (ms) => {
        const { ms: shown, unit } = msOf(durationText('en', ms));
        expect(Math.abs(shown - ms)).toBeLessThanOrEqual(unit / 2);
      }),
      { numRuns: 5000 },
    );
  });

  it('write a total as the exact sum rounded once, never the sum of rounded parts', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: 0, max: 36_000_000 }), nearBoundaries), { maxLength: 40 }), (parts) => {
        const exact = parts.reduce((a, b) => a + b, 0);
        expect(totalDuration(parts)).toBe(exact);
        expect(durationText('fr', totalDuration(parts))).toBe(durationText('fr', exact));
        expect(Math.abs(msOf(durationText('fr', totalDuration(parts))).ms - exact)).toBeLessThanOrEqual(30_000);
      }),
    );
    // Three lines of 20 min 20 s: 1 h 01 min in all, though each line shows 20 min.
    expect(durationText('en', totalDuration([1_220_000, 1_220_000, 1_220_000]))).toBe('1 h 01 min');
    expect(totalDuration([60_000, null, undefined, Number.NaN])).toBe(60_000);
  });
});

describe('numbers and percentages', () => {
  it('separate thousands with no-break spaces and keep the language’s decimal mark', () => {
    expect(numberText('en', 1234567)).toBe(`1${nbsp}234${nbsp}567`);
    expect(numberText('es', 1234)).toBe(`1${nbsp}234`);
    expect(numberText('en', 999)).toBe('999');
    expect(numberText('fr', 1234.5, 1)).toBe(`1${nbsp}234,5`);
    expect(numberText('en', -1234.5, 2)).toBe(`-1${nbsp}234.50`);
    expect(numberText('en', -0.001, 2)).toBe('0.00');
    expect(numberText('en', null)).toBe('N/D');
  });

  it('write percentages with two decimals, rounded half away from zero on the written value', () => {
    expect(PERCENT_DECIMALS).toBe(2);
    expect(percentText('en', 0.8881)).toBe('88.81%');
    expect(percentText('fr', 0.748)).toBe(`74,80${nbsp}%`);
    expect(percentText('es', 0.748)).toBe(`74,80${nbsp}%`);
    // An objective of 84.645 %, which the e-mail wrote 84.6 % (one decimal) and the screen 84.65 %.
    expect(percentText('en', 0.84645)).toBe('84.65%');
    expect(percentText('fr', 0.84645)).toBe(`84,65${nbsp}%`);
    expect(percentText('en', 12.3456)).toBe(`1${nbsp}234.56%`);
    expect(percentText('fr', null)).toBe('N/D');
  });

  it('round as Intl.NumberFormat does, digit for digit, in every language', () => {
    const intl = (value: number, decimals: number, style: 'decimal' | 'percent'): string =>
      new Intl.NumberFormat('en', { style, useGrouping: false, minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value).replace(/^-(?=[0.%]+$)/, '');
    const plain = (text: string): string => text.replaceAll(nbsp, '').replace(',', '.');
    fc.assert(
      fc.property(fc.oneof(fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.integer({ min: -1e6, max: 1e6 }).map((n) => n / 2000)), fc.integer({ min: 0, max: 4 }), fc.constantFrom(...LOCALES), (value, decimals, locale) => {
        expect(plain(numberText(locale, value, decimals))).toBe(intl(value, decimals, 'decimal'));
        expect(plain(percentText(locale, value / 100, decimals))).toBe(intl(value / 100, decimals, 'percent'));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('a label and its value', () => {
  it('are joined by a colon, after a no-break space in French', () => {
    expect(`Period${labelColon('en')}May`).toBe('Period: May');
    expect(`Période${labelColon('fr')}mai`).toBe(`Période${nbsp}: mai`);
    expect(`Periodo${labelColon('es')}mayo`).toBe('Periodo: mayo');
  });
});
