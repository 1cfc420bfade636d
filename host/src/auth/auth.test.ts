import type { RuntimeConfig } from '@linepulse/contracts';
import { isPasswordResetCompletedError, isUnknownUserError } from './auth-errors';
import { loginScopes, msalConfiguration } from './msal';

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
