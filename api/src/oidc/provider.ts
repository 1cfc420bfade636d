import { createHash } from 'node:crypto';
import Provider, { errors as oidcErrors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { claimsOf, findUserById } from '../db/users.ts';
import type { UserClaims } from '@linepulse/contracts';
import { dbAdapterFactory } from './adapter.ts';
import type { OidcKeys } from './keys.ts';
import { errorPage, LOGOUT_AUTO_SUBMIT, logoutPage, pickLocale, signedOutPage } from './pages.ts';

/** Where the provider is mounted inside the api's origin. */
export const OIDC_PREFIX = '/oidc';

/** The product claims, in the ID token and the JWT access token alike. */
export function productClaims(user: UserClaims): Record<string, unknown> {
  return {
    user_id: user.user_id,
    role: user.role,
    email: user.email,
    display_name: user.display_name,
    name: user.display_name,
    is_admin: user.is_admin,
    is_financial_admin: user.is_financial_admin,
    is_tilelytics: user.is_tilelytics,
    is_wx_user: user.is_wx_user,
    insights_enabled: user.insights_enabled,
    account_id: user.account_id,
  };
}

const PRODUCT_CLAIM_NAMES = Object.keys(
  productClaims({
    user_id: '', role: 'supervisor', email: '', display_name: '', is_admin: false, is_financial_admin: false,
    is_tilelytics: false, is_wx_user: false, insights_enabled: false, account_id: '',
  }),
);

/** Adds an inline script's hash to the answer's CSP script-src (set by the security-headers plugin). */
function allowInlineScript(ctx: KoaContextWithOIDC, script: string): void {
  const csp = ctx.response.get('content-security-policy');
  if (!csp || !/(^|;)\s*script-src\s/.test(csp)) return;
  const digest = createHash('sha256').update(script).digest('base64');
  ctx.set('content-security-policy', csp.replace(/(^|;)(\s*script-src\s[^;]*)/, `$1$2 'sha256-${digest}'`));
}

/**
 * Whether a sign-out request is the product's own (MSAL navigating from a page of our origin, with the
 * ID token of the account signed in): only then does the sign-out form submit itself. A cross-site
 * link, image or typed address gets the confirmation button instead.
 */
function isOwnSignOut(ctx: KoaContextWithOIDC): boolean {
  if (ctx.get('sec-fetch-site') !== 'same-origin') return false;
  const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: string } } | undefined;
  const accountId = ctx.oidc.session?.accountId;
  return Boolean(accountId && hint?.payload?.sub === accountId);
}

/**
 * The embedded OpenID Connect provider: one public SPA client, PKCE, refresh tokens, RS256 JWT access
 * tokens for the api audience. Sessions, grants, interactions and tokens are stored in the database
 * (oidc/adapter.ts), so a restart or another instance on the same database keeps everyone signed in;
 * the signing key is shared through the data folder (oidc/keys.ts).
 */
export function createOidcProvider(config: AppConfig, db: Db, keys: OidcKeys): Provider {
  const { publicUrl, oidc } = config;
  const issuer = `${publicUrl}${OIDC_PREFIX}`;
  const productOrigin = new URL(publicUrl).origin;
  const ttl = { accessToken: 60 * 60, refreshToken: 14 * 24 * 60 * 60 };

  const configuration: Configuration = {
    adapter: dbAdapterFactory(db),
    clients: [
      {
        client_id: oidc.clientId,
        client_name: 'Linepulse',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        redirect_uris: [`${publicUrl}/login-callback`],
        post_logout_redirect_uris: [`${publicUrl}/home`, `${publicUrl}/`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
      // The embedding sites' own sign-in (EMBED_REDIRECT_URIS): same users, same api audience, their
      // own return addresses, so a sister product never borrows the host's token (README, "Embedding").
      ...(config.embedClient
        ? [
            {
              client_id: config.embedClient.clientId,
              client_name: 'Linepulse, embedded',
              application_type: 'web' as const,
              token_endpoint_auth_method: 'none' as const,
              redirect_uris: config.embedClient.redirectUris,
              post_logout_redirect_uris: config.embedClient.redirectUris,
              grant_types: ['authorization_code', 'refresh_token'],
              response_types: ['code' as const],
            },
          ]
        : []),
    ],
    jwks: keys.jwks as Configuration['jwks'],
    cookies: {
      keys: keys.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: {
      openid: ['sub', ...PRODUCT_CLAIM_NAMES],
      profile: ['name', 'display_name'],
      email: ['email', 'email_verified'],
    },
    // Custom claims reach the ID token only when it is not limited to the standard ones.
    conformIdTokenClaims: false,
    extraParams: ['theme'],
    pkce: { required: () => true },
    responseTypes: ['code'],
    // The product's own pages; an embedding site's pages for its own client only (token, userinfo).
    clientBasedCORS: (_ctx, origin, client) =>
      origin === productOrigin || (config.embedClient !== null && client.clientId === config.embedClient.clientId && config.embedOrigins.includes(origin)),
    async findAccount(_ctx, sub) {
      const user = await findUserById(db, sub);
      if (!user) return undefined;
      return {
        accountId: user.user_id,
        async claims() {
          return { sub: user.user_id, email_verified: true, ...productClaims(claimsOf(user)) };
        },
      };
    },
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const user = await findUserById(db, token.accountId);
      return user ? productClaims(claimsOf(user)) : undefined;
    },
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
    rotateRefreshToken: true,
    interactions: {
      url: (_ctx, interaction) => `${OIDC_PREFIX}/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => oidc.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== oidc.audience) throw new oidcErrors.InvalidTarget();
          return {
            scope: oidc.apiScope,
            audience: oidc.audience,
            accessTokenTTL: ttl.accessToken,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        // The provider's form carries its xsrf secret; a GET alone never signs out (see isOwnSignOut).
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          const autoSubmit = isOwnSignOut(ctx);
          if (autoSubmit) allowInlineScript(ctx, LOGOUT_AUTO_SUBMIT);
          ctx.body = logoutPage(pickLocale(ctx.oidc.params?.ui_locales), form, autoSubmit);
        },
        async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          ctx.body = signedOutPage(pickLocale(ctx.oidc.params?.ui_locales), `${publicUrl}/home`);
        },
      },
    },
    ttl: {
      AccessToken: ttl.accessToken,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      RefreshToken: ttl.refreshToken,
      Interaction: 60 * 60,
      Session: ttl.refreshToken,
      Grant: ttl.refreshToken,
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(pickLocale(ctx.oidc?.params?.ui_locales), out as unknown as Record<string, string>);
    },
  };

  const provider = new Provider(issuer, configuration);
  // The api rewrites X-Forwarded-Proto/Host from PUBLIC_URL before handing requests over, so every
  // URL the provider builds (redirects, cookies' Secure flag, discovery) is the public one.
  provider.proxy = true;
  return provider;
}
