import { screen, waitFor, within } from '@testing-library/react';
import { withRemoteMessages } from '@linepulse/shared';
import { ROUTES, type DowntimeReasonRef, type JustifiableDowntime, type JustificationChange, type JustificationList, type JustificationRequest, type UserClaims } from '@linepulse/contracts';
import { TEST_USERS, jsonResponse, mockFetch, renderWithProviders, testFactory, type MockedRequest } from '@linepulse/shared/testing';
import { messages } from '../../messages';
import { TEST_IDS } from '../../test-ids';
import { JustificationPage } from './justification-page';

const Page = withRemoteMessages(messages, JustificationPage);
jest.setTimeout(60_000);

// The page shows today's instants as times alone: the clock (Date only, timers stay real) is 12:00 in Lyon.
beforeEach(() => {
  jest.useFakeTimers({
    now: new Date('2026-11-24T11:00:00.000Z'),
    doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
  });
});
let fetch: ReturnType<typeof mockFetch>;
afterEach(() => {
  fetch?.restore();
  jest.useRealTimers();
});

const reason = (id: string, name: string, category: string, is_planned: boolean): DowntimeReasonRef => ({ id, name, category, is_planned });
const JAM = reason('r-jam', 'Jam', 'Mechanical', false);
const BELT = reason('r-belt', 'Belt broken', 'Mechanical', false);
const CLEANING = reason('r-clean', 'Cleaning', 'Hygiene', true);
const CHANGEOVER = reason('r-changeover', 'Changeover', 'Setup', true);
const REASONS = [JAM, CLEANING, BELT, CHANGEOVER];

const change = (overrides: Partial<JustificationChange> & Pick<JustificationChange, 'id' | 'action'>): JustificationChange => ({
  parts: [],
  comment: null,
  user_name: 'Ana',
  at: '2026-11-24T09:42:00.000Z',
  undone: false,
  ...overrides,
});

function downtime(overrides: Partial<JustifiableDowntime> & Pick<JustifiableDowntime, 'production_unit_id' | 'start_time'>): JustifiableDowntime {
  return {
    id: `${overrides.production_unit_id}:${overrides.start_time}`,
    production_unit_name: overrides.production_unit_id === 'pu-1' ? 'Line 1' : 'Line 2',
    end_time: null,
    duration_ms: 0,
    justification_type: 'unjustified',
    machine_reasons: [],
    parts: [],
    comment: null,
    changes: [],
    ...overrides,
  };
}

// In Lyon: Line 2 stopped since 11:30 (unjustified), Line 1 10:00–10:20 (Jam by the machine, Cleaning by Ana at
// 10:42) and 8:00–8:30 (unjustified).
const STOPPED = downtime({ production_unit_id: 'pu-2', start_time: '2026-11-24T10:30:00.000Z', duration_ms: 30 * 60_000 });
const JUSTIFIED = downtime({
  production_unit_id: 'pu-1',
  start_time: '2026-11-24T09:00:00.000Z',
  end_time: '2026-11-24T09:20:00.000Z',
  duration_ms: 20 * 60_000,
  justification_type: 'planned',
  machine_reasons: [JAM],
  parts: [{ from: '2026-11-24T09:00:00.000Z', to: null, reason: CLEANING }],
  changes: [change({ id: 'c-1', action: 'justify', parts: [{ from: '2026-11-24T09:00:00.000Z', to: null, reason: CLEANING }] })],
});
const EARLY = downtime({ production_unit_id: 'pu-1', start_time: '2026-11-24T07:00:00.000Z', end_time: '2026-11-24T07:30:00.000Z', duration_ms: 30 * 60_000 });

const lyon = testFactory();
// Not in the api's order, to show that the page keeps the newest first whatever it receives.
const LIST: JustificationList = { downtimes: [JUSTIFIED, EARLY, STOPPED], reasons: REASONS };

function render({ user = TEST_USERS.operation, route = '/f-lyon/justification', language = 'en' }: { user?: UserClaims; route?: string; language?: 'en' | 'fr' | 'es' } = {}) {
  const notifier = { success: jest.fn(), error: jest.fn() };
  const result = renderWithProviders(<Page />, { factories: [lyon], route, path: ROUTES.justification.path, user, language, services: { notifier } });
  return { ...result, notifier };
}

