import type { PublicClientApplication } from '@azure/msal-browser';
import { configureServices, createStoreNotifier, currentPreferences, userAtom } from '@linepulse/shared';
import { createMsalInstance, createMsalTokenProvider, currentAccount } from '../auth/msal';
import { userFromClaims } from '@linepulse/contracts';
import { type RemoteName, type RuntimeConfig, type UserClaims } from '@linepulse/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { getDefaultStore } from 'jotai';
import type { RemoteLoader } from '../features/remotes/remote-loader';
import { loadRuntimeConfig } from './load-runtime-config';
import { prefetchRouteData, preloadRoute } from '../features/remotes/preload-route';
import { prefetchSessionData } from '../features/session/use-session-data';

type Store = ReturnType<typeof getDefaultStore>;

export interface StartedApp {
  config: RuntimeConfig;
  msal: PublicClientApplication;
  remoteLoader: RemoteLoader;
  /** The sign-in response's failure, if the page is the return from a failed sign-in. */
  redirectError: unknown;
}

/**
 * The start sequence: runtime config, remotes registered from it, MSAL (handling a sign-in response),
 * then the services every API call uses, and the user from the ID token's claims.
 */
export async function startUp(
  store: Store,
  queryClient: QueryClient,
  createRemoteLoader: (manifests: Record<RemoteName, string>) => RemoteLoader,
): Promise<StartedApp> {
  const config = await loadRuntimeConfig();
  const remoteLoader = createRemoteLoader(config.remotes);
  // The page's code travels while sign-in is resolved (MSAL's start and the redirect's answer take a
  // round of work on a slow machine): a reload or bookmark of a product page is nearly always a signed-in
  // user's. A signed-out visitor downloads that page's code before being sent home; the guards decide.
  preloadRoute(remoteLoader, window.location.pathname);
  const msal = createMsalInstance(config);
  await msal.initialize();
  let redirectError: unknown = null;
  try {
    // The response is handled where it lands (/login-callback); the guards then send the user on.
    const result = await msal.handleRedirectPromise({ navigateToLoginRequestUrl: false });
    if (result?.account) msal.setActiveAccount(result.account);
  } catch (error) {
    redirectError = error;
  }
  // A sign-out response lands on /home?state=…; nothing else reads it, so keep the address clean.
  if (window.location.pathname === '/home' && new URLSearchParams(window.location.search).has('state')) {
    window.history.replaceState(window.history.state, '', '/home');
  }
  configureServices({
    tokenProvider: createMsalTokenProvider(msal, config, () => {
      const { language, theme } = currentPreferences(queryClient);
      return { language, theme };
    }),
    apiBase: config.apiBase,
    dashboardApiBase: config.dashboardApiBase,
    notifier: createStoreNotifier(store),
  });
  const account = currentAccount(msal);
  const user = account?.idTokenClaims ? signedInUser(account.idTokenClaims as Record<string, unknown>) : null;
  store.set(userAtom, user);
  if (user) {
    // Known from the start: the session's calls go now, with the page's code, rather than after the
    // shell has rendered (issue 23: the warm visit).
    prefetchSessionData(queryClient, user);
    // And the page's first figures, which need only the session's answers.
    prefetchRouteData(remoteLoader, window.location, { queryClient, store, user });
  }
  return { config, msal, remoteLoader, redirectError };
}

/**
 * The signed-in user. An ID token without the product's claims (an external provider that does not
 * issue them) is a signed-in person the product does not know: not enabled, so the guards show the
 * unauthorized page, where they may sign in as someone else (product §2).
 */
export function signedInUser(claims: Record<string, unknown>): UserClaims {
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  return (
    userFromClaims(claims) ?? {
      user_id: text(claims.sub),
      account_id: '',
      role: 'supervisor',
      email: text(claims.email) || text(claims.preferred_username),
      display_name: text(claims.name) || text(claims.email),
      is_admin: false,
      is_financial_admin: false,
      is_tilelytics: false,
      is_wx_user: false,
      insights_enabled: false,
    }
  );
}
