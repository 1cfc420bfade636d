import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LIVE_FALLBACK_POLL_MS, type LiveChange, type LiveKind } from '@linepulse/contracts';
import { followLive } from './live-channel';
import type { LiveStatus } from './live-connection';

/**
 * The `meta` of a query whose answer follows the facts of the factories (figures, downtimes, line
 * states): refetched when a live screen hears of a change. Other queries (the factory list, settings)
 * are refetched on configuration changes only.
 */
export const LIVE_QUERY_META = { live: true } as const;

/** A screen refetches at most this often however busy its factories are (one call per second per screen). */
export const LIVE_REFETCH_MIN_MS = 1000;

const isLiveQuery = (query: Query): boolean => query.meta?.live === true;

/**
 * What a screen follows: by default every change refetches its live queries (and a configuration change
 * or a resync everything shown). A part of the page that shows one thing (the header's alert bell)
 * follows only `kinds` and refetches only the queries under `queryKey`, so that it does not refetch the
 * page's figures a second time.
 */
export interface LiveScope {
  kinds: readonly LiveKind[];
  queryKey: readonly unknown[];
}

/**
 * Refetches what the changes make stale, at most once per LIVE_REFETCH_MIN_MS: the first change at
 * once, the ones that follow together at the end of that second.
 */
export function createLiveRefetcher(
  client: QueryClient,
  minMs = LIVE_REFETCH_MIN_MS,
  scope?: LiveScope,
): { changed(changes: LiveChange[]): void; resync(): void; stop(): void } {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let everything = false;
  const run = (): void => {
    timer = null;
    last = Date.now();
    const all = everything;
    everything = false;
    if (scope) void client.invalidateQueries({ queryKey: [...scope.queryKey] });
    else void client.invalidateQueries(all ? undefined : { predicate: isLiveQuery });
  };
  const schedule = (all: boolean): void => {
    everything ||= all;
    if (timer) return;
    timer = setTimeout(run, Math.max(0, last + minMs - Date.now()));
  };
  return {
    changed: (changes) => {
      if (scope && !changes.some((c) => c.kinds.some((k) => scope.kinds.includes(k)))) return;
      schedule(changes.some((c) => c.kinds.includes('configuration')));
    },
    resync: () => schedule(true),
    stop: () => {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/**
 * Keeps the queries of a screen showing `factoryIds` up to date from the tab's live stream (decision 49,
 * shared by the page and the bell: live-channel.ts): returns the stream's status; while it is not
 * 'live', the screen polls (liveRefetchMs).
 */
export function useLiveUpdates(factoryIds: readonly string[], scope?: LiveScope): LiveStatus {
  const client = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const key = [...factoryIds].sort().join(',');
  const scopeKey = scope ? JSON.stringify(scope) : '';
  useEffect(() => {
    if (key === '') return undefined;
    const refetcher = createLiveRefetcher(client, LIVE_REFETCH_MIN_MS, scopeKey ? (JSON.parse(scopeKey) as LiveScope) : undefined);
    const disconnect = followLive(key.split(','), { onChange: refetcher.changed, onResync: refetcher.resync, onStatus: setStatus });
    return () => {
      disconnect();
      refetcher.stop();
    };
  }, [client, key, scopeKey]);
  return status;
}

/** A live screen's polling: none while its stream is live, the former 30 s otherwise. */
export function liveRefetchMs(status: LiveStatus): number | undefined {
  return status === 'live' ? undefined : LIVE_FALLBACK_POLL_MS;
}
