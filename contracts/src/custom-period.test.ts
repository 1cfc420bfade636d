import { ValidationError } from 'yup';
import { customPeriodConflicts, customPeriodDays, customPeriodSchema, type CustomPeriodInput } from './custom-period';

const valid: CustomPeriodInput = { name: 'Été-24', start_date: '2024-06-01', end_date: '2024-08-31' };

function errorsOf(value: unknown): string[] {
  try {
    customPeriodSchema().validateSync(value, { abortEarly: false });
    return [];
  } catch (error) {
    // A rule that throws anything else is a bug (the api would answer 500).
    if (!(error instanceof ValidationError)) throw error;
    return error.errors;
  }
}

describe('custom period rules (product §5)', () => {
  it('accepts a valid period: accented letters, digits, hyphen, underscore, space', () => {
    expect(errorsOf(valid)).toEqual([]);
    expect(errorsOf({ ...valid, name: 'Q1 _a' })).toEqual([]);
    // A decomposed accent (e + combining acute) is a letter too.
    expect(errorsOf({ ...valid, name: 'E\u0301te\u0301' })).toEqual([]);
  });

  it.each([
    [{ name: '' }, 'CP_NAME_REQUIRED'],
    [{ name: '   ' }, 'CP_NAME_REQUIRED'],
    [{ name: undefined }, 'CP_NAME_REQUIRED'],
    [{ name: 'Sept-24' }, 'CP_NAME_TOO_LONG'],
    [{ name: 'Q1/24' }, 'CP_NAME_INVALID'],
    [{ name: 'a.b' }, 'CP_NAME_INVALID'],
    [{ start_date: '' }, 'CP_START_REQUIRED'],
    [{ end_date: '' }, 'CP_END_REQUIRED'],
    [{ start_date: '2024-02-30' }, 'GEN_VALIDATION'],
    [{ start_date: '2024-08-31' }, 'CP_START_NOT_BEFORE_END'],
    [{ start_date: '2024-09-01' }, 'CP_START_NOT_BEFORE_END'],
    [{ start_date: '2024-01-01', end_date: '2024-07-04' }, 'CP_TOO_LONG'],
  ])('refuses %p with %s', (change, code) => {
    expect(errorsOf({ ...valid, ...change })).toEqual([code]);
  });

  it('allows exactly 185 days, counting both ends', () => {
    expect(customPeriodDays('2024-01-01', '2024-07-03')).toBe(185);
    expect(errorsOf({ ...valid, start_date: '2024-01-01', end_date: '2024-07-03' })).toEqual([]);
  });

  it('refuses dates outside 0001-01-01..9999-12-31 and accepts both ends (the database has no year 0)', () => {
    expect(errorsOf({ ...valid, start_date: '0000-01-01', end_date: '0000-01-05' })).toEqual(['GEN_VALIDATION', 'GEN_VALIDATION']);
    expect(errorsOf({ ...valid, start_date: '9999-12-30', end_date: '9999-12-31' })).toEqual([]);
    expect(errorsOf({ ...valid, start_date: '0001-01-01', end_date: '0001-01-05' })).toEqual([]);
  });

  // Issue 21: a start date of another type reached the end date's order rule, which parsed it (500).
  it.each([20260201, -1, true, null, {}, [], ['2024-06-01'], { year: 2024 }])('refuses a start or end date of another type (%p) with a problem, never an exception', (value) => {
    expect(errorsOf({ ...valid, start_date: value })).not.toEqual([]);
    expect(errorsOf({ ...valid, end_date: value })).not.toEqual([]);
    expect(errorsOf({ ...valid, start_date: value, end_date: value })).not.toEqual([]);
  });

  it('refuses unknown fields and values of the wrong type', () => {
    expect(errorsOf({ ...valid, account_id: 'someone-else' })).not.toEqual([]);
    expect(errorsOf({ ...valid, name: 42 })).not.toEqual([]);
  });
});

describe('custom period conflicts', () => {
  const stored = [
    { id: 'a', name: 'Q1-24', start_date: '2024-01-01', end_date: '2024-03-31' },
    { id: 'b', name: 'Q3-24', start_date: '2024-07-01', end_date: '2024-09-30' },
  ];

  it('finds a duplicate name whatever its case and spaces', () => {
    expect(customPeriodConflicts({ name: ' q1-24', start_date: '2025-01-01', end_date: '2025-01-31' }, stored)).toEqual([
      { field: 'name', code: 'CP_DUPLICATE_NAME', name: 'Q1-24' },
    ]);
  });

  it('finds an overlap, shared end days included, and names the other period', () => {
    expect(customPeriodConflicts({ name: 'Q2-24', start_date: '2024-03-31', end_date: '2024-06-30' }, stored)).toEqual([
      { field: 'start_date', code: 'CP_OVERLAP', name: 'Q1-24' },
    ]);
    expect(customPeriodConflicts({ name: 'Q2-24', start_date: '2024-04-01', end_date: '2024-06-30' }, stored)).toEqual([]);
  });

  it('does not compare an edited period with itself', () => {
    expect(customPeriodConflicts({ name: 'Q1-24', start_date: '2024-01-02', end_date: '2024-03-30' }, stored, 'a')).toEqual([]);
  });
});
