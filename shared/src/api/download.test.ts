import { configureTestServices } from '../testing/configure-test-services';
import { resetServices } from '../services/services';
import { apiDownload, contentDispositionName, type DownloadProgress } from './download';

const original = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = original;
  resetServices();
});

/** A streamed answer in the given chunks. */
function streamed(chunks: string[], headers: Record<string, string>, status = 200): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers });
}

test('reads the file as it streams, reporting progress against the announced size, with the bearer token', async () => {
  configureTestServices({ token: 'tok' });
  let seen: RequestInit | undefined;
  globalThis.fetch = (async (_url: string, init?: RequestInit) => {
    seen = init;
    return streamed(['a,b\n', '1,2\n', '3,4\n'], {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="x.csv"; filename*=UTF-8\'\'downtimes_montr%C3%A9al.csv',
      'x-total-rows': '2',
      'x-estimated-bytes': '12',
    });
  }) as typeof fetch;
  const progress: DownloadProgress[] = [];
  const file = await apiDownload('api', 'factories/f1/export?kind=downtimes', { onProgress: (p) => progress.push(p) });
  expect((seen?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  expect(await file.blob.text()).toBe('a,b\n1,2\n3,4\n');
  expect(file.fileName).toBe('downtimes_montréal.csv');
  expect(file.totalRows).toBe(2);
  expect(progress.map((p) => p.receivedBytes)).toEqual([4, 8, 12]);
  expect(progress.every((p) => p.estimatedBytes === 12 && p.totalRows === 2)).toBe(true);
});

test('a refusal arrives as an ApiError with its coded items, not as a file', async () => {
  configureTestServices();
  const errors = [{ code: 'EXP_INTEGRATED_ONLY', arguments: {}, message: 'Data export only on the integrated ecosystem' }];
  globalThis.fetch = (async () => new Response(JSON.stringify({ errors }), { status: 403, headers: { 'content-type': 'application/json' } })) as typeof fetch;
  await expect(apiDownload('api', 'factories/f1/export')).rejects.toMatchObject({ status: 403, items: errors });
});

test.each([
  ['attachment; filename="plain.csv"', 'plain.csv'],
  ["attachment; filename*=UTF-8''caf%C3%A9.xlsx", 'café.xlsx'],
  ['attachment; filename=bare.csv', 'bare.csv'],
  ['inline', null],
  [null, null],
])('Content-Disposition %p names %p', (header, name) => {
  expect(contentDispositionName(header)).toBe(name);
});
