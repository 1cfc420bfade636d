import { createStore } from 'jotai';
import { defaultPreferences, type Factory, type Preferences } from '@linepulse/contracts';
import { preferencesQuery } from '../api/get-preferences';
import { userFactoriesQuery } from '../api/get-user-factories';
import { createQueryClient } from '../state/query-client';
import { TEST_USERS, testFactory } from '../testing/fixtures';
import { PERIOD_CHOSEN_STORAGE_KEY, periodAtom } from './period';
import { savedFilterRestoredAtom } from './saved-filters';
import { openingSelection } from './opening-selection';
import { selectedFactoryIdsAtom, selectionAtom } from './selection';

const lyon: Factory = testFactory({ id: 'f-lyon', name: 'Lyon' });

function preferences(tilelytics: Partial<Preferences['tilelytics']> = {}): Preferences {
  const base = defaultPreferences();
  return { ...base, tilelytics: { ...base.tilelytics, ...tilelytics } };
}

/** The session's calls as the start-up leaves them: under way, answered when the test says. */
function sessionUnderWay() {
  const queryClient = createQueryClient();
  const answers: { preferences?: (value: Preferences) => void; factories?: (value: Factory[]) => void } = {};
  const asked = { preferences: 0, factories: 0 };
  void queryClient.prefetchQuery({
    queryKey: preferencesQuery().queryKey,
    queryFn: () => new Promise<Preferences>((resolve) => ((asked.preferences += 1), (answers.preferences = resolve))),
  });
  void queryClient.prefetchQuery({
    queryKey: userFactoriesQuery().queryKey,
    queryFn: () => new Promise<Factory[]>((resolve) => ((asked.factories += 1), (answers.factories = resolve))),
  });
  return { queryClient, answers, asked };
}

// The browser's storage (where this browser's period choice is flagged), without a DOM.
const stored = new Map<string, string>();
const localStorage = { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) };
beforeAll(() => Object.defineProperty(globalThis, 'localStorage', { value: localStorage, configurable: true }));
afterAll(() => Reflect.deleteProperty(globalThis, 'localStorage'));
afterEach(() => stored.clear());

test('waits for the session’s calls under way, without asking again, and reads what the page will show', async () => {
  const { queryClient, answers, asked } = sessionUnderWay();
  const store = createStore();
  store.set(selectedFactoryIdsAtom, ['f-lyon']);
  const opening = openingSelection({ queryClient, store, user: TEST_USERS.admin });
  answers.factories?.([lyon]);
  answers.preferences?.(preferences());
  // Untouched preferences: the overview's default, yesterday (as usePeriod chooses).
  await expect(opening).resolves.toEqual({
    period: { option: 'lastday', startDate: null, endDate: null },
    selection: { kind: 'factories' },
    factories: [lyon],
    selectedFactoryIds: ['f-lyon'],
  });
  expect(asked).toEqual({ preferences: 1, factories: 1 });
});

test('the period: one chosen in this session, else the saved one when this user chose it in this browser', async () => {
  const { queryClient, answers } = sessionUnderWay();
  answers.factories?.([lyon]);
  answers.preferences?.(preferences({ selected_time_option: 'last7days' }));
  const store = createStore();
  const periodOf = async () => (await openingSelection({ queryClient, store, user: TEST_USERS.admin }))?.period.option;
  await expect(periodOf()).resolves.toBe('lastday');
  localStorage.setItem(`${PERIOD_CHOSEN_STORAGE_KEY}:${TEST_USERS.admin.user_id}`, '1');
  await expect(periodOf()).resolves.toBe('last7days');
  store.set(periodAtom, { option: 'last30days', startDate: null, endDate: null });
  await expect(periodOf()).resolves.toBe('last30days');
});

test('nothing while a saved filter the preferences name is still to be applied again', async () => {
  const { queryClient, answers } = sessionUnderWay();
  answers.factories?.([lyon]);
  answers.preferences?.(preferences({ selected_tilelytics_filter_id: 'filter-1' }));
  const store = createStore();
  const context = { queryClient, store, user: TEST_USERS.admin };
  await expect(openingSelection(context)).resolves.toBeNull();
  // Applied (its groups are the selection now): the selection is known.
  store.set(savedFilterRestoredAtom, true);
  store.set(selectionAtom, { kind: 'groups', groups: [], savedFilterId: 'filter-1', savedFilterName: 'Mine' });
  await expect(openingSelection(context)).resolves.toMatchObject({ selection: { kind: 'groups', savedFilterId: 'filter-1' } });
});

test('nothing for a user not enabled for the product, a failed session call, or one never started', async () => {
  const store = createStore();
  const notStarted = createQueryClient();
  await expect(openingSelection({ queryClient: notStarted, store, user: TEST_USERS.admin })).resolves.toBeNull();
  expect(notStarted.getQueryState(preferencesQuery().queryKey)).toBeUndefined();

  const { queryClient, answers } = sessionUnderWay();
  answers.preferences?.(preferences());
  await expect(openingSelection({ queryClient, store, user: TEST_USERS.notEnabled })).resolves.toBeNull();

  const failing = createQueryClient();
  void failing.prefetchQuery({ queryKey: preferencesQuery().queryKey, queryFn: () => Promise.resolve(preferences()) });
  const factories = failing.prefetchQuery({ queryKey: userFactoriesQuery().queryKey, queryFn: () => Promise.reject(new Error('403')) });
  const opening = openingSelection({ queryClient: failing, store, user: TEST_USERS.admin });
  await factories;
  await expect(opening).resolves.toBeNull();
});
