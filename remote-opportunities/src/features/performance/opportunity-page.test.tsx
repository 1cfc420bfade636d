import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SECTION_TEST_ID, withRemoteMessages } from '@linepulse/shared';
import { ROUTES } from '@linepulse/contracts';
import { TEST_USERS, jsonResponse, mockFetch, renderWithProviders, testFactory, type MockedRequest } from '@linepulse/shared/testing';
import { messages } from '../../messages';
import { occurrencesAnswer, targetsAnswer, unitAnswer } from '../../testing/opportunity-fixtures';
import { opportunityPage } from './opportunity-page';

jest.setTimeout(60_000);
const ShiftChanges = withRemoteMessages(messages, opportunityPage('shiftChanges'));
const PlannedDowntimes = withRemoteMessages(messages, opportunityPage('plannedDowntimes'));
const lyon = testFactory();

let fetch: ReturnType<typeof mockFetch>;
afterEach(() => fetch?.restore());

function answers(canEdit: boolean, overrides: Record<string, unknown> = {}) {
  return {
    'GET /api/opportunities/targets': targetsAnswer(canEdit),
    'POST /api/opportunities/unit': unitAnswer(),
    'POST /api/opportunities/occurrences': (request: MockedRequest) => jsonResponse(occurrencesAnswer(120, (request.body as { offset?: number }).offset ?? 0)),
    ...overrides,
  };
}

const allDrawn = () => waitFor(() => expect(document.querySelectorAll(`[data-testid="${SECTION_TEST_ID}"][data-state="loading"]`)).toHaveLength(0), { timeout: 30_000 });
const bodies = (path: string) => fetch.requests.filter((r) => new URL(r.url).pathname === path).map((r) => r.body as Record<string, unknown>);

test('opened without a choice, it asks for one and writes it into the URL', async () => {
  fetch = mockFetch(answers(false));
  renderWithProviders(<ShiftChanges />, { factories: [lyon], route: '/performance-manager/shift-changes', path: ROUTES.shiftChanges.path, user: TEST_USERS.operation });
  expect(screen.getByText('Choose a factory and a production line to see their opportunities.')).toBeInTheDocument();
  expect(bodies('/api/opportunities/unit')).toHaveLength(0);
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Factory' }), 'Lyon');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Production line' }), 'Line 2');
  // The title follows the URL's choice; the figures are asked for that line.
  expect(await screen.findByRole('heading', { level: 1, name: 'Shift changes — Lyon — Line 2' })).toBeInTheDocument();
  await allDrawn();
  expect(bodies('/api/opportunities/unit')[0]).toMatchObject({ factory_id: 'f-lyon', production_unit_id: 'pu-2', kind: 'shift_changes' });
});

