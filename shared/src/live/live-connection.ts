import type { LiveChange, LiveMessage } from '@linepulse/contracts';
import { getServices } from '../services/services';
import { firstStreamPosition, liveStreamOpened } from './live-position';
import { SseParser } from './sse-parser';

/**
 * - connecting: the first connection is being opened;
 * - live: the stream is open, changes arrive as they happen;
 * - reconnecting: the stream dropped (or could not open); the screen polls until it is back.
 */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

export interface LiveHandlers {
  /** Changes of the followed factories (merged over a quarter of a second by the server). */
  onChange(changes: LiveChange[]): void;
  /** Changes may have been missed (back after a drop, or too far behind): refetch everything shown. */
  onResync(): void;
  onStatus(status: LiveStatus): void;
}

/** Reconnection delays: 1 s, doubling, at most 30 s; back to 1 s once a stream opened. */
export const LIVE_RETRY_MS = { first: 1000, max: 30_000 };

/** What `sleep` waits on: a timer that the stop signal cuts short. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/**
 * Follows `factoryIds` on GET /api/live until stopped (the function returned): a fresh token for every
 * connection, `Last-Event-ID` from the last event seen (for the tab's first stream, from its first
 * answer: live-position.ts), a resync asked after every drop (what came
 * while away is refetched, whatever the replay could say), reconnection with backoff. A stream the
 * server ends on its token's expiry is reopened at once.
 */
export function connectLive(factoryIds: readonly string[], handlers: LiveHandlers): () => void {
  const stop = new AbortController();
  let lastEventId: string | null = null;
  let status: LiveStatus | null = null;
  const setStatus = (next: LiveStatus): void => {
    if (next === status) return;
    status = next;
    handlers.onStatus(next);
  };

  /** Every connection after the first refetches once it is open: what changed while away is shown. */
  let resyncWhenOpen = false;

  /** One connection, until it ends: 'refused' when it never opened. */
  const once = async (): Promise<'refused' | 'dropped' | 'expired'> => {
    const { tokenProvider, apiBase } = getServices();
    const token = await tokenProvider.getAccessToken();
    const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${token}` };
    // A first connection starts where the tab's first answer was read (live-position.ts).
    const resumeFrom = lastEventId ?? firstStreamPosition();
    if (resumeFrom !== null) headers['Last-Event-ID'] = resumeFrom;
    const response = await fetch(`${apiBase}/live?factory_ids=${factoryIds.map(encodeURIComponent).join(',')}`, { headers, signal: stop.signal, cache: 'no-store' });
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      return 'refused';
    }
    const parser = new SseParser();
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    let opened = false;
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const event of parser.push(decoder.decode(value, { stream: true }))) {
          if (event.id !== undefined) lastEventId = event.id;
          if (event.event === 'ready') {
            opened = true;
            liveStreamOpened();
            setStatus('live');
            // A replay by id misses changes whose transactions committed out of order: refetch once.
            if (resyncWhenOpen) handlers.onResync();
            resyncWhenOpen = true;
          } else if (event.event === 'change') handlers.onChange((JSON.parse(event.data) as LiveMessage).changes);
          else if (event.event === 'reset') handlers.onResync();
          else if (event.event === 'expired') return 'expired';
        }
      }
    } finally {
      reader.releaseLock();
    }
    return opened ? 'dropped' : 'refused';
  };

  void (async () => {
    setStatus('connecting');
    let delay = LIVE_RETRY_MS.first;
    while (!stop.signal.aborted) {
      let ended: 'refused' | 'dropped' | 'expired' = 'refused';
      try {
        ended = await once();
      } catch {
        // The network, the token provider or the stream failed: retried below.
      }
      if (stop.signal.aborted) break;
      // A stream ended on its token's expiry is reopened at once; otherwise the screen polls meanwhile.
      if (ended === 'expired') continue;
      setStatus('reconnecting');
      if (ended === 'dropped') delay = LIVE_RETRY_MS.first;
      await sleep(delay, stop.signal);
      delay = Math.min(delay * 2, LIVE_RETRY_MS.max);
    }
  })();

  return () => stop.abort();
}
