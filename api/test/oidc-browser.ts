import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';

/** Just enough of a browser: cookies by name, manual redirects. */
export class Browser {
  readonly cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects until one leaves `origin` or a page answers. */
  async follow(url: string, origin: string, init: RequestInit = {}): Promise<{ response: Response; url: string }> {
    let current = url;
    let response = await this.fetch(current, init);
    for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops++) {
      const next = new URL(response.headers.get('location')!, current).toString();
      if (!next.startsWith(origin) || next.startsWith(`${origin}/login-callback`)) return { response, url: next };
      current = next;
      response = await this.fetch(current);
    }
    return { response, url: current };
  }
}

export const CLIENT_ID = 'linepulse-web';

/** The sign-in form's body. */
export function passwordForm(email: string, password: string): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  };
}

export interface Authorization {
  /** The sign-in form's action (a path), or null when the session signed in without a page. */
  action: string | null;
  page: string;
  verifier: string;
  /** The callback URL when the provider answered at once (an existing session). */
  callback: string | null;
}

/** The host's authorization request (code + PKCE, refresh tokens), up to the sign-in page. */
export async function authorize(browser: Browser, baseUrl: string, params: Record<string, string> = {}): Promise<Authorization> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest().toString('base64url');
  const url = new URL(`${baseUrl}/oidc/auth`);
  url.search = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    redirect_uri: `${baseUrl}/login-callback`,
    scope: 'api.readwrite openid profile offline_access',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state-1',
    nonce: 'nonce-1',
    ...params,
  }).toString();
  const result = await browser.follow(url.toString(), baseUrl);
  if (result.url.startsWith(url.searchParams.get('redirect_uri')!)) return { action: null, page: '', verifier, callback: result.url };
  const page = await result.response.text();
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1] ?? null;
  return { action, page, verifier, callback: null };
}

export interface Tokens {
  access_token: string;
  id_token: string;
  refresh_token: string;
  scope: string;
}

/** Code from a callback URL + PKCE verifier → tokens, as MSAL does from the product's origin (`origin`). */
export async function redeem(
  baseUrl: string,
  callbackUrl: string,
  verifier: string,
  redirectUri = `${baseUrl}/login-callback`,
  origin = baseUrl,
  clientId = CLIENT_ID,
): Promise<Tokens> {
  const code = new URL(callbackUrl).searchParams.get('code');
  assert.ok(code, `a code in ${callbackUrl}`);
  const response = await fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }).toString(),
  });
  const tokens = (await response.json()) as Tokens;
  assert.equal(response.status, 200, JSON.stringify(tokens));
  return tokens;
}

/** refresh_token grant; the answer's status and body. */
export async function refresh(baseUrl: string, refreshToken: string, origin = baseUrl, clientId = CLIENT_ID): Promise<{ status: number; body: Record<string, string> }> {
  const response = await fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken }).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

/** Signs in with the password form and redeems the code: the whole flow the host runs. */
export async function signIn(browser: Browser, baseUrl: string, email: string, password = 'linepulse'): Promise<Tokens> {
  const { action, verifier } = await authorize(browser, baseUrl);
  assert.ok(action, 'a sign-in form');
  const signedIn = await browser.follow(`${baseUrl}${action}`, baseUrl, passwordForm(email, password));
  assert.ok(signedIn.url.startsWith(`${baseUrl}/login-callback`), `signed in: ${signedIn.url} (${signedIn.response.status})`);
  return redeem(baseUrl, signedIn.url, verifier);
}