const lists = (requests: MockedRequest[]) => requests.filter((r) => r.method === 'GET' && new URL(r.url).pathname.endsWith('/justifications'));
const posts = (requests: MockedRequest[]) => requests.filter((r) => r.method === 'POST');
const items = () => within(screen.getByTestId(TEST_IDS.justificationList)).getAllByTestId(TEST_IDS.justificationItem);
const item = (d: JustifiableDowntime) => items().find((element) => element.getAttribute('data-downtime-id') === d.id)!;
const listed = () => screen.findByTestId(TEST_IDS.justificationList);
/** Text with every kind of space as one plain space (Intl writes "10:42 AM" with a narrow no-break space). */
const plain = (element: Element) => (element.textContent ?? '').replace(/\s/g, ' ');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * The api: the list, and each POST answered with `answer(body)` (the downtime after the change), which the
 * list then holds, as the api's would (the page asks for it again after a change).
 */
function api(answer: (body: JustificationRequest) => Response | JustifiableDowntime = () => JUSTIFIED, list: JustificationList = LIST) {
  let served = list;
  return mockFetch({
    'GET /api/factories/f-lyon/justifications': () => jsonResponse(served),
    'POST /api/factories/f-lyon/justifications': (request: MockedRequest) => {
      const result = answer(request.body as JustificationRequest);
      if ('ok' in result) return result;
      served = { ...served, downtimes: served.downtimes.map((d) => (d.id === result.id ? result : d)) };
      return jsonResponse(result);
    },
  });
}

test('lists the downtimes of every line, newest first, the unjustified highlighted and said in words', async () => {
  fetch = api();
  render();
  expect(screen.getByRole('heading', { level: 1, name: 'Justify downtimes — Lyon' })).toBeInTheDocument();
  await listed();
  expect(items().map((element) => element.getAttribute('data-downtime-id'))).toEqual([STOPPED.id, JUSTIFIED.id, EARLY.id]);
  expect(items().map((element) => element.getAttribute('data-justification-type'))).toEqual(['unjustified', 'planned', 'unjustified']);
  expect(screen.getByText('3 downtimes, 2 unjustified')).toBeInTheDocument();

  const stopped = within(item(STOPPED));
  expect(stopped.getByRole('heading', { level: 3, name: 'Line 2' })).toBeInTheDocument();
  expect(stopped.getByText('Unjustified')).toBeInTheDocument();
  expect(plain(item(STOPPED))).toContain('Since 11:30:00 AM, still stopped (30 min so far)');
  expect(stopped.getByText('No reason yet.')).toBeInTheDocument();
  // Times are the factory's (Paris, UTC+1), and say so.
  expect(plain(item(EARLY))).toContain('8:00:00 AM to 8:30:00 AM (30 min)');
  expect(screen.getByText('Times in the factory’s time zone (Europe/Paris).')).toBeInTheDocument();

  // Every line of the factory (no unit ids: the api's default), the last 24 h.
  const [request] = lists(fetch.requests);
  expect(new URL(request!.url).searchParams.get('hours')).toBe('24');
  expect(new URL(request!.url).searchParams.has('production_unit_ids')).toBe(false);
  expect(screen.getByRole('combobox', { name: 'Production line' })).toHaveValue('');
});

test('shows the machine’s reason beside the person’s, and that the person’s choice wins', async () => {
  fetch = api();
  render();
  await listed();
  const card = item(JUSTIFIED);
  expect(plain(card)).toContain('Machine: Jam — replaced by: Cleaning (by Ana, 10:42 AM)');
  // The machine's reason is kept but struck through; the person's stands out.
  expect(within(card).getByText('Jam').tagName).toBe('S');
  expect(within(card).getByText('Cleaning').tagName).toBe('STRONG');
  expect(within(card).getByText('Planned')).toBeInTheDocument();
});

