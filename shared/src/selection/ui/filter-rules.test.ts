import { dateRangeSchema } from '@linepulse/contracts';
import { savedFilterSchema } from './saved-filters-tab';

const errors = async (schema: { validate: (v: unknown, o: object) => Promise<unknown> }, value: unknown): Promise<string[]> =>
  schema.validate(value, { abortEarly: false }).then(
    () => [],
    (e: { errors: string[] }) => e.errors,
  );

test('a date range needs both dates, yyyy-LL-dd, from 1 September 2019, in order, not in the future', async () => {
  const schema = dateRangeSchema('2026-11-22');
  expect(await errors(schema, { startDate: '', endDate: '' })).toEqual(['startRequired', 'endRequired']);
  expect(await errors(schema, { startDate: '2019-08-31', endDate: '2019-13-01' })).toEqual(['beforeDataStart', 'format']);
  expect(await errors(schema, { startDate: '2026-02-02', endDate: '2026-02-01' })).toEqual(['startAfterEnd']);
  expect(await errors(schema, { startDate: '2026-11-01', endDate: '2026-11-23' })).toEqual(['future']);
  expect(await errors(schema, { startDate: '2019-09-01', endDate: '2019-09-01' })).toEqual([]);
});

test('a saved filter needs a unique name of at most 50 characters and complete, distinctly named groups', async () => {
  const schema = savedFilterSchema(['Morning lines']);
  const group = { name: 'A', factory_id: 'f', production_unit_ids: ['u'], work_shift_ids: ['s'] };
  expect(await errors(schema, { name: ' ', groups: [] })).toEqual(['nameRequired', 'groupsRequired']);
  expect(await errors(schema, { name: 'x'.repeat(51), groups: [group] })).toEqual(['nameTooLong']);
  expect(await errors(schema, { name: 'MORNING LINES', groups: [group] })).toEqual(['nameDuplicate']);
  expect(await errors(schema, { name: 'New', groups: [{ ...group, production_unit_ids: [], work_shift_ids: [] }] })).toEqual(['linesRequired', 'shiftsRequired']);
  expect(await errors(schema, { name: 'New', groups: [group, { ...group, name: 'a ', production_unit_ids: ['v'] }] })).toEqual(['groupNameDuplicate']);
  expect(await errors(schema, { name: 'New', groups: [group, { ...group, name: 'B' }] })).toEqual([]);
});