test('summary, distribution, trend, breakdown and occurrences; a director changes the target', async () => {
  fetch = mockFetch({
    ...answers(true),
    'PUT /api/opportunities/targets': () => jsonResponse(undefined, 204),
  });
  const notifier = { success: jest.fn(), error: jest.fn() };
  renderWithProviders(<ShiftChanges />, {
    factories: [lyon],
    route: '/performance-manager/shift-changes?factoryId=f-lyon&productionUnitId=pu-1',
    path: ROUTES.shiftChanges.path,
    user: TEST_USERS.admin,
    services: { notifier },
  });
  await allDrawn();
  const summary = screen.getByRole('region', { name: 'Summary' });
  expect(within(summary).getByText('90th percentile').parentElement).toHaveTextContent('1 h');
  expect(within(summary).getByText('Target').parentElement).toHaveTextContent('20 min (the line’s median over the period)');
  expect(screen.getByTestId('opportunity-gain')).toHaveTextContent('40 min');
  expect(within(summary).getByText('Money').parentElement).toHaveTextContent('€');
  // Charts load with Highcharts, after the figures.
  await waitFor(() => expect(screen.getByRole('region', { name: 'Distribution of the losses' })).toHaveTextContent('Bar chart with 4 bars.'), { timeout: 20_000 });
  await waitFor(() => expect(screen.getByRole('region', { name: 'Trend: mean loss per occurrence' })).toHaveTextContent('Bar chart with 12 bars.'), { timeout: 20_000 });
  const pairs = screen.getByRole('table', { name: 'By pair of shifts' });
  expect(within(pairs).getByRole('row', { name: /Day → Evening/ })).toHaveTextContent('30 min');

  // Occurrences: sorted by loss first, paged by 50, each linking to the availability page at that moment.
  const list = screen.getByRole('table', { name: 'Occurrences' });
  expect(within(list).getAllByRole('row')).toHaveLength(51);
  expect(screen.getByText('Occurrences 1–50 of 120')).toBeInTheDocument();
  const first = within(list).getAllByRole('row')[1]!;
  expect(first).toHaveTextContent('Day → Evening');
  expect(first).toHaveTextContent('(Cleaning)');
  expect(within(first).getByRole('link')).toHaveAttribute('href', '/f-lyon/availability-downtime?unit=pu-1&from=2026-11-16T12%3A55%3A00.000Z&to=2026-11-16T13%3A25%3A00.000Z');
  expect(bodies('/api/opportunities/occurrences')[0]).toMatchObject({ sort: 'lost', direction: 'desc', offset: 0, limit: 50 });
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(screen.getByText('Occurrences 51–100 of 120')).toBeInTheDocument());

  // A target of 12.5 minutes is stored as 750 s (said before saving), then the figures are asked again.
  const asked = bodies('/api/opportunities/unit').length;
  const minutes = screen.getByRole('textbox', { name: 'Target in minutes' });
  await userEvent.type(minutes, '12.5');
  expect(minutes).toHaveAccessibleDescription('Saved as 12 min 30 s.');
  await userEvent.click(screen.getByRole('button', { name: 'Save the target' }));
  await waitFor(() => expect(notifier.success).toHaveBeenCalledWith('Target saved: the figures follow it.'));
  expect(fetch.requests.find((r) => r.method === 'PUT')?.body).toEqual({ factory_id: 'f-lyon', production_unit_id: 'pu-1', kind: 'shift_changes', target_seconds: 750 });
  await waitFor(() => expect(bodies('/api/opportunities/unit').length).toBeGreaterThan(asked));
});

test('a target out of range is refused in the form, and nothing is sent', async () => {
  fetch = mockFetch(answers(true));
  renderWithProviders(<ShiftChanges />, {
    factories: [lyon],
    route: '/performance-manager/shift-changes?factoryId=f-lyon&productionUnitId=pu-1',
    path: ROUTES.shiftChanges.path,
    user: TEST_USERS.admin,
  });
  await allDrawn();
  await userEvent.type(screen.getByRole('textbox', { name: 'Target in minutes' }), '2000');
  await userEvent.click(screen.getByRole('button', { name: 'Save the target' }));
  expect(await screen.findByText('Enter a number of minutes from 0 to 1 440.')).toBeInTheDocument();
  expect(fetch.requests.some((r) => r.method === 'PUT')).toBe(false);
});

test('a supervisor sees no money and cannot change the target', async () => {
  fetch = mockFetch(answers(false, { 'POST /api/opportunities/unit': { ...unitAnswer(), summary: { ...unitAnswer().summary, gain_currency: undefined } } }));
  renderWithProviders(<ShiftChanges />, {
    factories: [lyon],
    route: '/performance-manager/shift-changes?factoryId=f-lyon&productionUnitId=pu-1',
    path: ROUTES.shiftChanges.path,
    user: TEST_USERS.operation,
  });
  await allDrawn();
  expect(screen.queryByText('Money')).not.toBeInTheDocument();
  expect(screen.queryByRole('columnheader', { name: 'Lost money' })).not.toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Target in minutes' })).not.toBeInTheDocument();
});

