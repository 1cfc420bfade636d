import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { resolveUser } from '../../auth/claims.ts';
import { createLocalVerifier, createRemoteVerifier, rememberVerified, type TokenVerifier } from '../../auth/verifier.ts';
import { ApiError, apiError, errors } from '../../errors.ts';
import { ERROR_CODES, type UserClaims } from '@linepulse/contracts';

/**
 * Who may call a route:
 * - public: anyone (health, OpenAPI);
 * - user: any signed-in user, even one not enabled for the product (preferences: language and theme);
 * - product (default for /api and /dashboard-api): a user enabled for Linepulse (is_tilelytics);
 * - admin: an enabled administrator;
 * - ingest: no user token — the route authenticates a factory's ingest key itself (routes/ingest.ts).
 */
export type Access = 'public' | 'user' | 'product' | 'admin' | 'ingest';

/**
 * What a route needs of the caller's entitlements besides its access (product §6), checked by the same
 * hook on every call, before the body is read:
 * - insights: the opportunities and the performance-manager pages, for users with `insights_enabled`
 *   or `is_wx_user` (403 AUTH_INSIGHTS_REQUIRED otherwise).
 */
export type Entitlement = 'insights';

/** Whether a user has an entitlement (the same rule as the host's menu and guards). */
export function hasEntitlement(user: UserClaims, entitlement: Entitlement): boolean {
  switch (entitlement) {
    case 'insights':
      return user.insights_enabled || user.is_wx_user;
  }
}

/** The route options of a route that needs insights (see Entitlement). */
export const NEEDS_INSIGHTS = { entitlement: 'insights' } as const satisfies FastifyContextConfig;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    entitlement?: Entitlement;
  }
  interface FastifyRequest {
    /** Set for every authenticated route; null on public ones. */
    user: UserClaims | null;
    /** When the caller's verified token expires (epoch ms); null on public routes. */
    tokenExpiresAt: number | null;
  }
  interface FastifyInstance {
    tokenVerifier: TokenVerifier;
  }
}

const API_PREFIXES = ['/api/', '/dashboard-api/'];

/** The caller, for handlers of non-public routes (the hook guarantees it is set). */
export function currentUser(request: FastifyRequest): UserClaims {
  if (!request.user) throw errors.unauthenticated();
  return request.user;
}

function accessOf(request: FastifyRequest): Access | null {
  const url = request.routeOptions.url;
  if (!url || !API_PREFIXES.some((p) => url.startsWith(p))) return null;
  return request.routeOptions.config.access ?? 'product';
}

async function authPlugin(app: FastifyInstance): Promise<void> {
  const { oidc } = app.config;
  const embedded = app.embeddedOidc;
  const verifier: TokenVerifier = rememberVerified(
    embedded
      ? createLocalVerifier({ jwks: embedded.keys.publicJwks, issuer: embedded.issuer, audience: oidc.audience })
      : createRemoteVerifier({ authority: oidc.authority, audience: oidc.audience }),
  );
  app.decorate('tokenVerifier', verifier);
  app.decorateRequest('user', null);
  app.decorateRequest('tokenExpiresAt', null);

  app.addHook('onRequest', async (request) => {
    const access = accessOf(request);
    if (access === null || access === 'public' || access === 'ingest') return;

    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) throw errors.unauthenticated();
    let payload;
    try {
      payload = await verifier.verify(match[1]!);
    } catch (error) {
      request.log.info({ reason: (error as Error).message }, 'bearer token refused');
      throw errors.unauthenticated('The bearer token is invalid or expired.');
    }
    const user = await resolveUser(app.db, payload);
    if (!user) throw new ApiError(403, { code: ERROR_CODES.forbidden, arguments: {}, message: 'The user is unknown to Linepulse.' });
    request.user = user;
    if (typeof payload.exp === 'number') request.tokenExpiresAt = payload.exp * 1000;

    if (access === 'user') return;
    if (!user.is_tilelytics) throw errors.notEnabled();
    if (access === 'admin' && !user.is_admin) throw errors.adminRequired();
    const entitlement = request.routeOptions.config.entitlement;
    if (entitlement === 'insights' && !hasEntitlement(user, entitlement)) {
      throw apiError(403, ERROR_CODES.insightsRequired, 'Opportunities are not enabled for this user: they need insights or a wx user.');
    }
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['config', 'db', 'oidc'] });
