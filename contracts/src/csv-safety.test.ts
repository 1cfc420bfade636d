import { csvField, csvRecord, sheetValue, spreadsheetText, startsLikeFormula } from './csv-safety';

describe('spreadsheet formula injection (OWASP CSV injection)', () => {
  const HYPERLINK = '=HYPERLINK("http://evil.example","x")';

  it.each([
    HYPERLINK,
    '+cmd|" /C calc"!A0',
    '-2+3+cmd|" /C calc"!A0',
    '@SUM(1+1)*cmd|" /C calc"!A0',
    '\t=1+1',
    '\r=1+1',
    '＝1+1',
    '-A1',
    '-1+2',
    '+1e3*A1',
  ])('a text starting like a formula gets a single quote in front: %j', (text) => {
    expect(startsLikeFormula(text)).toBe(true);
    expect(spreadsheetText(text)).toBe(`'${text}`);
  });

  it.each(['Line 1', 'Bottle = 500 mL', 'N/D', "'already quoted", '', ' =1+1 (a space first is text)'])('ordinary text is left alone: %j', (text) => {
    expect(startsLikeFormula(text)).toBe(false);
    expect(spreadsheetText(text)).toBe(text);
  });

  it.each(['-12', '+12', '-1.5', '-1,5', '-1 234,5', '-1\u00a0234,5', '-3.5 %', '-3,5%', '-1e-7', '12'])('a text that is only a number stays a number: %j', (text) => {
    expect(startsLikeFormula(text)).toBe(false);
    expect(spreadsheetText(text)).toBe(text);
  });

  it('a CSV field quotes text, doubles its quotes and neutralises a formula', () => {
    expect(csvField(HYPERLINK)).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvField('Line "A", east')).toBe('"Line ""A"", east"');
    expect(csvField('-12')).toBe('"-12"');
  });

  it('numbers, yes/no and nothing are written bare', () => {
    expect(csvField(-5)).toBe('-5');
    expect(csvField(-0.25)).toBe('-0.25');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(Number.POSITIVE_INFINITY)).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(true)).toBe('true');
    expect(csvRecord(['@x', -3, null, 'ok'])).toBe(`"'@x",-3,,"ok"`);
  });

  it('a sheet cell gets the same text as the CSV, and numbers stay numbers', () => {
    expect(sheetValue(HYPERLINK)).toBe(`'${HYPERLINK}`);
    expect(sheetValue(-7)).toBe(-7);
    expect(sheetValue(null)).toBeNull();
    expect(sheetValue('Line 1')).toBe('Line 1');
  });
});
