import { screen, waitFor, within } from '@testing-library/react';
import { RemoteIntlProvider, type RemoteMessages } from '@linepulse/shared';
import { jsonResponse, mockFetch, renderWithProviders } from '@linepulse/shared/testing';
import type { HistoryImport, HistoryImportDetail, Language } from '@linepulse/contracts';
import { messages } from '../../messages';
import { HistoryImportPanel } from './history-import-panel';

const FACTORY = 'f0000000-0000-4000-8000-000000000001';
const IMPORT = 'i0000000-0000-4000-8000-000000000001';
const listPath = `/factories/${FACTORY}/history-imports`;
const jobPath = `${listPath}/${IMPORT}`;

const job = (patch: Partial<HistoryImportDetail> = {}): HistoryImportDetail => ({
  id: IMPORT,
  factory_id: FACTORY,
  format: 'ndjson',
  file_name: 'history.ndjson',
  phase: 'store',
  bytes_total: 2048,
  bytes_read: 1024,
  rows_read: 1200,
  rows_stored: 1150,
  rows_duplicate: 30,
  rows_refused: 20,
  units_total: 0,
  units_pending: 0,
  failure: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:05.000Z',
  finished_at: null,
  errors: [],
  errors_omitted: 0,
  ...patch,
});

const summary = (detail: HistoryImportDetail): HistoryImport => {
  const { errors: _errors, errors_omitted: _omitted, ...rest } = detail;
  return rest;
};

const REFUSED = job({
  phase: 'done',
  bytes_read: 2048,
  units_total: 2,
  finished_at: '2026-11-20T10:01:00.000Z',
  rows_refused: 1_003,
  errors: [
    { line: 2, code: 'IMP_LINE_INVALID', field: null, arguments: { reason: 'json', line: 2, problems: 1 }, message: 'line 2: not JSON' },
    { line: 5, code: 'IMP_EVENT_IN_FUTURE', field: 'at', arguments: { field: 'at', max_minutes: 5, line: 5, problems: 1 }, message: 'line 5: at: in the future' },
    { line: 8, code: 'ING_UNIT_UNKNOWN', field: 'unit', arguments: { field: 'unit', line: 8, problems: 1 }, message: 'line 8: unit: no production unit NOPE' },
  ],
  errors_omitted: 1_000,
});

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

function renderPanel(routes: Parameters<typeof mockFetch>[0], language: Language = 'en') {
  fetchMock = mockFetch(routes);
  const rendered = renderWithProviders(
    <RemoteIntlProvider messages={messages as RemoteMessages}>
      <HistoryImportPanel factoryId={FACTORY} />
    </RemoteIntlProvider>,
    { language },
  );
  return { ...rendered, requests: fetchMock.requests };
}

