/**
 * @jest-environment node
 */
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { configureServices } from '../services/services';
import { followLive } from './live-channel';
import { apiRequest } from '../api/http';
import { connectLive, type LiveStatus } from './live-connection';
import { forgetLivePosition } from './live-position';
import { SseParser } from './sse-parser';
import { createLiveRefetcher, LIVE_QUERY_META, liveRefetchMs } from './use-live-updates';

describe('the event-stream parser', () => {
  it('reads events split anywhere across chunks, with CRLF, comments, several data lines and retry', () => {
    const text = 'retry: 1000\n\n: keep-alive\n\nid: 7\r\nevent: change\r\ndata: {"a":\r\ndata: 1}\r\n\r\nevent: ready\ndata:x\n\n';
    for (const size of [1, 2, 3, 7, text.length]) {
      const parser = new SseParser();
      const events = [];
      for (let i = 0; i < text.length; i += size) events.push(...parser.push(text.slice(i, i + size)));
      expect(events).toEqual([
        { event: 'message', data: '', retry: 1000 },
        { id: '7', event: 'change', data: '{"a":\n1}' },
        { event: 'ready', data: 'x' },
      ]);
    }
  });

  it('keeps an unfinished event until its blank line arrives', () => {
    const parser = new SseParser();
    expect(parser.push('event: change\ndata: 1\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'change', data: '1' }]);
  });
});

describe('what a live screen refetches', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function client(): { client: QueryClient; fetched: Record<string, number> } {
    const qc = new QueryClient();
    const fetched: Record<string, number> = { figures: 0, factories: 0 };
    for (const [name, meta] of [['figures', LIVE_QUERY_META], ['factories', undefined]] as const) {
      // An observer makes the query active, as a mounted page does.
      new QueryObserver(qc, { queryKey: [name], queryFn: async () => ++fetched[name]!, ...(meta ? { meta } : {}) }).subscribe(() => undefined);
    }
    return { client: qc, fetched };
  }
  const settle = async (ms: number): Promise<void> => {
    await jest.advanceTimersByTimeAsync(ms);
  };

  it('refetches the figures on a change of facts, at once, then at most once a second', async () => {
    const { client: qc, fetched } = client();
    await settle(0);
    expect(fetched).toEqual({ figures: 1, factories: 1 });
    const refetcher = createLiveRefetcher(qc, 1000);
    const change = [{ factory_id: 'f', kinds: ['state' as const], production_unit_ids: ['u'] }];
    refetcher.changed(change);
    await settle(0);
    expect(fetched).toEqual({ figures: 2, factories: 1 });
    refetcher.changed(change);
    refetcher.changed(change);
    await settle(500);
    expect(fetched.figures).toBe(2);
    await settle(500);
    expect(fetched.figures).toBe(3);
    refetcher.stop();
  });

  it('refetches everything shown on a configuration change or a resync', async () => {
    const { client: qc, fetched } = client();
    await settle(0);
    const refetcher = createLiveRefetcher(qc, 1000);
    refetcher.changed([{ factory_id: 'f', kinds: ['configuration'], production_unit_ids: null }]);
    await settle(0);
    expect(fetched).toEqual({ figures: 2, factories: 2 });
    refetcher.resync();
    await settle(1000);
    expect(fetched).toEqual({ figures: 3, factories: 3 });
  });

  it('scoped (the alert bell): follows only its kinds and refetches only its own queries', async () => {
    const { client: qc, fetched } = client();
    await settle(0);
    const refetcher = createLiveRefetcher(qc, 1000, { kinds: ['alert'], queryKey: ['factories'] });
    refetcher.changed([{ factory_id: 'f', kinds: ['state'], production_unit_ids: ['u'] }]);
    await settle(1000);
    expect(fetched).toEqual({ figures: 1, factories: 1 });
    refetcher.changed([{ factory_id: 'f', kinds: ['alert'], production_unit_ids: ['u'] }]);
    await settle(0);
    expect(fetched).toEqual({ figures: 1, factories: 2 });
    refetcher.resync();
    await settle(1000);
    expect(fetched).toEqual({ figures: 1, factories: 3 });
    refetcher.stop();
  });

  it('polls only while the stream is not live', () => {
    expect(liveRefetchMs('live')).toBeUndefined();
    expect(liveRefetchMs('reconnecting')).toBe(30_000);
    expect(liveRefetchMs('connecting')).toBe(30_000);
  });
});

describe('the live connection', () => {
  const encoder = new TextEncoder();
  let release: () => void;
  let calls: { url: string; headers: Record<string, string> }[];
  let answers: (() => Response)[];

  /** A response whose body sends `text` and then stays open until `end` is called (or ends at once). */
  function streamed(text: string, stayOpen: boolean): { response: Response; end: () => void } {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
        c.enqueue(encoder.encode(text));
        if (!stayOpen) c.close();
      },
    });
    return { response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }), end: () => controller.close() };
  }

  beforeEach(() => {
    forgetLivePosition();
    calls = [];
    answers = [];
    let token = 0;
    release = configureServices({
      tokenProvider: { getAccessToken: async () => `token-${++token}` },
      apiBase: 'https://linepulse.test/api',
      dashboardApiBase: 'https://linepulse.test/dashboard-api',
      notifier: { success: () => undefined, error: () => undefined },
    });
    global.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), headers: init?.headers as Record<string, string> });
      const next = answers.shift();
      if (!next) return new Promise<Response>(() => undefined);
      return next();
    }) as typeof fetch;
  });
  afterEach(() => release());

  const waitFor = async (check: () => boolean, tries = 200): Promise<void> => {
    for (let i = 0; i < tries && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(check()).toBe(true);
  };

  it('is live once ready, passes changes on, reopens at once with a fresh token and the last id when the token expires', async () => {
    const statuses: LiveStatus[] = [];
    const changes: unknown[] = [];
    let resyncs = 0;
    answers.push(() => streamed('retry: 1000\n\nid: 4\nevent: ready\ndata: {}\n\nid: 5\nevent: change\ndata: {"changes":[{"factory_id":"f1","kinds":["state"],"production_unit_ids":["u"]}]}\n\nevent: expired\ndata: {}\n\n', true).response);
    answers.push(() => streamed('id: 6\nevent: ready\ndata: {}\n\n', true).response);
    const stop = connectLive(['f1', 'f2'], { onChange: (c) => changes.push(...c), onResync: () => resyncs++, onStatus: (s) => statuses.push(s) });
    await waitFor(() => calls.length === 2 && statuses.length === 2);
    stop();
    expect(calls[0]!.url).toBe('https://linepulse.test/api/live?factory_ids=f1,f2');
    expect(calls[0]!.headers.Authorization).toBe('Bearer token-1');
    expect(calls[0]!.headers['Last-Event-ID']).toBeUndefined();
    expect(calls[1]!.headers.Authorization).toBe('Bearer token-2');
    expect(calls[1]!.headers['Last-Event-ID']).toBe('5');
    expect(changes).toEqual([{ factory_id: 'f1', kinds: ['state'], production_unit_ids: ['u'] }]);
    // Never "reconnecting" across an expiry; one refetch once the new stream is open.
    expect(statuses).toEqual(['connecting', 'live']);
    expect(resyncs).toBe(1);
  });

  it('starts the tab’s first stream where its first answer was read, and no later stream there', async () => {
    const json = (position: string) => () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json', 'Live-Position': position } });
    answers.push(json('41'), json('57'));
    // The session's answer, then the page's: the first is the older.
    await apiRequest('api', 'user/factories');
    await apiRequest('api', 'kpis');
    answers.push(() => new Response('{"errors":[]}', { status: 503 }));
    answers.push(() => streamed('id: 43\nevent: change\ndata: {"changes":[{"factory_id":"f1","kinds":["alert"],"production_unit_ids":null}]}\n\nid: 43\nevent: ready\ndata: {}\n\n', false).response);
    answers.push(() => streamed('id: 50\nevent: ready\ndata: {}\n\n', true).response);
    const changes: unknown[] = [];
    const stop = connectLive(['f1'], { onChange: (c) => changes.push(...c), onResync: () => undefined, onStatus: () => undefined });
    // Retried after 1 s, then after the drop 1 s again.
    await waitFor(() => calls.length === 5, 800);
    // Refused, then open: both asked from the first answer's position; the replay is passed on.
    expect(calls[2]!.headers['Last-Event-ID']).toBe('41');
    expect(calls[3]!.headers['Last-Event-ID']).toBe('41');
    expect(changes).toEqual([{ factory_id: 'f1', kinds: ['alert'], production_unit_ids: null }]);
    // Its reconnection resumes from its own last event.
    expect(calls[4]!.headers['Last-Event-ID']).toBe('43');
    stop();
    // Another stream of the tab, opened later, has no position of its own to start from.
    answers.push(json('60'));
    await apiRequest('api', 'kpis');
    const again = connectLive(['f2'], { onChange: () => undefined, onResync: () => undefined, onStatus: () => undefined });
    await waitFor(() => calls.length === 7);
    again();
    expect(calls[6]!.headers['Last-Event-ID']).toBeUndefined();
  });

  it('says reconnecting when the stream drops or is refused, and is live again once it is back', async () => {
    const statuses: LiveStatus[] = [];
    let resyncs = 0;
    answers.push(() => streamed('id: 1\nevent: ready\ndata: {}\n\n', false).response);
    answers.push(() => new Response('{"errors":[]}', { status: 503 }));
    answers.push(() => streamed('id: 2\nevent: ready\ndata: {}\n\n', true).response);
    const stop = connectLive(['f1'], { onChange: () => undefined, onResync: () => resyncs++, onStatus: (s) => statuses.push(s) });
    await waitFor(() => statuses.at(-1) === 'reconnecting');
    // Retries after 1 s, then 2 s (the refused one doubled it).
    await waitFor(() => calls.length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 2300));
    await waitFor(() => statuses.at(-1) === 'live' && calls.length === 3);
    stop();
    expect(statuses).toEqual(['connecting', 'live', 'reconnecting', 'live']);
    expect(calls[2]!.headers['Last-Event-ID']).toBe('1');
    expect(resyncs).toBe(1);
  });

  it('shares one stream per tab: the union of what the bell and the page follow, switched only when the union changes', async () => {
    const first = streamed('id: 1\nevent: ready\ndata: {}\n\n', true);
    answers.push(() => first.response);
    const heard = { bell: [] as string[], page: [] as string[], other: [] as string[] };
    const resyncs = { bell: 0, page: 0, other: 0 };
    const statuses: LiveStatus[] = [];
    const follower = (name: keyof typeof heard) => ({
      onChange: (changes: { factory_id: string }[]) => heard[name].push(...changes.map((c) => c.factory_id)),
      onResync: () => resyncs[name]++,
      onStatus: (s: LiveStatus) => (name === 'page' ? statuses.push(s) : undefined),
    });
    // The bell follows both factories, the page one of them: one connection, for both.
    const stopBell = followLive(['f1', 'f2'], follower('bell'));
    const stopPage = followLive(['f1'], follower('page'));
    await waitFor(() => statuses.at(-1) === 'live');
    expect(calls.map((c) => c.url)).toEqual(['https://linepulse.test/api/live?factory_ids=f1,f2']);
    // A page replaced by another of the bell's factories: no new connection, live at once.
    stopPage();
    const pageStatuses: LiveStatus[] = [];
    const stopNext = followLive(['f2'], { ...follower('page'), onStatus: (s) => pageStatuses.push(s) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pageStatuses).toEqual(['live']);
    expect(calls).toHaveLength(1);
    answers.push(() => streamed('id: 9\nevent: ready\ndata: {}\n\n', true).response);
    // A part following a factory the stream does not: the union changes, one new stream; the parts
    // already live refetch once it is open (what came between the two streams).
    const stopOther = followLive(['f3'], follower('other'));
    await waitFor(() => calls.length === 2 && resyncs.bell === 1);
    expect(calls[1]!.url).toBe('https://linepulse.test/api/live?factory_ids=f1,f2,f3');
    expect(resyncs).toEqual({ bell: 1, page: 1, other: 0 });
    stopBell();
    stopNext();
    stopOther();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Nobody follows: the stream is stopped, nothing reopened.
    expect(calls).toHaveLength(2);
  });

  it('passes each part the changes of its own factories', async () => {
    answers.push(
      () =>
        streamed(
          'id: 1\nevent: ready\ndata: {}\n\nid: 2\nevent: change\ndata: {"changes":[{"factory_id":"f1","kinds":["state"],"production_unit_ids":["u"]},{"factory_id":"f2","kinds":["alert"],"production_unit_ids":["v"]}]}\n\n',
          true,
        ).response,
    );
    const bell: string[] = [];
    const page: string[] = [];
    const stopBell = followLive(['f1', 'f2'], { onChange: (c) => bell.push(...c.map((x) => x.factory_id)), onResync: () => undefined, onStatus: () => undefined });
    const stopPage = followLive(['f2'], { onChange: (c) => page.push(...c.map((x) => x.factory_id)), onResync: () => undefined, onStatus: () => undefined });
    await waitFor(() => bell.length === 2);
    stopBell();
    stopPage();
    expect(bell).toEqual(['f1', 'f2']);
    expect(page).toEqual(['f2']);
  });
});
