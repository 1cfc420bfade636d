import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';
import type { RemoteUrls } from '../../remote-locations.ts';
import { runtimeConfig } from '../../routes/config-json.ts';

/**
 * The origins the browser may reach, exactly those /config.json names: the remotes' manifests (their
 * code, styles and images), the sign-in authority and the api bases. Order kept, duplicates dropped.
 */
export function allowedOrigins(config: AppConfig, remoteUrls: RemoteUrls = config.remoteUrls): { remotes: string[]; authority: string; apis: string[] } {
  const runtime = runtimeConfig(config, remoteUrls);
  const unique = (urls: string[]): string[] => [...new Set(urls.map((u) => new URL(u).origin))];
  return {
    remotes: unique(Object.values(runtime.remotes)),
    authority: new URL(runtime.auth.authority).origin,
    apis: unique([runtime.apiBase, runtime.dashboardApiBase]),
  };
}

/**
 * The Content-Security-Policy of every answer (docs/decisions/0015-security-headers.md):
 * - scripts only from the product's origin and the remotes' (no inline script, no eval; the embedded
 *   provider adds the hash of its one inline script to the pages that carry it);
 * - styles also inline: Fluent UI (Griffel) and Highcharts write style elements and attributes at run time;
 * - images from those origins, data: URIs (Fluent's and Highcharts' inline SVG) and blob: URLs (a
 *   chart exported as an image is drawn from a blob in the browser);
 * - fetch/XHR to the remotes (manifests), the authority (discovery, tokens) and the api bases;
 * - frames of the authority only (MSAL's silent renewal); the product itself in no one's frame.
 */
export function contentSecurityPolicy(config: AppConfig, remoteUrls: RemoteUrls = config.remoteUrls): string {
  const { remotes, authority, apis } = allowedOrigins(config, remoteUrls);
  const list = (...groups: string[][]): string => [...new Set(groups.flat())].join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', list(["'self'"], remotes)],
    ['style-src', list(["'self'", "'unsafe-inline'"], remotes)],
    ['img-src', list(["'self'", 'data:', 'blob:'], remotes)],
    ['font-src', list(["'self'", 'data:'], remotes)],
    ['connect-src', list(["'self'"], remotes, [authority], apis)],
    ['frame-src', list(["'self'"], [authority])],
    // The sign-in form's answer redirects to the client's return address, and browsers hold that
    // redirect to form-action too: the embedding client's return pages (EMBED_REDIRECT_URIS) are listed.
    ['form-action', list(["'self'"], [authority], (config.embedClient?.redirectUris ?? []).map((uri) => new URL(uri).origin))],
    ['frame-ancestors', "'none'"],
    ['base-uri', "'self'"],
    ['object-src', "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/**
 * Scripts, style sheets and fonts: files a browser never shows as a document, so a Content-Security-Policy
 * or X-Frame-Options on them has no effect (a policy governs documents and workers; the product starts
 * no worker). The policy alone is some 600 bytes of uncompressed header: on the first visit's 40 scripts
 * it was about 17 KiB on the wire (`pnpm budgets`, issue 23's weight budget; decision 15). They keep
 * nosniff, which is what protects a script, and the rest.
 */
const NOT_DOCUMENTS = /\.(?:m?js|css|woff2?)$/;

/** One year: browsers keep using HTTPS for the product's host (sent only when it is served over HTTPS). */
const HSTS = 'max-age=31536000';

/**
 * Security headers on every answer — api, static files, /config.json and the embedded provider's pages
 * alike. Set on the raw response when the request arrives, so that answers which bypass Fastify's
 * reply (the provider's Koa app, hijacked) carry them too; a handler may still override one.
 */
async function securityHeaders(app: FastifyInstance): Promise<void> {
  const headers: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    // Full referrer inside the product (same origin), nothing to other sites: the sign-in callback's
    // query carries an authorization code.
    ['Referrer-Policy', 'same-origin'],
  ];
  if (app.config.publicUrl.startsWith('https:')) headers.push(['Strict-Transport-Security', HSTS]);
  // The policy names the remotes' origins: built again when they move (REMOTES_FILE), else kept.
  let csp = { version: -1, value: '' };
  app.addHook('onRequest', async (request, reply) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    // A navigation to such an address (Accept: text/html) may get the host's page (history-mode
    // fallback): it keeps the policies. Scripts and styles are requested with */* or their own types.
    if (NOT_DOCUMENTS.test(request.url.split('?')[0]!) && !String(request.headers.accept ?? '').includes('text/html')) return;
    const remotes = app.remoteLocations.current();
    if (csp.version !== app.remoteLocations.version) csp = { version: app.remoteLocations.version, value: contentSecurityPolicy(app.config, remotes) };
    reply.raw.setHeader('Content-Security-Policy', csp.value);
    // For browsers without CSP frame-ancestors.
    reply.raw.setHeader('X-Frame-Options', 'DENY');
  });
}

export default fp(securityHeaders, { name: 'security-headers', dependencies: ['config'] });
