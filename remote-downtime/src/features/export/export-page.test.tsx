import { act, screen, waitFor } from '@testing-library/react';
import { accountQuery, withRemoteMessages } from '@linepulse/shared';
import { ROUTES, type Account } from '@linepulse/contracts';
import { TEST_USERS, renderWithProviders, testFactory } from '@linepulse/shared/testing';
import { messages } from '../../messages';
import { ExportPage } from './export-page';

const Page = withRemoteMessages(messages, ExportPage);
jest.setTimeout(60_000);

const account = (integrated: boolean): Account => ({
  id: 'acc-demo',
  name: 'Demo Co.',
  insights_enabled: true,
  is_tilelytics: true,
  domain_name: 'demo.linepulse.test',
  integrated_ecosystem: integrated,
});

const original = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = original;
});

function render(integrated: boolean) {
  const result = renderWithProviders(<Page />, {
    factories: [testFactory()],
    route: '/f-lyon/production-data-export',
    path: ROUTES.productionDataExport.path,
    user: TEST_USERS.operation,
  });
  act(() => result.queryClient.setQueryData(accountQuery('acc-demo').queryKey, account(integrated)));
  return result;
}

/**
 * A streamed answer whose chunks the test releases one by one (jsdom has no Response or streams): the
 * reader waits for `next()`, and an abort rejects the pending read as fetch does.
 */
function controlledDownload(signal: AbortSignal | undefined) {
  const pending: ((chunk: { done: boolean; value?: Uint8Array }) => void)[] = [];
  let fail: ((error: unknown) => void) | null = null;
  signal?.addEventListener('abort', () => fail?.(new DOMException('aborted', 'AbortError')));
  const headers: Record<string, string> = { 'x-total-rows': '3', 'x-estimated-bytes': '2000000', 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="downtimes_lyon.csv"' };
  const response = {
    ok: true,
    status: 200,
    headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
    body: {
      getReader: () => ({
        read: () =>
          new Promise<{ done: boolean; value?: Uint8Array }>((resolve, reject) => {
            pending.push(resolve);
            fail = reject;
          }),
      }),
    },
  } as unknown as Response;
  return {
    response,
    next: (bytes: number) => pending.shift()?.({ done: false, value: new Uint8Array(bytes) }),
    end: () => pending.shift()?.({ done: true }),
    waiting: () => pending.length,
  };
}

test('an account outside the integrated ecosystem sees only SPEC §8’s message', async () => {
  render(false);
  expect(await screen.findByText('Data export only on the integrated ecosystem')).toBeInTheDocument();
  expect(screen.getByText('Production data export is not enabled for your company’s account.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
});

test('bad input is refused in the form with its reason, and nothing is asked of the server', async () => {
  const calls: string[] = [];
  globalThis.fetch = (async (url: string) => {
    calls.push(url);
    throw new Error('not expected');
  }) as typeof fetch;
  const { userEvent } = render(true);
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Line 1' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Line 2' }));
  const start = screen.getByLabelText('Start date');
  await userEvent.clear(start);
  await userEvent.type(start, '2019-08-01');
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  expect(await screen.findByText('Choose at least one production line.')).toBeInTheDocument();
  expect(screen.getByText('Data is available from 1 September 2019.')).toBeInTheDocument();
  expect(calls).toEqual([]);
});

test('the file streams with a progress bar; cancelling stops it and downloads nothing', async () => {
  let download: ReturnType<typeof controlledDownload> | null = null;
  let asked = '';
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    asked = url;
    download = controlledDownload(init?.signal ?? undefined);
    return download.response;
  }) as typeof fetch;
  const createObjectURL = jest.fn(() => 'blob:x');
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  const { userEvent } = render(true);
  await userEvent.click(await screen.findByRole('radio', { name: /^Production by interval/ }));
  await userEvent.click(screen.getByRole('radio', { name: 'Hour' }));
  await userEvent.click(screen.getByRole('radio', { name: 'Excel file' }));
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  await waitFor(() => expect(download?.waiting()).toBe(1));
  const query = new URL(asked).searchParams;
  expect(Object.fromEntries(query)).toMatchObject({ kind: 'production', interval: 'hour', format: 'xlsx', production_unit_ids: 'pu-1,pu-2' });
  act(() => void download!.next(1_048_576));
  expect(await screen.findByText('1.0 MB of about 1.9 MB (3 rows)')).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Export progress' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(await screen.findByText('Export cancelled: nothing was downloaded.')).toBeInTheDocument();
  expect(createObjectURL).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
});

test('a finished export is downloaded under the server’s file name and says how many rows', async () => {
  let download: ReturnType<typeof controlledDownload> | null = null;
  globalThis.fetch = (async (_url: string, init?: RequestInit) => {
    download = controlledDownload(init?.signal ?? undefined);
    return download.response;
  }) as typeof fetch;
  const createObjectURL = jest.fn(() => 'blob:x');
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  const { userEvent } = render(true);
  await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
  await waitFor(() => expect(download?.waiting()).toBe(1));
  act(() => void download!.next(10));
  await waitFor(() => expect(download?.waiting()).toBe(1));
  act(() => void download!.end());
  expect(await screen.findByText('Exported 3 rows to downtimes_lyon.csv.')).toBeInTheDocument();
  expect(createObjectURL).toHaveBeenCalledTimes(1);
});
