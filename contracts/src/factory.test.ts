import type { ValidationError } from 'yup';
import { CURRENCIES, factorySettingsSchema, oeeTarget } from './factory';
import type { FactorySettings } from './entities';

const valid: FactorySettings = {
  name: 'Montréal Usine-1_B',
  timezone: 'America/Toronto',
  year_first_month: 'april',
  week_first_day: 'sunday',
  currency: 'CAD',
  production_day_minutes_from_midnight: 6 * 60 + 30,
  is_calendar_day_business_day: true,
  objectives: [
    { objective_type: 'availability', value: 90 },
    { objective_type: 'performance', value: 95 },
    { objective_type: 'quality', value: 99 },
  ],
};

function errorsOf(value: unknown): string[] {
  try {
    factorySettingsSchema(CURRENCIES).validateSync(value, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as ValidationError).errors;
  }
}

describe('oeeTarget', () => {
  it('multiplies the three objectives', () => {
    expect(oeeTarget(valid.objectives)).toBe(84.65);
  });
  it('is not available without all three', () => {
    expect(oeeTarget(valid.objectives.slice(1))).toBeNull();
  });
});

describe('factory settings validation (product §5)', () => {
  it('accepts valid settings, accented names included', () => {
    expect(errorsOf(valid)).toEqual([]);
  });

  it.each([
    [{ name: '' }, 'CS_FAC_NAME_REQUIRED'],
    [{ name: 'x'.repeat(101) }, 'CS_FAC_NAME_TOO_LONG'],
    [{ name: 'Lyon/Est' }, 'CS_FAC_NAME_INVALID'],
    [{ timezone: 'Mars/Olympus' }, 'CS_FAC_TIMEZONE_INVALID'],
    [{ currency: 'XYZ' }, 'CS_FAC_CURRENCY_INVALID'],
    [{ year_first_month: 'smarch' }, 'CS_FAC_MONTH_INVALID'],
    [{ week_first_day: 'funday' }, 'CS_FAC_DAY_INVALID'],
    [{ production_day_minutes_from_midnight: 24 * 60 }, 'CS_FAC_HOUR_INVALID'],
    [{ objectives: [{ objective_type: 'availability', value: 0 }, ...valid.objectives.slice(1)] }, 'CS_FAC_OBJECTIVE_INVALID'],
    [{ objectives: [{ objective_type: 'availability', value: 100.5 }, ...valid.objectives.slice(1)] }, 'CS_FAC_OBJECTIVE_INVALID'],
    [{ objectives: valid.objectives.slice(0, 2) }, 'CS_FAC_OBJECTIVE_INVALID'],
    [{ primary_language: 'de' }, 'CS_FAC_LANGUAGE_INVALID'],
    [{ primary_language: null }, 'CS_FAC_LANGUAGE_INVALID'],
    [{ primary_language: 1 }, 'CS_FAC_LANGUAGE_INVALID'],
  ])('refuses %p with %s', (change, code) => {
    expect(errorsOf({ ...valid, ...change })).toContain(code);
  });

  it('accepts each product language as the primary language, and its absence (the stored one is kept)', () => {
    for (const primary_language of ['en', 'fr', 'es']) expect(errorsOf({ ...valid, primary_language })).toEqual([]);
    expect(errorsOf(valid)).toEqual([]);
  });

  it('refuses unknown fields', () => {
    expect(errorsOf({ ...valid, account_id: 'someone-else' })).not.toEqual([]);
  });
});
