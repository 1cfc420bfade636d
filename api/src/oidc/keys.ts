import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { withDirLock, writeFileAtomic } from '../files-once.ts';

export interface OidcKeys {
  /** Private signing keys, as oidc-provider's `jwks` option wants them. */
  jwks: { keys: JWK[] };
  /** The public half, for verifying tokens without fetching the provider's own JWKS endpoint. */
  publicJwks: { keys: JWK[] };
  cookieKeys: string[];
}

function writeSecret(file: string, content: unknown): void {
  writeFileAtomic(file, `${JSON.stringify(content, null, 2)}\n`);
}

const PUBLIC_MEMBERS = ['kty', 'n', 'e', 'crv', 'x', 'y', 'kid', 'alg', 'use'] as const;

export function publicJwk(key: JWK): JWK {
  const out: JWK = {};
  for (const member of PUBLIC_MEMBERS) if (key[member] !== undefined) (out as Record<string, unknown>)[member] = key[member];
  return out;
}

/**
 * The embedded provider's RS256 signing key and cookie keys, created once in `${dataDir}/oidc` and
 * reused on every start: a new key under the same kid would break tokens and cached JWKS. Created
 * under a lock and written atomically, so instances starting together on one data folder all end up
 * with the first one's keys.
 */
export async function loadOrCreateOidcKeys(dataDir: string): Promise<OidcKeys> {
  const dir = path.join(dataDir, 'oidc');
  return withDirLock(dir, () => readOrCreate(dir));
}

async function readOrCreate(dir: string): Promise<OidcKeys> {
  const jwksFile = path.join(dir, 'jwks.json');
  const cookieFile = path.join(dir, 'cookie-keys.json');

  let jwks: { keys: JWK[] };
  if (existsSync(jwksFile)) {
    jwks = JSON.parse(readFileSync(jwksFile, 'utf8')) as { keys: JWK[] };
  } else {
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const jwk = await exportJWK(privateKey);
    jwk.kid = await calculateJwkThumbprint(jwk);
    jwk.alg = 'RS256';
    jwk.use = 'sig';
    jwks = { keys: [jwk] };
    writeSecret(jwksFile, jwks);
  }

  let cookieKeys: string[];
  if (existsSync(cookieFile)) {
    cookieKeys = JSON.parse(readFileSync(cookieFile, 'utf8')) as string[];
  } else {
    cookieKeys = [randomBytes(32).toString('base64url')];
    writeSecret(cookieFile, cookieKeys);
  }

  return { jwks, publicJwks: { keys: jwks.keys.map(publicJwk) }, cookieKeys };
}
