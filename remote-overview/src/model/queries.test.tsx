import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient, filterGroupsQuery, queryView, resetServices, savedFiltersQuery, useCreateSavedFilter, useDeleteSavedFilter } from '@linepulse/shared';
import { configureTestServices, jsonResponse, mockFetch } from '@linepulse/shared/testing';
import type { KpisByGroupsRequest, KpisByGroupsResponse } from '@linepulse/contracts';
import { kpisByGroupsQuery } from '../api/post-kpis-by-groups';
import { kpis } from '../testing/overview-fixtures';

beforeEach(() => configureTestServices());
afterEach(() => {
  resetServices();
  jest.useRealTimers();
});

const lastday: KpisByGroupsRequest = { time_option: 'lastday', groups: [{ name: 'Lyon', factory_id: 'f-lyon', production_unit_ids: ['u-ly1'] }] };
const lastweek: KpisByGroupsRequest = { ...lastday, time_option: 'lastweek' };
const answer = (oee: number): KpisByGroupsResponse =>
  ({ groups: [{ name: 'Lyon', factory_id: 'f-lyon', total: { ...kpis(1), oee } }] }) as unknown as KpisByGroupsResponse;

interface PendingCall {
  body: KpisByGroupsRequest;
  signal: AbortSignal | undefined;
  answer(body: unknown, status?: number): void;
}

/** A fetch whose answers the test gives by hand, recording each call's abort signal. */
function manualFetch(): { calls: PendingCall[]; restore(): void } {
  const original = globalThis.fetch;
  const calls: PendingCall[] = [];
  globalThis.fetch = ((_url: string, init: RequestInit = {}) =>
    new Promise<Response>((resolve) => {
      calls.push({
        body: JSON.parse(String(init.body)) as KpisByGroupsRequest,
        signal: init.signal ?? undefined,
        answer: (body, status = 200) => resolve(jsonResponse(body, status)),
      });
    })) as typeof fetch;
  return { calls, restore: () => (globalThis.fetch = original) };
}

