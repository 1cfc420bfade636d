import { ApiError, resetServices } from '@linepulse/shared';
import { configureTestServices, jsonResponse } from '@linepulse/shared/testing';
import { postHistoryImport } from './post-history-import';

interface Sent {
  url: string;
  init: RequestInit;
}

let sent: Sent[] = [];
let original: typeof fetch;

function answer(response: () => Response): void {
  globalThis.fetch = ((input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({ url: String(input), init });
    return Promise.resolve(response());
  }) as typeof fetch;
}

beforeEach(() => {
  sent = [];
  original = globalThis.fetch;
  configureTestServices({ token: 'tok-admin', apiBase: 'https://x.test/api' });
});
afterEach(() => {
  globalThis.fetch = original;
  resetServices();
});

describe('postHistoryImport', () => {
  it('posts the file itself with its format’s content type, the format and file name in the query, and resolves with the job', async () => {
    const job = { id: 'imp-1', phase: 'store' };
    answer(() => jsonResponse(job, 202));
    const file = new Blob(['id,type\n'], { type: 'text/plain' });
    await expect(postHistoryImport('fac 1', file, 'csv', 'export line 1.csv')).resolves.toEqual(job);
    expect(sent).toHaveLength(1);
    const url = new URL(sent[0]!.url);
    expect(url.pathname).toBe('/api/factories/fac%201/history-imports');
    expect(Object.fromEntries(url.searchParams)).toEqual({ format: 'csv', file_name: 'export line 1.csv' });
    expect(sent[0]!.init.method).toBe('POST');
    expect(sent[0]!.init.body).toBe(file);
    expect(sent[0]!.init.headers).toMatchObject({ Authorization: 'Bearer tok-admin', 'Content-Type': 'text/csv' });
  });

  it('sends NDJSON as application/x-ndjson, cuts a long file name to 255 characters and passes the abort signal', async () => {
    answer(() => jsonResponse({ id: 'imp-2' }, 202));
    const controller = new AbortController();
    await postHistoryImport('f1', new Blob(['{}\n']), 'ndjson', `${'a'.repeat(300)}.ndjson`, controller.signal);
    expect(sent[0]!.init.headers).toMatchObject({ 'Content-Type': 'application/x-ndjson' });
    expect(new URL(sent[0]!.url).searchParams.get('file_name')).toBe('a'.repeat(255));
    expect(sent[0]!.init.signal).toBe(controller.signal);
  });

  it('rejects with the platform’s ApiError when the api refuses the file', async () => {
    const errors = [{ code: 'IMP_CSV_HEADER_INVALID', arguments: { missing: 'id' }, message: 'The first line must name the columns' }];
    answer(() => jsonResponse({ errors }, 400));
    const failure = (await postHistoryImport('f1', new Blob(['x\n']), 'csv', 'x.csv').catch((error: unknown) => error)) as ApiError;
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.status).toBe(400);
    expect(failure.code).toBe('IMP_CSV_HEADER_INVALID');
  });
});
