import { useAtomValue } from 'jotai';
import type { ReactElement } from 'react';
import { activeFactoryIdAtom, useFactoryProducts, useFactoryWorkShifts, useUser } from '@linepulse/shared';
import { useSessionData } from './use-session-data';

/**
 * Loads what the product needs on sign-in (product §4) and keeps the active factory's work shifts and
 * products warm (cache 3600 s, checked every 120 s); renders nothing.
 */
export function SessionData(): ReactElement | null {
  const user = useUser();
  const activeFactoryId = useAtomValue(activeFactoryIdAtom);
  useSessionData(user);
  useFactoryWorkShifts(activeFactoryId);
  useFactoryProducts(activeFactoryId);
  return null;
}
