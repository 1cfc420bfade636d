import { exportPath, exportSchema, type ExportValues } from './export-form';

const valid: ExportValues = { unitIds: ['u1', 'u2'], startDate: '2026-01-01', endDate: '2026-01-31', kind: 'production', interval: 'hour', format: 'csv' };
const problems = async (values: Partial<ExportValues>): Promise<string[]> => {
  try {
    await exportSchema('2026-11-23').validate({ ...valid, ...values }, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
};

test('a valid export has no problem', async () => {
  expect(await problems({})).toEqual([]);
});

test.each([
  [{ unitIds: [] }, 'unitsRequired'],
  [{ startDate: '' }, 'startRequired'],
  [{ endDate: '2026-02-30' }, 'format'],
  [{ startDate: '2019-08-31' }, 'beforeDataStart'],
  [{ endDate: '2026-11-24' }, 'future'],
  [{ startDate: '2026-02-01', endDate: '2026-01-31' }, 'startAfterEnd'],
  // 367 days; 366 (a leap year) is the most.
  [{ startDate: '2024-01-01', endDate: '2025-01-01' }, 'tooLong'],
])('%p is refused: %s', async (values, problem) => {
  expect(await problems(values)).toContain(problem);
});

test('a whole leap year is allowed', async () => {
  expect(await problems({ startDate: '2024-01-01', endDate: '2024-12-31' })).toEqual([]);
});

test('the path carries the selection; the interval only for production', () => {
  expect(exportPath('f 1', valid)).toBe('factories/f%201/export?kind=production&format=csv&start_date=2026-01-01&end_date=2026-01-31&interval=hour&production_unit_ids=u1%2Cu2');
  expect(exportPath('f1', { ...valid, kind: 'downtimes' })).not.toContain('interval=');
});