test('planned downtime: the reason comes from the URL, is offered among the factory’s, and a failure can be retried', async () => {
  let fail = true;
  fetch = mockFetch(
    answers(false, {
      'POST /api/opportunities/unit': () =>
        fail ? jsonResponse({ errors: [{ code: 'GEN_500', arguments: {}, message: 'boom' }] }, 500) : jsonResponse(unitAnswer({ target_ms: 600_000, target_source: 'reason' })),
    }),
  );
  renderWithProviders(<PlannedDowntimes />, {
    factories: [lyon],
    route: '/performance-manager/planned-downtimes-with-target?factoryId=f-lyon&productionUnitId=pu-1&downtimeReasonId=r-clean',
    path: ROUTES.plannedDowntimesWithTarget.path,
    user: TEST_USERS.operation,
  });
  await allDrawn();
  expect(screen.getByRole('combobox', { name: 'Planned reason' })).toHaveValue('r-clean');
  expect(bodies('/api/opportunities/unit')[0]).toMatchObject({ kind: 'planned_downtime_above_target', downtime_reason_id: 'r-clean' });
  const summary = screen.getByRole('region', { name: 'Summary' });
  fail = false;
  await userEvent.click(within(summary).getByRole('button', { name: /retry/i }));
  await waitFor(() => expect(within(summary).getByText('Target').parentElement).toHaveTextContent('10 min (the reason’s target duration)'));
});

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const JAM = '89551c08-3f1e-4b2a-9c47-1d2e3f4a5b6c';
const GONE = '0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';

/** Occurrences whose downtimes are justified by an unplanned reason, by none, and by a reason the answer does not name. */
function mixedReasons(request: MockedRequest) {
  const answer = occurrencesAnswer(3, (request.body as { offset?: number }).offset ?? 0);
  const reasons = [[JAM], [], [GONE]];
  answer.occurrences.forEach((o, i) => {
    o.downtimes = o.downtimes.map((d) => ({ ...d, reason_ids: reasons[i]! }));
  });
  answer.names = { ...answer.names, reasons: { ...answer.names.reasons, [JAM]: 'Jam' } };
  return jsonResponse(answer);
}

test('the occurrence list names each downtime’s reasons, says when none justifies it, and never shows an id', async () => {
  fetch = mockFetch(answers(false, { 'POST /api/opportunities/occurrences': mixedReasons }));
  renderWithProviders(<ShiftChanges />, {
    factories: [lyon],
    route: '/performance-manager/shift-changes?factoryId=f-lyon&productionUnitId=pu-1',
    path: ROUTES.shiftChanges.path,
    user: TEST_USERS.operation,
  });
  await allDrawn();
  const rows = within(screen.getByRole('table', { name: 'Occurrences' })).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(3);
  const downtimes = rows.map((row) => within(row).getAllByRole('cell')[2]!.textContent);
  expect(downtimes[0]).toMatch(/–.*\(Jam\)$/);
  expect(downtimes[1]).toMatch(/\(unjustified\)$/);
  expect(downtimes[2]).toMatch(/\(unknown reason\)$/);
  expect(document.body.textContent).not.toMatch(UUID);
});

test('in French, a downtime without a reason is “non justifié”', async () => {
  fetch = mockFetch(answers(false, { 'POST /api/opportunities/occurrences': mixedReasons }));
  renderWithProviders(<ShiftChanges />, {
    factories: [lyon],
    route: '/performance-manager/shift-changes?factoryId=f-lyon&productionUnitId=pu-1',
    path: ROUTES.shiftChanges.path,
    user: TEST_USERS.operation,
    language: 'fr',
  });
  await allDrawn();
  const list = screen.getByRole('table', { name: 'Occurrences' });
  expect(within(list).getByText(/\(non justifié\)$/)).toBeInTheDocument();
  expect(within(list).getByText(/\(motif inconnu\)$/)).toBeInTheDocument();
});

