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
