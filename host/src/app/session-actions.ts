import { createContext, useContext } from 'react';
import type { Language, ThemeName } from '@linepulse/contracts';

/** Sign-in and sign-out, injected so pages and tests do not reach MSAL directly. */
export interface SessionActions {
  signIn(options: { language: Language; theme: ThemeName; forceLogin?: boolean }): void;
  signOut(): void;
}

export const SessionActionsContext = createContext<SessionActions>({
  signIn: () => undefined,
  signOut: () => undefined,
});

export function useSessionActions(): SessionActions {
  return useContext(SessionActionsContext);
}