test('justifies a downtime with a reason found by searching, with an idempotency key, and tells every live figure', async () => {
  const justified: JustifiableDowntime = {
    ...STOPPED,
    justification_type: 'unplanned',
    parts: [{ from: STOPPED.start_time, to: null, reason: BELT }],
    changes: [change({ id: 'c-9', action: 'justify', user_name: 'Olivier Tremblay', at: '2026-11-24T11:00:00.000Z', parts: [{ from: STOPPED.start_time, to: null, reason: BELT }] })],
  };
  fetch = api(() => justified);
  const { userEvent, notifier } = render();
  await listed();
  await userEvent.click(within(item(STOPPED)).getByRole('button', { name: 'Justify' }));
  const dialog = await screen.findByRole('dialog', { name: 'Justify the downtime' });
  expect(within(dialog).getByText(/^Line 2 — Since 11:30:00/)).toBeInTheDocument();
  // Grouped by category; the search keeps what matches.
  expect(within(dialog).getByRole('group', { name: 'Mechanical' })).toBeInTheDocument();
  await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search reasons' }), 'belt');
  expect(within(dialog).queryByRole('radio', { name: 'Jam (unplanned)' })).not.toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('radio', { name: 'Belt broken (unplanned)' }));
  const listsBefore = lists(fetch.requests).length;
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const [post] = posts(fetch.requests);
  expect(post!.body).toEqual({ production_unit_id: 'pu-2', downtime_start: STOPPED.start_time, action: 'justify', reason_id: 'r-belt' });
  expect(post!.headers['idempotency-key']).toMatch(UUID);
  expect(notifier.success).toHaveBeenCalledWith('Reason saved.');
  expect(plain(item(STOPPED))).toContain('Reason: Belt broken (by Olivier Tremblay, 12:00 PM)');
  expect(item(STOPPED)).toHaveAttribute('data-justification-type', 'unplanned');
  // The live queries (this list among them) are asked again, so the figures elsewhere follow.
  await waitFor(() => expect(lists(fetch.requests).length).toBeGreaterThan(listsBefore));
});