function wrapperFor(client: QueryClient) {
  return function Wrapper({ children }: { children?: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

describe('the overview’s queries', () => {
  it('send no second identical request while one is in flight: two sections, one call', async () => {
    const fetch = manualFetch();
    const client = createQueryClient();
    const { result } = renderHook(
      () => ({ tiles: queryView(useQuery(kpisByGroupsQuery(lastday))), table: queryView(useQuery(kpisByGroupsQuery({ ...lastday }))) }),
      { wrapper: wrapperFor(client) },
    );
    await waitFor(() => expect(fetch.calls).toHaveLength(1));
    expect(result.current.tiles.loading).toBe(true);
    act(() => fetch.calls[0]!.answer(answer(0.7)));
    await waitFor(() => expect(result.current.table.data?.groups[0]?.total.oee).toBe(0.7));
    expect(result.current.tiles.data).toBe(result.current.table.data);
    expect(fetch.calls).toHaveLength(1);
    fetch.restore();
  });

  it('clear the figures for a new selection and cancel the request it supersedes', async () => {
    const fetch = manualFetch();
    const client = createQueryClient();
    const { result, rerender } = renderHook(({ body }) => queryView(useQuery(kpisByGroupsQuery(body))), {
      wrapper: wrapperFor(client),
      initialProps: { body: lastday },
    });
    await waitFor(() => expect(fetch.calls).toHaveLength(1));
    act(() => fetch.calls[0]!.answer(answer(0.7)));
    await waitFor(() => expect(result.current.data).toBeDefined());

    rerender({ body: lastweek });
    // Another selection: its own figures or nothing, never the previous selection's.
    expect(result.current.data).toBeUndefined();
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(fetch.calls).toHaveLength(2));
    rerender({ body: lastday });
    // Back to the first selection: its figures are in the cache; the week's request is cancelled.
    expect(result.current.data?.groups[0]?.total.oee).toBe(0.7);
    await waitFor(() => expect(fetch.calls[1]!.signal?.aborted).toBe(true));
    fetch.restore();
  });

  it('keep the figures on screen while the same query refreshes (TV mode), and after a failed refresh', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const fetch = manualFetch();
    const client = createQueryClient();
    const { result } = renderHook(() => queryView(useQuery(kpisByGroupsQuery(lastday, 30_000))), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(fetch.calls).toHaveLength(1));
    act(() => fetch.calls[0]!.answer(answer(0.7)));
    await waitFor(() => expect(result.current.data?.groups[0]?.total.oee).toBe(0.7));

    await act(async () => {
      await jest.advanceTimersByTimeAsync(30_000);
    });
    expect(fetch.calls).toHaveLength(2);
    expect(result.current).toMatchObject({ loading: false, refreshing: true });
    expect(result.current.data?.groups[0]?.total.oee).toBe(0.7);
    act(() => fetch.calls[1]!.answer(answer(0.72)));
    await waitFor(() => expect(result.current.data?.groups[0]?.total.oee).toBe(0.72));

    await act(async () => {
      await jest.advanceTimersByTimeAsync(30_000);
    });
    act(() => fetch.calls[2]!.answer({ errors: [{ code: 'GEN_500', arguments: {}, message: 'x' }] }, 500));
    await waitFor(() => expect(result.current.refreshing).toBe(false));
    expect(result.current.data?.groups[0]?.total.oee).toBe(0.72);
    expect(result.current.error).toBeUndefined();
    fetch.restore();
  });

  it('show a failure with nothing to show, and ask again on retry', async () => {
    const fetch = manualFetch();
    const { result } = renderHook(() => queryView(useQuery(kpisByGroupsQuery(lastday))), { wrapper: wrapperFor(createQueryClient()) });
    await waitFor(() => expect(fetch.calls).toHaveLength(1));
    act(() => fetch.calls[0]!.answer({ errors: [{ code: 'GEN_500', arguments: {}, message: 'x' }] }, 500));
    await waitFor(() => expect(result.current.error).toBeDefined());
    act(() => result.current.reload());
    await waitFor(() => expect(result.current).toMatchObject({ loading: true, error: undefined }));
    expect(fetch.calls).toHaveLength(2);
    fetch.restore();
  });
});

describe('saved-filter mutations', () => {
  const stored = { id: 'sf-1', name: 'Mornings', groups: [], created_at: '', updated_at: '' };

  it('ask the shown lists again after a filter is created, instead of reloading them by hand', async () => {
    let filters: unknown[] = [];
    const fetch = mockFetch({
      'GET /api/filters': () => jsonResponse(filters),
      'GET /api/filter-groups': [],
      'POST /api/filters': () => {
        filters = [stored];
        return jsonResponse(stored, 201);
      },
    });
    const client = createQueryClient();
    const { result } = renderHook(
      () => ({ list: useQuery(savedFiltersQuery()), groups: useQuery(filterGroupsQuery()), create: useCreateSavedFilter() }),
      { wrapper: wrapperFor(client) },
    );
    await waitFor(() => expect(result.current.list.data).toEqual([]));
    await act(async () => {
      await result.current.create({ name: 'Mornings', groups: [] });
    });
    // Resolved only once the list is the server's new one.
    expect(result.current.list.data).toEqual([stored]);
    expect(fetch.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`).filter((r) => r.startsWith('GET')).sort()).toEqual([
      'GET /api/filter-groups',
      'GET /api/filter-groups',
      'GET /api/filters',
      'GET /api/filters',
    ]);
    fetch.restore();
  });

  it('take a deleted filter out of the list at once, before the list is asked again', async () => {
    let listCalls = 0;
    let release: () => void = () => undefined;
    const fetch = mockFetch({
      'GET /api/filters': () =>
        ++listCalls === 1 ? jsonResponse([stored]) : new Promise<Response>((resolve) => (release = () => resolve(jsonResponse([])))),
      'GET /api/filter-groups': [],
      'DELETE /api/filters/sf-1': () => jsonResponse(undefined, 204),
    });
    const client = createQueryClient();
    const { result } = renderHook(() => ({ list: useQuery(savedFiltersQuery()), remove: useDeleteSavedFilter() }), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.list.data).toEqual([stored]));
    let removed!: Promise<void>;
    act(() => {
      removed = result.current.remove(stored);
    });
    await waitFor(() => expect(result.current.list.data).toEqual([]));
    expect(listCalls).toBe(2);
    release();
    await act(async () => {
      await removed;
    });
    fetch.restore();
  });
});
