import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';

/** Verifies a bearer token's signature, issuer, audience and expiry; throws when any is wrong. */
export interface TokenVerifier {
  verify(token: string): Promise<JWTPayload>;
}

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512'];
const CLOCK_TOLERANCE_S = 5;

/** For the embedded provider: its public keys are in memory, no HTTPS round trip to ourselves. */
export function createLocalVerifier(options: { jwks: JSONWebKeySet; issuer: string; audience: string }): TokenVerifier {
  const keySet = createLocalJWKSet(options.jwks);
  return {
    async verify(token) {
      const { payload } = await jwtVerify(token, keySet, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['RS256'],
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['exp', 'sub'],
      });
      return payload;
    },
  };
}

/**
 * For an external provider: issuer and jwks_uri come from its discovery document, fetched on first use
 * (the api starts even while the provider is unreachable) and again after a failure.
 */
export function createRemoteVerifier(options: { authority: string; audience: string }): TokenVerifier {
  let discovered: Promise<{ issuer: string; keySet: ReturnType<typeof createRemoteJWKSet> }> | null = null;
  const discover = async () => {
    const response = await fetch(`${options.authority}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`OpenID discovery failed: HTTP ${response.status}`);
    const metadata = (await response.json()) as { issuer?: string; jwks_uri?: string };
    if (!metadata.issuer || !metadata.jwks_uri) throw new Error('OpenID discovery document lacks issuer or jwks_uri');
    return { issuer: metadata.issuer, keySet: createRemoteJWKSet(new URL(metadata.jwks_uri)) };
  };
  return {
    async verify(token) {
      discovered ??= discover().catch((error: unknown) => {
        discovered = null;
        throw error;
      });
      const { issuer, keySet } = await discovered;
      const { payload } = await jwtVerify(token, keySet, {
        issuer,
        audience: options.audience,
        algorithms: ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['exp'],
      });
      return payload;
    },
  };
}

/**
 * A verifier that remembers tokens it has verified, for `ttlMs` and never past their expiry: a page
 * sends several calls with the same token, and checking an RSA signature for each was a few percent of
 * the api's time under load. Refusals are not remembered. At most `max` tokens, the oldest dropped.
 */
export function rememberVerified(verifier: TokenVerifier, options: { ttlMs?: number; max?: number; now?: () => number } = {}): TokenVerifier {
  const ttlMs = options.ttlMs ?? 60_000;
  const max = options.max ?? 10_000;
  const now = options.now ?? Date.now;
  const verified = new Map<string, { payload: JWTPayload; until: number }>();
  return {
    async verify(token) {
      const t = now();
      const hit = verified.get(token);
      if (hit && t < hit.until) return hit.payload;
      if (hit) verified.delete(token);
      const payload = await verifier.verify(token);
      const expires = typeof payload.exp === 'number' ? payload.exp * 1000 : t;
      const until = Math.min(t + ttlMs, expires);
      if (until > t) {
        if (verified.size >= max) verified.delete(verified.keys().next().value!);
        verified.set(token, { payload, until });
      }
      return payload;
    },
  };
}
