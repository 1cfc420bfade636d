import {
  InteractionRequiredAuthError,
  LogLevel,
  PublicClientApplication,
  type AccountInfo,
  type AuthenticationResult,
  type Configuration,
} from '@azure/msal-browser';
import type { Language, RuntimeConfig, ThemeName } from '@linepulse/contracts';
import type { TokenProvider } from '@linepulse/shared';

/**
 * The one MSAL instance of the page. It lives here, in the federated singleton `@linepulse/shared`,
 * so the host and every remote share the same cache and the same signed-in account.
 */
let instance: PublicClientApplication | null = null;
let instanceConfig: RuntimeConfig | null = null;

export function msalConfiguration(config: RuntimeConfig, origin: string = window.location.origin): Configuration {
  return {
    auth: {
      clientId: config.auth.clientId,
      authority: config.auth.authority,
      knownAuthorities: config.auth.knownAuthorities,
      ...(config.auth.authorityMetadata ? { authorityMetadata: config.auth.authorityMetadata } : {}),
      redirectUri: `${origin}/login-callback`,
      postLogoutRedirectUri: `${origin}/home`,
    },
    cache: { cacheLocation: 'localStorage' },
    system: {
      // MSAL v5 reads protocolMode under `system`; anything but Entra ID is plain OpenID Connect.
      ...(config.auth.isEntra ? {} : { protocolMode: 'OIDC' }),
      // Nothing reads MSAL's log (no callback): at its default level it still formats a timestamped line
      // for every step of its start, milliseconds of the first screen on a slow machine (issue 23).
      loggerOptions: { logLevel: LogLevel.Error, piiLoggingEnabled: false },
    },
  };
}

/** Creates (once per page) the MSAL instance for this runtime configuration; call `initialize()` on it. */
export function createMsalInstance(config: RuntimeConfig): PublicClientApplication {
  instance = new PublicClientApplication(msalConfiguration(config));
  instanceConfig = config;
  return instance;
}

export function getMsalInstance(): PublicClientApplication {
  if (!instance) throw new Error('@linepulse/shared: createMsalInstance() has not been called');
  return instance;
}

function getInstanceConfig(): RuntimeConfig {
  if (!instanceConfig) throw new Error('@linepulse/shared: createMsalInstance() has not been called');
  return instanceConfig;
}

/** Scopes requested at sign-in (product §9). */
export function loginScopes(config: RuntimeConfig): string[] {
  return ['openid', 'offline_access', 'profile', config.auth.apiScope];
}

/** The signed-in account: the active one, else the only/first cached one (made active). */
export function currentAccount(msal: PublicClientApplication = getMsalInstance()): AccountInfo | null {
  const active = msal.getActiveAccount();
  if (active) return active;
  const [first] = msal.getAllAccounts();
  if (!first) return null;
  msal.setActiveAccount(first);
  return first;
}

export interface SignInOptions {
  language: Language;
  theme: ThemeName;
  /** Ask the provider for its login page even when a session exists (sign in as another user). */
  forceLogin?: boolean;
}

/** Authorization code + PKCE through a full-page redirect; the login page gets locale and theme hints. */
export async function signIn(options: SignInOptions): Promise<void> {
  const msal = getMsalInstance();
  // Signing in as someone else: forget the current account here too, or it would come back as the
  // cached account after the new one signs out.
  if (options.forceLogin) await msal.clearCache().catch(() => undefined);
  await msal.loginRedirect({
    scopes: loginScopes(getInstanceConfig()),
    extraQueryParameters: { ui_locales: options.language, theme: options.theme },
    ...(options.forceLogin ? { prompt: 'login' } : {}),
  });
}

/** Logout redirect. MSAL v5 does not send the ID token hint itself, and providers need it to honour the post-logout URI. */
export async function signOut(): Promise<void> {
  const msal = getMsalInstance();
  const account = currentAccount(msal);
  // Any other cached account would otherwise be picked up as "signed in" on the way back.
  for (const other of msal.getAllAccounts()) {
    if (other.homeAccountId !== account?.homeAccountId) await msal.clearCache({ account: other }).catch(() => undefined);
  }
  await msal.logoutRedirect({
    ...(account ? { account } : {}),
    ...(account?.idToken ? { idTokenHint: account.idToken } : {}),
  });
}

/** Clears MSAL's cache without a round trip to the provider (unknown-user recovery). */
export async function clearSignInState(): Promise<void> {
  if (instance) await instance.clearCache().catch(() => undefined);
}

/** Never settles: the page is navigating to the provider. */
function pendingForever(): Promise<never> {
  return new Promise<never>(() => undefined);
}

/** Several calls may need interaction at once; only the first one may start the redirect. */
let redirecting = false;

async function redirectOnce(start: () => Promise<void>): Promise<never> {
  if (!redirecting) {
    redirecting = true;
    try {
      await start();
    } catch (error) {
      redirecting = false;
      throw error;
    }
  }
  return pendingForever();
}

export type SignInHints = () => Pick<SignInOptions, 'language' | 'theme'>;

/** A token is renewed this long before it expires (MSAL's own renewal offset is the same 5 minutes). */
export const TOKEN_RENEWAL_MARGIN_MS = 5 * 60_000;

/**
 * Access tokens acquired silently from the cache or with the refresh token; when the provider wants
 * interaction (expired session, consent), the page redirects to sign in and the call never settles.
 * The token is kept until five minutes before it expires, and calls made together share one
 * acquisition: a page's first calls went out each behind MSAL's own cache lookup (six at start-up, on
 * the returning user's critical path).
 */
export function createMsalTokenProvider(
  msal: PublicClientApplication,
  config: RuntimeConfig,
  hints?: SignInHints,
): TokenProvider {
  const scopes = [config.auth.apiScope];
  const extraQueryParameters = (): Record<string, string> => {
    const h = hints?.();
    return h ? { ui_locales: h.language, theme: h.theme } : {};
  };
  let kept: { account: string; token: string; renewAt: number } | null = null;
  let acquiring: { account: string; result: Promise<AuthenticationResult> } | null = null;
  return {
    async getAccessToken(): Promise<string> {
      const account = currentAccount(msal);
      if (!account) {
        return redirectOnce(() => msal.loginRedirect({ scopes: loginScopes(config), extraQueryParameters: extraQueryParameters() }));
      }
      if (kept?.account === account.homeAccountId && Date.now() < kept.renewAt) return kept.token;
      try {
        if (acquiring?.account !== account.homeAccountId) {
          const pending = msal.acquireTokenSilent({ scopes, account });
          acquiring = { account: account.homeAccountId, result: pending };
          // Settled, it is no longer shared: the next call after a failure tries afresh.
          void pending
            .catch(() => undefined)
            .finally(() => {
              if (acquiring?.result === pending) acquiring = null;
            });
        }
        const result = await acquiring.result;
        const expiresAt = result.expiresOn?.getTime() ?? 0;
        kept = { account: account.homeAccountId, token: result.accessToken, renewAt: expiresAt - TOKEN_RENEWAL_MARGIN_MS };
        return result.accessToken;
      } catch (error) {
        if (error instanceof InteractionRequiredAuthError) {
          return redirectOnce(() =>
            msal.acquireTokenRedirect({ scopes: loginScopes(config), account, extraQueryParameters: extraQueryParameters() }),
          );
        }
        throw error;
      }
    },
  };
}
