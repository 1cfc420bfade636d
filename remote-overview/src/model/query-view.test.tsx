import { renderHook, act } from '@testing-library/react';
import type { QueryView } from '@linepulse/shared';
import { useDeferredView } from './query-view';

const view = (data: string | undefined, state: Partial<QueryView<string>> = {}): QueryView<string> => ({
  data,
  loading: data === undefined,
  refreshing: false,
  error: undefined,
  reload: () => undefined,
  ...state,
});

/** Every view the hook rendered, in order (the later pass comes after the browser has painted the first). */
function renders(first: QueryView<string>) {
  const seen: Array<Pick<QueryView<string>, 'data' | 'loading' | 'refreshing'>> = [];
  const hook = renderHook(({ current }) => {
    const shown = useDeferredView(current);
    seen.push({ data: shown.data, loading: shown.loading, refreshing: shown.refreshing });
    return shown;
  }, { initialProps: { current: first } });
  return {
    seen,
    next: async (current: QueryView<string>, { settle = true } = {}) => {
      seen.length = 0;
      act(() => hook.rerender({ current }));
      // The later pass, if any, within the hidden-tab fallback's 100 ms.
      if (settle) await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    },
  };
}

test('an answer is drawn in a second pass: the part stays loading in the first one, never empty', async () => {
  const page = renders(view(undefined));
  await page.next(view('figures'));
  expect(page.seen[0]).toEqual({ data: undefined, loading: true, refreshing: false });
  expect(page.seen.at(-1)).toEqual({ data: 'figures', loading: false, refreshing: false });
});

test('a refresh keeps the older figures shown until the new ones are drawn (a wall display never blanks)', async () => {
  const page = renders(view('before'));
  await page.next(view('after'));
  expect(page.seen[0]).toEqual({ data: 'before', loading: false, refreshing: true });
  expect(page.seen.at(-1)).toEqual({ data: 'after', loading: false, refreshing: false });
  expect(page.seen.some((shown) => shown.data === undefined)).toBe(false);
});

test('a new selection empties the part at once: no pass shows the previous selection’s figures', async () => {
  const page = renders(view('Lyon'));
  await page.next(view(undefined));
  expect(page.seen.every((shown) => shown.data === undefined && shown.loading)).toBe(true);
  // Its answer then comes as a first answer does, never as a refresh of the previous selection, even
  // when it comes at once (a selection asked for before, answered from the cache).
  await page.next(view('Lyon'));
  await page.next(view(undefined), { settle: false });
  const emptied = [...page.seen];
  await page.next(view('Montréal'));
  expect(emptied.every((shown) => shown.data === undefined)).toBe(true);
  expect(page.seen.some((shown) => shown.data === 'Lyon')).toBe(false);
  expect(page.seen.at(-1)).toEqual({ data: 'Montréal', loading: false, refreshing: false });
});

test('a failure with nothing shown passes through as it is', async () => {
  const failure = new Error('refused');
  const page = renders(view(undefined));
  await page.next(view(undefined, { loading: false, error: failure }));
  expect(page.seen.at(-1)).toEqual({ data: undefined, loading: false, refreshing: false });
});
