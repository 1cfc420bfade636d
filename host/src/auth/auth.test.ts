import type { RuntimeConfig } from '@linepulse/contracts';
import { isPasswordResetCompletedError, isUnknownUserError } from './auth-errors';
import type { AccountInfo, AuthenticationResult, PublicClientApplication } from '@azure/msal-browser';
import { TOKEN_RENEWAL_MARGIN_MS, createMsalTokenProvider, loginScopes, msalConfiguration } from './msal';

const config: RuntimeConfig = {
  version: '1.6.17',
  auth: {
    authority: 'https://localhost:8443/oidc',
    clientId: 'linepulse-web',
    knownAuthorities: ['localhost:8443'],
    apiScope: 'api.readwrite',
    isEntra: false,
  },
  apiBase: 'https://localhost:8443/api',
  dashboardApiBase: 'https://localhost:8443/dashboard-api',
  remotes: { overview: '', downtime: '', reports: '', admin: '', opportunities: '' },
  sisterProductUrl: 'https://sister.test',
};

describe('MSAL configuration', () => {
  it('requests openid, offline_access, profile and the API scope', () => {
    expect(loginScopes(config)).toEqual(['openid', 'offline_access', 'profile', 'api.readwrite']);
  });

  it('uses plain OpenID Connect for a non-Entra provider, with its known authority', () => {
    const msal = msalConfiguration(config, 'https://app.test');
    expect(msal.system?.protocolMode).toBe('OIDC');
    expect(msal.auth.knownAuthorities).toEqual(['localhost:8443']);
    expect(msal.auth.redirectUri).toBe('https://app.test/login-callback');
    expect(msal.auth.postLogoutRedirectUri).toBe('https://app.test/home');
    expect(msal.cache?.cacheLocation).toBe('localStorage');
  });

  it('hands MSAL the provider metadata when the config carries it, and leaves discovery to MSAL otherwise', () => {
    expect(msalConfiguration(config, 'https://app.test').auth.authorityMetadata).toBeUndefined();
    const metadata = JSON.stringify({ issuer: 'https://localhost:8443/oidc', authorization_endpoint: 'https://localhost:8443/oidc/auth' });
    const msal = msalConfiguration({ ...config, auth: { ...config.auth, authorityMetadata: metadata } }, 'https://app.test');
    expect(msal.auth.authorityMetadata).toBe(metadata);
  });

  it('keeps the default protocol for Entra ID', () => {
    const msal = msalConfiguration({ ...config, auth: { ...config.auth, isEntra: true } }, 'https://app.test');
    expect(msal.system?.protocolMode).toBeUndefined();
  });
});

describe('sign-in errors', () => {
  it('recognises an unknown user by code or message', () => {
    expect(isUnknownUserError({ errorCode: 'access_denied', errorMessage: 'AADB2C99002: User does not exist' })).toBe(true);
    expect(isUnknownUserError({ errorCode: 'unknown_user', errorMessage: '' })).toBe(true);
    expect(isUnknownUserError({ errorCode: 'access_denied', errorMessage: 'nope' })).toBe(false);
  });

  it('recognises a completed password reset', () => {
    expect(isPasswordResetCompletedError({ errorCode: 'access_denied', errorMessage: 'AADB2C90091: cancelled' })).toBe(true);
    expect(isPasswordResetCompletedError(new Error('other'))).toBe(false);
  });
});

describe('access tokens', () => {
  const account = { homeAccountId: 'admin.home' } as AccountInfo;
  /** A signed-in MSAL whose silent acquisitions are answered by `answer`, counted. */
  function signedIn(answer: (call: number) => Promise<Partial<AuthenticationResult>>) {
    let calls = 0;
    const acquireTokenSilent = jest.fn(() => answer(++calls));
    const msal = { getActiveAccount: () => account, getAllAccounts: () => [account], setActiveAccount: () => undefined, acquireTokenSilent };
    return { provider: createMsalTokenProvider(msal as unknown as PublicClientApplication, config), acquireTokenSilent };
  }
  const expiringIn = (ms: number, token: string) => Promise.resolve({ accessToken: token, expiresOn: new Date(Date.now() + ms) });

  it('calls made together share one acquisition, and the token is kept until shortly before it expires', async () => {
    const { provider, acquireTokenSilent } = signedIn((call) => expiringIn(60 * 60_000, `token-${call}`));
    expect(await Promise.all([provider.getAccessToken(), provider.getAccessToken(), provider.getAccessToken()])).toEqual(['token-1', 'token-1', 'token-1']);
    expect(await provider.getAccessToken()).toBe('token-1');
    expect(acquireTokenSilent).toHaveBeenCalledTimes(1);
  });

  it('asks MSAL again for a token within the renewal margin of its expiry', async () => {
    const { provider, acquireTokenSilent } = signedIn((call) => expiringIn(TOKEN_RENEWAL_MARGIN_MS - 1_000, `token-${call}`));
    expect(await provider.getAccessToken()).toBe('token-1');
    expect(await provider.getAccessToken()).toBe('token-2');
    expect(acquireTokenSilent).toHaveBeenCalledTimes(2);
  });

  it('after a failed acquisition, the next call tries afresh', async () => {
    const { provider, acquireTokenSilent } = signedIn((call) => (call === 1 ? Promise.reject(new Error('network')) : expiringIn(60 * 60_000, 'token-2')));
    await expect(provider.getAccessToken()).rejects.toThrow('network');
    expect(await provider.getAccessToken()).toBe('token-2');
    expect(acquireTokenSilent).toHaveBeenCalledTimes(2);
  });
});