test('splits a downtime at an instant into two parts with their own reasons', async () => {
  const split: JustifiableDowntime = {
    ...EARLY,
    justification_type: 'mixed',
    parts: [
      { from: EARLY.start_time, to: '2026-11-24T07:10:00.000Z', reason: CHANGEOVER },
      { from: '2026-11-24T07:10:00.000Z', to: null, reason: JAM },
    ],
    changes: [change({ id: 'c-2', action: 'split', user_name: 'Olivier Tremblay', at: '2026-11-24T11:00:00.000Z' })],
  };
  fetch = api(() => split);
  const { userEvent, notifier } = render();
  await listed();
  await userEvent.click(within(item(EARLY)).getByRole('button', { name: 'Split' }));
  const dialog = await screen.findByRole('dialog', { name: 'Split the downtime' });
  const at = within(dialog).getByLabelText('Split at');
  // It starts in the middle of the downtime.
  expect(at).toHaveValue('08:15');

  // A time outside the downtime is refused before anything is sent.
  await userEvent.clear(at);
  await userEvent.type(at, '09:00');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(plain(dialog)).toContain('Enter a time inside the downtime, between 8:00:00 AM and 8:30:00 AM.');
  expect(within(dialog).getAllByText('Choose a reason.')).toHaveLength(2);
  expect(posts(fetch.requests)).toHaveLength(0);

  await userEvent.clear(at);
  await userEvent.type(at, '08:10');
  const before = within(dialog).getByRole('group', { name: 'Reason before the split' });
  const after = within(dialog).getByRole('group', { name: 'Reason after the split' });
  await userEvent.click(within(before).getByRole('radio', { name: 'Changeover (planned)' }));
  await userEvent.type(within(after).getByRole('searchbox', { name: 'Search reasons' }), 'jam');
  await userEvent.click(within(after).getByRole('radio', { name: 'Jam (unplanned)' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(posts(fetch.requests)[0]!.body).toEqual({
    production_unit_id: 'pu-1',
    downtime_start: EARLY.start_time,
    action: 'split',
    at: '2026-11-24T07:10:00.000Z',
    reason_ids: ['r-changeover', 'r-jam'],
  });
  expect(notifier.success).toHaveBeenCalledWith('Downtime split.');
  // `hidden`: in jsdom the page stays aria-hidden once a dialog that was open a while has closed (Fluent's
  // modal does not undo it there; the custom periods' and reports' tests wait seconds for it).
  const parts = within(item(EARLY)).getByRole('list', { name: 'Parts of the downtime', hidden: true });
  expect(within(parts).getAllByRole('listitem', { hidden: true }).map(plain)).toEqual([
    '8:00:00 AM to 8:10:00 AM: Changeover (Setup)Change reason',
    '8:10:00 AM to the end: Jam (Mechanical)Change reason',
  ]);

  // One part's reason can then be changed on its own.
  await userEvent.click(within(parts).getAllByRole('button', { name: 'Change reason', hidden: true })[1]!);
  const partDialog = await screen.findByRole('dialog', { name: 'Justify part 2 of the downtime' });
  expect(within(partDialog).getByRole('radio', { name: 'Jam (unplanned)' })).toBeChecked();
  await userEvent.click(within(partDialog).getByRole('radio', { name: 'Belt broken (unplanned)' }));
  await userEvent.click(within(partDialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(posts(fetch.requests)).toHaveLength(2));
  expect(posts(fetch.requests)[1]!.body).toMatchObject({ action: 'justify', reason_id: 'r-belt', part_index: 1 });
});

test('adds a comment', async () => {
  const commented = { ...JUSTIFIED, comment: 'Operator on break', changes: [change({ id: 'c-3', action: 'comment', comment: 'Operator on break' }), ...JUSTIFIED.changes] };
  fetch = api(() => commented);
  const { userEvent, notifier } = render();
  await listed();
  await userEvent.click(within(item(JUSTIFIED)).getByRole('button', { name: 'Comment' }));
  const dialog = await screen.findByRole('dialog', { name: 'Comment on the downtime' });
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Comment' }), '  Operator on break ');
  expect(within(dialog).getByText(/^17 of 500 characters/)).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(posts(fetch.requests)[0]!.body).toEqual({ production_unit_id: 'pu-1', downtime_start: JUSTIFIED.start_time, action: 'comment', comment: 'Operator on break' });
  expect(notifier.success).toHaveBeenCalledWith('Comment saved.');
  expect(within(item(JUSTIFIED)).getByText('Comment: Operator on break')).toBeInTheDocument();
});

test('undoes the last change, and the history shows who did what and when, the undone marked', async () => {
  const withHistory: JustifiableDowntime = {
    ...JUSTIFIED,
    comment: 'Filler',
    changes: [change({ id: 'c-4', action: 'comment', comment: 'Filler', user_name: 'Ben', at: '2026-11-24T09:50:00.000Z' }), ...JUSTIFIED.changes],
  };
  const undone: JustifiableDowntime = {
    ...withHistory,
    comment: null,
    changes: [change({ id: 'c-5', action: 'undo', user_name: 'Olivier Tremblay', at: '2026-11-24T11:00:00.000Z' }), { ...withHistory.changes[0]!, undone: true }, ...JUSTIFIED.changes],
  };
  fetch = api(() => undone, { ...LIST, downtimes: [withHistory, EARLY, STOPPED] });
  const { userEvent, notifier } = render();
  await listed();

  const card = () => within(item(JUSTIFIED));
  await userEvent.click(card().getByRole('button', { name: 'History (2)' }));
  expect(card().getByRole('button', { name: 'History (2)' })).toHaveAttribute('aria-expanded', 'true');
  const history = () => card().getByRole('list', { name: 'Changes to this downtime, newest first' });
  expect(within(history()).getAllByRole('listitem').map(plain)).toEqual(['10:50 AM, Ben: comment “Filler”', '10:42 AM, Ana: reason Cleaning (Hygiene)']);

  await userEvent.click(card().getByRole('button', { name: 'Undo last change' }));
  await waitFor(() => expect(notifier.success).toHaveBeenCalledWith('Last change undone.'));
  const [post] = posts(fetch.requests);
  expect(post!.body).toEqual({ production_unit_id: 'pu-1', downtime_start: JUSTIFIED.start_time, action: 'undo' });
  expect(post!.headers['idempotency-key']).toMatch(UUID);
  expect(card().queryByText('Comment: Filler')).not.toBeInTheDocument();
  expect(within(history()).getAllByRole('listitem').map(plain)).toEqual([
    '12:00 PM, Olivier Tremblay: undid the previous change',
    '10:50 AM, Ben: comment “Filler” Undone',
    '10:42 AM, Ana: reason Cleaning (Hygiene)',
  ]);
});

test('the display role reads the same list without any control to change it, and is told why', async () => {
  fetch = api();
  render({ user: TEST_USERS.presenter });
  await listed();
  expect(screen.getByText('Read only')).toBeInTheDocument();
  expect(screen.getByText(/The TV or Display role shows the downtimes but cannot justify them/)).toBeInTheDocument();
  for (const name of ['Justify', 'Split', 'Comment', 'Undo last change', 'Change reason']) {
    expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  }
  expect(plain(item(JUSTIFIED))).toContain('Machine: Jam — replaced by: Cleaning (by Ana, 10:42 AM)');
  expect(within(item(JUSTIFIED)).getByRole('button', { name: 'History (1)' })).toBeInTheDocument();
});

test('an error of the api keeps the form open with what was chosen, says it in words, and a retry reuses the key', async () => {
  let failures = 1;
  fetch = api(() =>
    failures-- > 0 ? jsonResponse({ errors: [{ code: 'JUST_REASON_404', arguments: { id: 'r-clean' }, message: 'no such reason' }] }, 404) : { ...EARLY, justification_type: 'planned' },
  );
  const { userEvent, notifier } = render();
  await listed();
  await userEvent.click(within(item(EARLY)).getByRole('button', { name: 'Justify' }));
  const dialog = await screen.findByRole('dialog', { name: 'Justify the downtime' });
  await userEvent.click(within(dialog).getByRole('radio', { name: 'Cleaning (planned)' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent('This reason is not one of the factory’s. Choose another one.');
  expect(screen.getByRole('dialog', { name: 'Justify the downtime' })).toBeInTheDocument();
  expect(within(dialog).getByRole('radio', { name: 'Cleaning (planned)' })).toBeChecked();
  expect(notifier.success).not.toHaveBeenCalled();

  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const [first, retry] = posts(fetch.requests);
  expect(retry!.body).toEqual(first!.body);
  expect(retry!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  expect(item(EARLY)).toHaveAttribute('data-justification-type', 'planned');
});

test('one line over another period: the choice is asked of the api and kept in the URL; an empty answer says so', async () => {
  fetch = api(() => JUSTIFIED, { downtimes: [], reasons: REASONS });
  const { userEvent } = render({ route: '/f-lyon/justification?line=pu-1' });
  expect(await screen.findByText('No downtime in the last 24 h.')).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Production line' })).toHaveValue('pu-1');
  expect(new URL(lists(fetch.requests)[0]!.url).searchParams.get('production_unit_ids')).toBe('pu-1');

  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 8 hours');
  expect(await screen.findByText('No downtime in the last 8 h.')).toBeInTheDocument();
  expect(new URL(lists(fetch.requests).at(-1)!.url).searchParams.get('hours')).toBe('8');
  expect(new URL(lists(fetch.requests).at(-1)!.url).searchParams.get('production_unit_ids')).toBe('pu-1');
});

test('a list that could not be loaded says so, with a retry', async () => {
  let failures = 1;
  fetch = mockFetch({
    'GET /api/factories/f-lyon/justifications': () => (failures-- > 0 ? jsonResponse({ errors: [{ code: 'GEN_500', arguments: {}, message: 'boom' }] }, 500) : jsonResponse(LIST)),
  });
  const { userEvent } = render();
  const section = await screen.findByRole('region', { name: 'Recent downtimes' });
  await waitFor(() => expect(section).toHaveAttribute('data-state', 'error'));
  await userEvent.click(within(section).getByRole('button', { name: 'Retry' }));
  await listed();
  expect(items()).toHaveLength(3);
});

test('speaks French, with its typography', async () => {
  fetch = api();
  render({ language: 'fr' });
  expect(screen.getByRole('heading', { level: 1, name: 'Justifier les arrêts — Lyon' })).toBeInTheDocument();
  await listed();
  expect(screen.getByText('3 arrêts, 2 non justifiés')).toBeInTheDocument();
  expect(within(item(STOPPED)).getByText('Non justifié')).toBeInTheDocument();
  // A no-break space before the colons, the times in 24 h.
  expect(item(JUSTIFIED).textContent).toContain('Raison machine\u00a0: Jam — remplacée par\u00a0: Cleaning (par Ana, 10:42)');
  expect(item(EARLY).textContent).toContain('De 08:00:00 à 08:30:00 (30 min)');
  expect(within(item(STOPPED)).getByRole('button', { name: 'Justifier' })).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Période' })).toHaveDisplayValue('Les 24 dernières heures');
});

