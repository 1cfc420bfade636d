import { useAtomValue } from 'jotai';
import { useEffect, useState, type ReactElement } from 'react';
import { activeFactoryIdAtom, useFactoryProducts, useFactoryWorkShifts, useUser } from '@linepulse/shared';
import { useSessionData } from './use-session-data';

/** The longest the warm-keeping waits for an idle moment. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * True once the browser has had an idle moment after the first render. What only keeps a cache warm
 * waits for it, so that the page's own calls (its figures) go out first and no other answer comes
 * between the session's calls and them (issue 23: at most two levels of calls before the figures).
 */
function useAfterFirstIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(() => setIdle(true), 0);
    return () => clearTimeout(id);
  }, []);
  return idle;
}

/**
 * Loads what the product needs on sign-in (product §4) and keeps the active factory's work shifts and
 * products warm (cache 3600 s, checked every 120 s; the filter drawer reads them from there) once the
 * page has had its first idle moment; renders nothing.
 */
export function SessionData(): ReactElement | null {
  const user = useUser();
  const activeFactoryId = useAtomValue(activeFactoryIdAtom);
  const idle = useAfterFirstIdle();
  useSessionData(user);
  useFactoryWorkShifts(idle ? activeFactoryId : null);
  useFactoryProducts(idle ? activeFactoryId : null);
  return null;
}
