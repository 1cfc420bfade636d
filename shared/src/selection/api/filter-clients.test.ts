import { ApiError } from '../../api/api-error';
import { resetServices } from '../../services/services';
import { configureTestServices, jsonResponse, mockFetch } from '../../testing';
import { deleteFilter } from './delete-filter';
import { getFactoryFilterOptions } from './get-factory-filter-options';
import { getFilterGroups } from './get-filter-groups';
import { getFilters } from './get-filters';
import { postFilter } from './post-filter';
import { putFilter } from './put-filter';

beforeEach(() => configureTestServices({ token: 'tok' }));
afterEach(() => resetServices());

test('saved filters: list, groups, create, update and delete', async () => {
  const filter = { id: 'f 1', name: 'Mine', groups: [], created_at: '', updated_at: '' };
  const body = { name: 'Mine', groups: [{ name: 'A', factory_id: 'x', production_unit_ids: ['u'], work_shift_ids: ['s'] }] };
  const fetch = mockFetch({
    'GET /api/filters': [filter],
    'GET /api/filter-groups': [],
    'POST /api/filters': () => jsonResponse(filter, 201),
    'PUT /api/filters/f%201': filter,
    'DELETE /api/filters/f%201': () => jsonResponse(undefined, 204),
  });
  await expect(getFilters()).resolves.toEqual([filter]);
  await expect(getFilterGroups()).resolves.toEqual([]);
  await expect(postFilter(body)).resolves.toEqual(filter);
  await expect(putFilter('f 1', body)).resolves.toEqual(filter);
  await expect(deleteFilter('f 1')).resolves.toBeUndefined();
  fetch.restore();
  expect(fetch.requests[2]?.body).toEqual(body);
  expect(fetch.requests[3]?.method).toBe('PUT');
});

test('a saved-filter conflict arrives as an ApiError with its coded items', async () => {
  const errors = [{ code: 'FLT_NAME_DUPLICATE', arguments: { field: 'name', name: 'Mine' }, message: 'dup' }];
  const fetch = mockFetch({ 'POST /api/filters': () => jsonResponse({ errors }, 409) });
  const failure = (await postFilter({ name: 'Mine', groups: [] }).catch((e: unknown) => e)) as ApiError;
  fetch.restore();
  expect(failure).toBeInstanceOf(ApiError);
  expect(failure.status).toBe(409);
  expect(failure.items).toEqual(errors);
});

test('filter options carry shift and product ids from the calls every enabled user may make, never the administrators-only configuration', async () => {
  const fetch = mockFetch({
    'GET /api/factories/f1/assigned-work-shift-names': [
      { production_unit_id: 'u1', work_shift: [{ id: 's1', name: 'Day' }, { id: 's2', name: 'Night' }] },
      { production_unit_id: 'u2', work_shift: [{ id: 's1', name: 'Day' }, { id: 's3', name: 'Day' }] },
    ],
    'GET /api/factories/f1/products': [{ id: 'p1', sku: 'SKU-A', name: 'Bottle' }],
  });
  const options = await getFactoryFilterOptions('f1');
  fetch.restore();
  expect(options).toEqual({
    // One option per shift: two shifts of the same name on different lines stay two.
    shifts: [
      { id: 's1', name: 'Day', production_unit_ids: ['u1', 'u2'] },
      { id: 's2', name: 'Night', production_unit_ids: ['u1'] },
      { id: 's3', name: 'Day', production_unit_ids: ['u2'] },
    ],
    products: [{ id: 'p1', sku: 'SKU-A', name: 'Bottle' }],
  });
  expect(fetch.requests.map((r) => new URL(r.url).pathname).sort()).toEqual(['/api/factories/f1/assigned-work-shift-names', '/api/factories/f1/products']);
});
