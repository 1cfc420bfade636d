import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  /** A first load, or a load for a new key: nothing current to show. */
  loading: boolean;
  /** A refresh of the same key (TV mode): the previous data stays on screen. */
  refreshing: boolean;
  reload(): void;
}

export interface QueryOptions {
  /** Nothing is fetched while false (the inputs are not ready yet). */
  enabled?: boolean;
  /** Fetch again every so many ms, keeping what is on screen until the new answer arrives. */
  refreshMs?: number;
}

interface Settled<T> {
  key: string;
  /** Which load of the key answered (0 the first, then one more per refresh or reload). */
  round: number;
  data?: T;
  error?: unknown;
}

/**
 * Fetches `fetcher` whenever `key` changes, cancelling the previous request. A new key clears what was
 * shown (the figures would be for another selection); a refresh of the same key keeps it, so a wall
 * display never flickers, and a failed refresh keeps the last figures.
 */
export function useQuery<T>(key: string, fetcher: (signal: AbortSignal) => Promise<T>, options: QueryOptions = {}): QueryState<T> {
  const { enabled = true, refreshMs } = options;
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const [round, setRound] = useState(0);
  const fetcherRef = useRef(fetcher);
  useLayoutEffect(() => {
    fetcherRef.current = fetcher;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    fetcherRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ key, round, data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setSettled((current) => (current?.key === key && current.data !== undefined ? { ...current, round } : { key, round, error }));
      },
    );
    return () => controller.abort();
  }, [key, enabled, round]);

  useEffect(() => {
    if (!enabled || !refreshMs) return undefined;
    const timer = setInterval(() => setRound((r) => r + 1), refreshMs);
    return () => clearInterval(timer);
  }, [enabled, refreshMs]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  const current = settled !== null && settled.key === key;
  const pending = enabled && (!current || settled.round !== round);
  return {
    data: current ? settled.data : undefined,
    error: current && !pending ? settled.error : undefined,
    loading: pending && !(current && settled.data !== undefined),
    refreshing: pending && current && settled.data !== undefined,
    reload,
  };
}
