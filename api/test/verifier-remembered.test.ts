import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { JWTPayload } from 'jose';
import { rememberVerified, type TokenVerifier } from '../src/auth/verifier.ts';

/** A verifier that counts its checks and accepts tokens named "good-<exp seconds>". */
function counting(): TokenVerifier & { checks: number } {
  const v = {
    checks: 0,
    async verify(token: string): Promise<JWTPayload> {
      v.checks += 1;
      const m = /^good-(\d+)$/.exec(token);
      if (!m) throw new Error('bad signature');
      return { sub: token, exp: Number(m[1]) };
    },
  };
  return v;
}

describe('verified tokens remembered', () => {
  it('checks a token once while it is remembered, and again after ttl', async () => {
    let now = 1_000_000;
    const inner = counting();
    const v = rememberVerified(inner, { ttlMs: 60_000, now: () => now });
    const token = `good-${now / 1000 + 3600}`;
    assert.equal((await v.verify(token)).sub, token);
    await v.verify(token);
    assert.equal(inner.checks, 1);
    now += 60_000;
    await v.verify(token);
    assert.equal(inner.checks, 2);
  });

  it('never accepts a token past its expiry, even if it was remembered', async () => {
    let now = 1_000_000;
    const inner = counting();
    const v = rememberVerified(inner, { ttlMs: 60_000, now: () => now });
    const token = `good-${now / 1000 + 10}`;
    await v.verify(token);
    now += 10_000; // its exp
    await v.verify(token);
    assert.equal(inner.checks, 2, 'checked again (the real verifier then refuses an expired token)');
  });

  it('does not remember refusals', async () => {
    const inner = counting();
    const v = rememberVerified(inner, { now: () => 0 });
    await assert.rejects(v.verify('forged'));
    await assert.rejects(v.verify('forged'));
    assert.equal(inner.checks, 2);
  });

  it('keeps at most max tokens, dropping the oldest', async () => {
    const inner = counting();
    const v = rememberVerified(inner, { max: 2, now: () => 0 });
    for (const t of ['good-100', 'good-101', 'good-102']) await v.verify(t);
    await v.verify('good-102');
    await v.verify('good-101');
    assert.equal(inner.checks, 3);
    await v.verify('good-100');
    assert.equal(inner.checks, 4);
  });
});
