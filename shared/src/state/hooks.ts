import { useAtomValue } from 'jotai';
import { useParams } from 'react-router-dom';
import type { Account, CustomPeriod, Factory, UserClaims } from '@linepulse/contracts';
import {
  accountAtom,
  activeFactoryIdAtom,
  currenciesAtom,
  customPeriodsAtom,
  factoriesAtom,
  factoriesStatusAtom,
  userAtom,
  type LoadStatus,
} from './atoms';

/** The signed-in user, or null. */
export function useUser(): UserClaims | null {
  return useAtomValue(userAtom);
}

/** The user's factories (empty until loaded). */
export function useFactories(): Factory[] {
  return useAtomValue(factoriesAtom);
}

export function useFactoriesStatus(): LoadStatus {
  return useAtomValue(factoriesStatusAtom);
}

/**
 * The factory of the route's `:factoryId` when the route has one, else the active factory. Undefined
 * while factories load, or when the route names a factory the user cannot see.
 */
export function useActiveFactory(): Factory | undefined {
  const { factoryId } = useParams();
  const factories = useAtomValue(factoriesAtom);
  const activeId = useAtomValue(activeFactoryIdAtom);
  const id = factoryId ?? activeId;
  return factories.find((factory) => factory.id === id);
}

export function useAccount(): Account | null {
  return useAtomValue(accountAtom);
}

export function useCustomPeriods(): CustomPeriod[] {
  return useAtomValue(customPeriodsAtom);
}

export function useCurrencies(): string[] {
  return useAtomValue(currenciesAtom);
}
