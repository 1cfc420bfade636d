import { customPeriodProblems } from './custom-period-problems';

const stored = [
  { id: 'q1', name: 'Q1-24', start_date: '2024-01-01', end_date: '2024-03-31' },
  { id: 'q3', name: 'Q3-24', start_date: '2024-07-01', end_date: '2024-09-30' },
];
const valid = { name: 'Q2-24', start_date: '2024-04-01', end_date: '2024-06-30' };
const codes = (values: typeof valid, ownId: string | null = null): Record<string, string> =>
  Object.fromEntries(Object.entries(customPeriodProblems(values, stored, ownId)).map(([field, problem]) => [field, problem!.code]));

describe('the custom period form’s problems (product §5, §8)', () => {
  it('has none for a valid period between the others', () => {
    expect(codes(valid)).toEqual({});
  });

  it.each([
    [{ name: '' }, { name: 'CP_NAME_REQUIRED' }],
    [{ name: 'Spring24' }, { name: 'CP_NAME_TOO_LONG' }],
    [{ name: 'Q2+24' }, { name: 'CP_NAME_INVALID' }],
    [{ start_date: '' }, { start_date: 'CP_START_REQUIRED' }],
    [{ end_date: '' }, { end_date: 'CP_END_REQUIRED' }],
    [{ start_date: '2024-06-30' }, { end_date: 'CP_START_NOT_BEFORE_END' }],
    [{ start_date: '2023-11-01', end_date: '2024-06-30' }, { end_date: 'CP_TOO_LONG' }],
    [{ name: 'q1-24 ' }, { name: 'CP_DUPLICATE_NAME' }],
    [{ start_date: '2024-03-31' }, { start_date: 'CP_OVERLAP' }],
  ])('%p gives %p', (change, expected) => {
    expect(codes({ ...valid, ...change })).toEqual(expected);
  });

  it('gives each message its placeholders', () => {
    expect(customPeriodProblems({ ...valid, name: 'Spring24' }, stored, null).name?.arguments).toEqual({ max: 6 });
    expect(customPeriodProblems({ ...valid, start_date: '2023-11-01' }, stored, null).end_date?.arguments).toEqual({ max: 185 });
    expect(customPeriodProblems({ ...valid, end_date: '2024-07-15' }, stored, null).start_date?.arguments).toEqual({ name: 'Q3-24' });
  });

  it('lets an edited period keep its own name and dates', () => {
    expect(codes({ name: 'Q1-24', start_date: '2024-01-01', end_date: '2024-03-30' }, 'q1')).toEqual({});
  });
});
