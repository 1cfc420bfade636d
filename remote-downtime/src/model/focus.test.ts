import { focusFromSearch, withFocus } from './focus';

const units = ['pu-1', 'pu-2'];

test('a focus survives the URL both ways, other parameters kept', () => {
  const focus = { unitId: 'pu-2', start: '2026-11-22T13:00:00.000Z', end: '2026-11-22T14:00:00.000Z' };
  const search = withFocus(new URLSearchParams('tab=x'), focus);
  expect(search.get('tab')).toBe('x');
  expect(focusFromSearch(search, units)).toEqual(focus);
  expect(focusFromSearch(withFocus(search, null), units)).toBeNull();
  expect(withFocus(search, null).get('tab')).toBe('x');
});

test.each([
  ['a unit of another factory', 'unit=pu-9&from=2026-11-22T13:00:00Z&to=2026-11-22T14:00:00Z'],
  ['an end before its start', 'unit=pu-1&from=2026-11-22T14:00:00Z&to=2026-11-22T13:00:00Z'],
  ['an instant that is not one', 'unit=pu-1&from=yesterday&to=2026-11-22T14:00:00Z'],
  ['a missing end', 'unit=pu-1&from=2026-11-22T13:00:00Z'],
])('%s is no focus', (_name, query) => {
  expect(focusFromSearch(new URLSearchParams(query), units)).toBeNull();
});
