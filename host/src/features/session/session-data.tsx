import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useState, type ReactElement } from 'react';
import { activeFactoryIdAtom, useFactoryProducts, useFactoryWorkShifts, useUser } from '@linepulse/shared';
import { useSessionData } from './use-session-data';

/** Quiet time (no call in flight) before the warm-keeping looks for an idle moment: a page that has its session is about to ask for its figures. */
const SETTLE_MS = 500;
/** The longest the warm-keeping waits for an idle moment once the page is quiet. */
const IDLE_TIMEOUT_MS = 2000;
/** The longest it waits at all (a page that keeps calling). */
const MAX_WAIT_MS = 10_000;

/**
 * True once the page has settled: no call in flight for a moment, then an idle moment of the browser.
 * What only keeps a cache warm waits for it, so that the page's own calls (its figures) go out and come
 * back first (issue 23: at most two levels of calls before the figures). A bare idle moment was not
 * enough: the browser is idle while the figures are on their way, and the warm-keeping went then.
 */
function usePageSettled(): boolean {
  const client = useQueryClient();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    const cancel = (): void => {
      clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback?.(idle);
      timer = idle = undefined;
    };
    const whenIdle = (): void => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(() => setSettled(true), { timeout: IDLE_TIMEOUT_MS });
      else setSettled(true);
    };
    // Every change of the cache starts the wait again, and a call in flight holds it.
    const check = (): void => {
      cancel();
      if (client.isFetching() === 0) timer = setTimeout(whenIdle, SETTLE_MS);
    };
    const unsubscribe = client.getQueryCache().subscribe(check);
    check();
    const cap = setTimeout(() => setSettled(true), MAX_WAIT_MS);
    return () => {
      cancel();
      unsubscribe();
      clearTimeout(cap);
    };
  }, [client, settled]);
  return settled;
}

/**
 * Loads what the product needs on sign-in (product §4) and keeps the active factory's work shifts and
 * products warm (cache 3600 s, checked every 120 s; the filter drawer reads them from there) once the
 * page has settled; renders nothing.
 */
export function SessionData(): ReactElement | null {
  const user = useUser();
  const activeFactoryId = useAtomValue(activeFactoryIdAtom);
  const settled = usePageSettled();
  useSessionData(user);
  useFactoryWorkShifts(settled ? activeFactoryId : null);
  useFactoryProducts(settled ? activeFactoryId : null);
  return null;
}