test('a target of 7.5 minutes reads 7 min 30 s; removing it asks first and says the median that applies then', async () => {
  fetch = mockFetch({
    ...answers(true, { 'POST /api/opportunities/unit': unitAnswer({ target_ms: 450_000, target_source: 'unit' }) }),
    'PUT /api/opportunities/targets': () => jsonResponse(undefined, 204),
  });
  const notifier = { success: jest.fn(), error: jest.fn() };
  renderWithProviders(<ShiftChanges />, {
    factories: [lyon],
    route: '/performance-manager/shift-changes?factoryId=f-lyon&productionUnitId=pu-1',
    path: ROUTES.shiftChanges.path,
    user: TEST_USERS.admin,
    services: { notifier },
  });
  await allDrawn();
  const summary = screen.getByRole('region', { name: 'Summary' });
  expect(within(summary).getByText('Target').parentElement).toHaveTextContent('7 min 30 s (set for this line)');
  const minutes = screen.getByRole('textbox', { name: 'Target in minutes' });
  expect(minutes).toHaveValue('7.5');

  // An emptied field asks before removing; keeping it sends nothing.
  await userEvent.clear(minutes);
  expect(minutes).toHaveAccessibleDescription('Empty: saving removes the target.');
  await userEvent.click(screen.getByRole('button', { name: 'Save the target' }));
  let dialog = await screen.findByRole('alertdialog', { name: 'Remove this line’s target?' }, { timeout: 15_000 });
  expect(dialog).toHaveTextContent('The target of 7 min 30 s is removed. The line’s median over the period, 20 min, then applies');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(fetch.requests.some((r) => r.method === 'PUT')).toBe(false);

  // The button does the same, and confirming removes it (null: the median again).
  await userEvent.click(screen.getByRole('button', { name: 'Remove the target' }));
  dialog = await screen.findByRole('alertdialog', { name: 'Remove this line’s target?' }, { timeout: 15_000 });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Remove the target' }));
  await waitFor(() => expect(notifier.success).toHaveBeenCalledWith('Target removed: the line’s median applies again.'));
  expect(fetch.requests.find((r) => r.method === 'PUT')?.body).toEqual({ factory_id: 'f-lyon', production_unit_id: 'pu-1', kind: 'shift_changes', target_seconds: null });
});

const noOccurrences = () =>
  unitAnswer({
    occurrences: 0, above_target: 0, lost_ms: 0, mean_ms: null, excess_ms: 0, median_ms: null, p90_ms: null, p95_ms: null,
    target_ms: null, target_source: 'median', gain_hours: 0, gain_units: 0,
  });

test('with no occurrences there is no median: the summary says there is no target, and why (en, fr, es)', async () => {
  const texts = {
    en: ['Target', 'no target: no occurrences in this period to take a median from'],
    fr: ['Cible', 'aucune cible\u00a0: aucune occurrence sur cette période dont prendre la médiane'],
    es: ['Objetivo', 'sin objetivo: ninguna ocurrencia en este período de la que tomar la mediana'],
  } as const;
  for (const language of ['en', 'fr', 'es'] as const) {
    fetch?.restore();
    fetch = mockFetch(answers(false, { 'POST /api/opportunities/unit': noOccurrences(), 'POST /api/opportunities/occurrences': occurrencesAnswer(0) }));
    const { unmount } = renderWithProviders(<ShiftChanges />, {
      factories: [lyon],
      route: '/performance-manager/shift-changes?factoryId=f-lyon&productionUnitId=pu-1',
      path: ROUTES.shiftChanges.path,
      user: TEST_USERS.operation,
      language,
    });
    await allDrawn();
    const [term, text] = texts[language];
    // textContent: the French no-break space before the colon, which toHaveTextContent would normalise away.
    expect(screen.getAllByText(term).find((el) => el.tagName === 'DT')!.parentElement!.textContent).toBe(`${term}${text}`);
    expect(document.body.textContent).not.toMatch(/0 s \(/);
    unmount();
  }
});
