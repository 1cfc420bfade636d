import fc from 'fast-check';
import { durationText, numberText, percentText } from '@linepulse/contracts';
import { formatDuration, formatHours, formatMoney, formatNumber, formatPercent, NOT_AVAILABLE } from './format';

const nbsp = '\u00a0';

describe('formatNumber', () => {
  it('separates thousands with spaces in every language', () => {
    expect(formatNumber('en', 1234567)).toBe(`1${nbsp}234${nbsp}567`);
    expect(formatNumber('fr', 1234567)).toBe(`1${nbsp}234${nbsp}567`);
    expect(formatNumber('es', 1234)).toBe(`1${nbsp}234`);
    expect(formatNumber('en', 999)).toBe('999');
  });

  it('keeps the language’s decimal mark', () => {
    expect(formatNumber('en', 1234.5, 1)).toBe(`1${nbsp}234.5`);
    expect(formatNumber('fr', 1234.5, 1)).toBe(`1${nbsp}234,5`);
  });

  it('says N/D for a missing figure, never 0', () => {
    expect(formatNumber('en', null)).toBe(NOT_AVAILABLE);
    expect(formatNumber('en', undefined)).toBe('N/D');
    expect(formatNumber('en', Number.NaN)).toBe('N/D');
  });
});

describe('formatPercent', () => {
  it('shows a fraction as a percentage with two decimals', () => {
    expect(formatPercent('en', 0.8881)).toBe('88.81%');
    expect(formatPercent('fr', 0.748)).toMatch(/^74,80\s%$/);
    expect(formatPercent('en', 12.3456)).toBe(`1${nbsp}234.56%`);
    expect(formatPercent('en', null)).toBe('N/D');
  });
});

describe('formatDuration', () => {
  it('shows seconds under one minute', () => {
    expect(formatDuration('en', 0)).toBe('0 s');
    expect(formatDuration('en', 38_400)).toBe('38 s');
    expect(formatDuration('en', 59_600)).toBe('1 min');
  });

  it('shows hours and minutes from one minute on', () => {
    expect(formatDuration('en', 60_000)).toBe('1 min');
    expect(formatDuration('en', 45 * 60_000)).toBe('45 min');
    expect(formatDuration('en', (12 * 60 + 5) * 60_000)).toBe('12 h 05 min');
    expect(formatDuration('fr', 1234 * 3_600_000)).toBe(`1${nbsp}234 h 00 min`);
  });

  it('rounds the milliseconds to minutes once, as the e-mail does: 46 min 29.6 s is 46 min', () => {
    expect(formatDuration('en', 2_789_600)).toBe('46 min');
  });

  it('says N/D when the duration is not available', () => {
    expect(formatDuration('en', null)).toBe('N/D');
  });
});

describe('the screen writes a figure as the e-mail does (one rule, in contracts)', () => {
  it('for any duration, percentage and count, in every language', () => {
    fc.assert(
      fc.property(fc.constantFrom('en', 'fr', 'es'), fc.double({ min: -1e7, max: 1e7, noNaN: true }), (locale, value) => {
        expect(formatDuration(locale, value * 1000)).toBe(durationText(locale, value * 1000));
        expect(formatPercent(locale, value / 1e6)).toBe(percentText(locale, value / 1e6));
        expect(formatNumber(locale, value)).toBe(numberText(locale, value));
      }),
    );
  });
});

describe('gains', () => {
  it('shows hours as hours and minutes, never decimal hours, and money without decimals', () => {
    expect(formatHours('en', 12.46)).toBe('12 h 28 min');
    expect(formatHours('fr', 0.4)).toBe('24 min');
    expect(formatHours('en', null)).toBe('N/D');
    expect(formatMoney('en', 12345.6, 'CAD')).toBe(`CA$12${nbsp}346`);
    expect(formatMoney('fr', 12345.6, 'EUR')).toMatch(/^12\u00a0346\s€$/);
  });
});
