import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { describe, it } from 'node:test';
import { Cleanup, DEMO, listenHttps } from './helper.ts';
import { authorize, Browser, passwordForm, redeem, signIn } from './oidc-browser.ts';
import { SIGN_IN_LIMITS } from '../src/oidc/throttle.ts';

// The server's certificate is self-signed and generated per run; this process only talks to it.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

async function withServer(fn: (baseUrl: string) => Promise<void>, env: Record<string, string> = {}): Promise<void> {
  const cleanup = new Cleanup();
  try {
    const { baseUrl } = await listenHttps(cleanup, env);
    await fn(baseUrl);
  } finally {
    await cleanup.run();
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('embedded provider: the password form', () => {
  it('locks an account after 5 failures in 15 minutes, even against the right password, and says so in the page language', async () => {
    await withServer(async (baseUrl) => {
      const browser = new Browser();
      const { action } = await authorize(browser, baseUrl, { ui_locales: 'es' });
      assert.ok(action);
      const limit = SIGN_IN_LIMITS.account.failures;
      assert.equal(limit, 5);
      for (let i = 1; i < limit; i++) {
        const wrong = await browser.fetch(`${baseUrl}${action}`, passwordForm(DEMO.admin, `wrong-${i}`));
        assert.equal(wrong.status, 401, `failure ${i}`);
        assert.match(await wrong.text(), /Correo electrónico o contraseña incorrectos\./);
      }
      // The 5th failure locks: 429 with Retry-After and the translated lockout message.
      const fifth = await browser.fetch(`${baseUrl}${action}`, passwordForm(DEMO.admin, 'wrong-5'));
      assert.equal(fifth.status, 429);
      assert.equal(fifth.headers.get('retry-after'), String(SIGN_IN_LIMITS.account.lockSeconds));
      assert.match(await fifth.text(), /Demasiados intentos de inicio de sesión fallidos\. Vuelva a intentarlo en 15 minutos\./);

      // The right password is refused while locked; the e-mail's case does not get around it.
      for (const email of [DEMO.admin, DEMO.admin.toUpperCase()]) {
        const right = await browser.fetch(`${baseUrl}${action}`, passwordForm(email, 'linepulse'));
        assert.equal(right.status, 429, email);
        assert.ok(Number(right.headers.get('retry-after')) > 14 * 60);
      }

      // Another account from the same address still signs in (the address is far from its own limit).
      const other = new Browser();
      const tokens = await signIn(other, baseUrl, DEMO.operation);
      assert.ok(tokens.access_token);
    });
  });

  /** 30 failures from `from` (forwarded-for header values; none: the socket's address), then checks. */
  async function lockAddress(baseUrl: string, browser: Browser, action: string, from?: string): Promise<void> {
    const limit = SIGN_IN_LIMITS.address.failures;
    assert.equal(limit, 30);
    const statuses: number[] = [];
    for (let i = 1; i <= limit; i++) {
      const form = passwordForm(`nobody-${i}@example.com`, 'guess');
      // A client behind no trusted proxy could still send the header: each try claims another address.
      const forwarded = from ?? `198.51.100.${i}`;
      const wrong = await browser.fetch(`${baseUrl}${action}`, { ...form, headers: { ...(form.headers as Record<string, string>), 'x-forwarded-for': forwarded } });
      statuses.push(wrong.status);
      await wrong.arrayBuffer();
    }
    assert.deepEqual(statuses, [...Array(limit - 1).fill(401), 429]);
  }

  const fromAddress = (form: RequestInit, address: string): RequestInit => ({ ...form, headers: { ...(form.headers as Record<string, string>), 'x-forwarded-for': address } });

  it('locks an address after 30 failures in 15 minutes, whatever the e-mails tried or the forwarded-for header claims', async () => {
    await withServer(async (baseUrl) => {
      const browser = new Browser();
      const { action } = await authorize(browser, baseUrl);
      assert.ok(action);
      // No TRUST_PROXY: X-Forwarded-For is ignored, so changing it at every try does not escape the count.
      await lockAddress(baseUrl, browser, action);
      // A real account with its right password, from the locked address: refused, in English by default.
      const right = await browser.fetch(`${baseUrl}${action}`, fromAddress(passwordForm(DEMO.display, 'linepulse'), '192.0.2.200'));
      assert.equal(right.status, 429);
      assert.match(await right.text(), /Too many failed sign-in attempts\. Try again in 15 minutes\./);
    });
  });

  it('behind a trusted proxy (TRUST_PROXY) counts each client address the proxy reports, not the proxy\'s', async () => {
    await withServer(
      async (baseUrl) => {
        const browser = new Browser();
        const { action } = await authorize(browser, baseUrl);
        assert.ok(action);
        await lockAddress(baseUrl, browser, action, '203.0.113.7');
        const locked = await browser.fetch(`${baseUrl}${action}`, fromAddress(passwordForm(DEMO.display, 'linepulse'), '203.0.113.7'));
        assert.equal(locked.status, 429);
        await locked.arrayBuffer();
        // Another client behind the same proxy is not locked out with the guesser.
        const other = await browser.fetch(`${baseUrl}${action}`, fromAddress(passwordForm(DEMO.display, 'linepulse'), '203.0.113.8'));
        assert.ok(other.status >= 300 && other.status < 400, `signed in through the proxy (got ${other.status})`);
      },
      { TRUST_PROXY: 'loopback' },
    );
  });

  it('takes as long to refuse an unknown e-mail as a known one with a wrong password', async () => {
    await withServer(async (baseUrl) => {
      const browser = new Browser();
      const { action } = await authorize(browser, baseUrl);
      assert.ok(action);
      const time = async (email: string): Promise<number> => {
        const started = performance.now();
        const response = await browser.fetch(`${baseUrl}${action}`, passwordForm(email, 'not-the-password'));
        await response.text();
        assert.equal(response.status, 401);
        return performance.now() - started;
      };
      await time('warm-up@example.com');
      const known: number[] = [];
      const unknown: number[] = [];
      // Two tries per account (below the account's lockout of 5, and 21 in all below the address's 30),
      // interleaved so that machine load hits both alike: ten of each, as the suite runs four processes
      // on two cores (five of each once gave a ratio of 1.76 under that load).
      const accounts = [DEMO.admin, DEMO.operation, DEMO.display, DEMO.noaccess, DEMO.otherAdmin];
      for (const round of [0, 1]) {
        for (const [i, email] of accounts.entries()) {
          known.push(await time(email));
          unknown.push(await time(`unknown-${round}-${i}@demo.linepulse.test`));
        }
      }
      // A password check (scrypt) dominates both; without it an unknown e-mail answered ~10× faster
      // (a ratio near 0.1): the bounds leave room for load, not for that.
      const ratio = median(unknown) / median(known);
      assert.ok(ratio > 0.5 && ratio < 2, `unknown ${median(unknown).toFixed(1)} ms vs known ${median(known).toFixed(1)} ms`);
    });
  });
});

describe('embedded provider: sign-out', () => {
  it('never signs out on a cross-site GET: the page asks, and the form needs the provider xsrf secret', async () => {
    await withServer(async (baseUrl) => {
      const browser = new Browser();
      const tokens = await signIn(browser, baseUrl, DEMO.admin);
      const endSession = new URL(`${baseUrl}/oidc/session/end`);
      endSession.search = new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: `${baseUrl}/home` }).toString();

      // A link or image on another site (and a request without Sec-Fetch-Site): a confirmation, no script.
      for (const headers of [{ 'sec-fetch-site': 'cross-site' }, {}] as Record<string, string>[]) {
        const page = await browser.fetch(endSession.toString(), { headers });
        assert.equal(page.status, 200);
        const html = await page.text();
        assert.doesNotMatch(html, /<script/);
        assert.match(html, /<h1>Sign out of Linepulse\?<\/h1>/);
        assert.match(html, /<button type="submit" form="op\.logoutForm">Sign out<\/button>/);
      }
      // A same-origin GET without the signed-in account's ID token: asks too.
      const noHint = await browser.fetch(`${baseUrl}/oidc/session/end`, { headers: { 'sec-fetch-site': 'same-origin' } });
      assert.doesNotMatch(await noHint.text(), /<script/);

      // A cross-site form post without the secret is refused.
      const forged = await browser.fetch(`${baseUrl}/oidc/session/end/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
        body: new URLSearchParams({ logout: 'yes' }).toString(),
      });
      assert.equal(forged.status, 400);
      await forged.arrayBuffer();

      // Still signed in: a new authorization request comes straight back with a code, no sign-in page.
      const again = await authorize(browser, baseUrl);
      assert.ok(again.callback, 'the session survived');
      const renewed = await redeem(baseUrl, again.callback, again.verifier);
      assert.ok(renewed.access_token);
    });
  });
});