describe('history import panel', () => {
  it('says when nothing was imported yet, and asks for a file before sending', async () => {
    const { userEvent: user, requests } = renderPanel({ [`GET ${listPath}`]: [] });
    expect(await screen.findByText('No history imported yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Choose a file first.')).toBeInTheDocument();
    expect(screen.getByLabelText('File')).toHaveFocus();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('shows the error with a retry when the imports cannot be loaded', async () => {
    renderPanel({ [`GET ${listPath}`]: () => jsonResponse({ errors: [{ code: 'GEN_500', arguments: {}, message: 'boom' }] }, 500) });
    expect(await screen.findByText('The imports could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('sends the chosen file as CSV and follows the job through its steps to the figures', async () => {
    const answers = [
      job({ format: 'csv', file_name: 'export.csv' }),
      job({ format: 'csv', file_name: 'export.csv', phase: 'derive', bytes_read: 2048, units_total: 4, units_pending: 3 }),
      job({ format: 'csv', file_name: 'export.csv', phase: 'done', bytes_read: 2048, units_total: 4, rows_read: 2400, rows_stored: 2350 }),
    ];
    let asked = 0;
    const { userEvent: user, requests } = renderPanel({
      [`GET ${listPath}`]: [],
      [`POST ${listPath}`]: () => jsonResponse(summary(job({ format: 'csv', file_name: 'export.csv', phase: 'store', bytes_read: 0, rows_read: 0 })), 202),
      [`GET ${jobPath}`]: () => jsonResponse(answers[Math.min(asked++, answers.length - 1)]),
    });
    await screen.findByText('No history imported yet.');
    const file = new File(['id,type,unit,at,state\n1,state,L1,2026-11-01T00:00:00Z,running\n'], 'export.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('File'), file);
    expect(screen.getByRole('radio', { name: 'CSV (header line, one event per line)' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Import' }));

    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.url).toContain(`${listPath}?format=csv&file_name=export.csv`);
    expect(post.headers['content-type'] ?? post.headers['Content-Type']).toBe('text/csv');
    expect(post.headers.authorization ?? post.headers.Authorization).toBe('Bearer test-token');

    expect(await screen.findByText('Latest import: export.csv')).toBeInTheDocument();
    const status = await screen.findByText('Reading and storing: 50% of the file, 1,200 rows read.');
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    const steps = screen.getByRole('list', { name: 'Steps' });
    expect(within(steps).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Upload: done', 'Read and store: in progress', 'Compute the figures: to do', 'Done: to do']);
    expect(within(steps).getByText('Read and store: in progress')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0.45');

    expect(await screen.findByText('Computing the figures: 1 of 4 lines done.', undefined, { timeout: 5_000 })).toBeInTheDocument();
    expect(await screen.findByText('Import finished: 2,350 events stored. The figures include them.', undefined, { timeout: 5_000 })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Upload: done',
      'Read and store: done',
      'Compute the figures: done',
      'Done: done',
    ]);
    const settled = asked;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(asked).toBe(settled);
  }, 20_000);

  it('lists the refused rows with their lines and says how many more there are', async () => {
    renderPanel({ [`GET ${listPath}`]: [summary(REFUSED)], [`GET ${jobPath}`]: REFUSED });
    const table = await screen.findByRole('table', { name: 'Refused rows' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['2', 'Not an event: the line cannot be read'],
      ['5', 'at is more than 5 minutes in the future'],
      ['8', 'Unknown production unit'],
    ]);
    expect(screen.getByText('1,000 more refused rows are not listed.')).toBeInTheDocument();
    expect(screen.getByText('Refused').nextSibling).toHaveTextContent('1,003');
  });

  it.each([
    ['fr', 'Lignes refusées', 'at est plus de 5 minutes dans le futur', /1\s000 autres lignes refusées ne sont pas listées\./, 'Calcul des indicateurs : terminé'],
    ['es', 'Filas rechazadas', 'at está más de 5 minutos en el futuro', /1\.?000 filas rechazadas más no aparecen en la lista\./, 'Cálculo de los indicadores: terminado'],
  ] as const)('speaks %s', async (language, tableName, future, more, step) => {
    renderPanel({ [`GET ${listPath}`]: [summary(REFUSED)], [`GET ${jobPath}`]: REFUSED }, language);
    const table = await screen.findByRole('table', { name: tableName });
    expect(within(table).getByText(future)).toBeInTheDocument();
    expect(screen.getByText(more)).toBeInTheDocument();
    expect(screen.getByText(step)).toBeInTheDocument();
  });

  it('shows why a job failed, and a refused file in the page’s language', async () => {
    const failed = job({ phase: 'failed', bytes_read: 0, rows_read: 0, failure: { code: 'IMP_UPLOAD_INCOMPLETE', arguments: {}, message: 'stopped' } });
    const { userEvent: user } = renderPanel({
      [`GET ${listPath}`]: [summary(failed)],
      [`GET ${jobPath}`]: failed,
      [`POST ${listPath}`]: () =>
        jsonResponse({ errors: [{ code: 'IMP_CSV_HEADER_INVALID', arguments: { unknown: 'kind', missing: 'type', columns: 'id, type' }, message: 'bad header' }] }, 400),
    });
    expect(await screen.findByText('The import stopped: The upload stopped before the end of the file: send the file again')).toBeInTheDocument();
    expect(screen.getByText('Upload: failed')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('File'), new File(['id,kind\n'], 'bad.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The file could not be imported');
    expect(alert).toHaveTextContent('The first line of the CSV file must name the columns (id and type required). Unknown: kind. Missing: type.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled());
  });
});
