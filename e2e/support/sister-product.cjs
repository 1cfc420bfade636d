// The sister product: its own small server on another origin, serving its one page
// (e2e/embed/index.html) that embeds the company overview. One server for the end-to-end tests
// (e2e/support/sister.ts) and the embed budgets (`pnpm budgets:embed`, scripts/measure-embed.mjs).
//
// Plain HTTP on localhost is a secure context; a real server (not the browser's request routing) gives
// the page the loopback address space, which Chromium requires before a page may call a local address
// (local network access) — a real sister product and Linepulse on the internet do not meet that. The
// stack lists its origin in EMBED_ORIGINS.
const { readFileSync } = require('node:fs');
const { createServer } = require('node:http');
const { extname, join, normalize, sep } = require('node:path');
const { URLSearchParams } = require('node:url');
/** Served with no-cache, as the api serves them; the rest of a remote's files are cached for a year. */
const REMOTE_ENTRY_FILES = require('@linepulse/contracts/remote-entry-files.json');

const SISTER_PORT = 8444;
const SISTER_ORIGIN = `http://localhost:${SISTER_PORT}`;

const TYPES = { '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css', '.svg': 'image/svg+xml' };

/** Serves a file of a remote's folder with the headers docs/hosting-a-remote.md asks for, or a 404. */
function serveRemoteFile(response, folder, requested) {
  const file = normalize(requested);
  try {
    if (file.startsWith('..')) throw new Error('outside the folder');
    const body = readFileSync(join(folder, file));
    const entry = REMOTE_ENTRY_FILES.includes(file.split(sep).join('/'));
    response
      .writeHead(200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Access-Control-Allow-Origin': '*',
        'Cache-Control': entry ? 'no-cache' : 'public, max-age=31536000, immutable',
      })
      .end(body);
  } catch {
    response.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end();
  }
}

/** The page's one nonce (a test page: a real one makes a new nonce per answer). */
const PAGE_NONCE = 'c2lzdGVyLXByb2R1Y3Q';

/**
 * A sister product with a strict Content-Security-Policy (`?csp=strict`): no inline script or style but
 * its own, by nonce, and Linepulse (any https://localhost port here) for scripts, calls and fonts. The
 * embed must work under it: its styles are constructed style sheets in its shadow root, which a policy
 * without 'unsafe-inline' lets through (decision 69).
 */
function strictPolicy(nonce) {
  const linepulse = 'https://localhost:*';
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' ${linepulse}`,
    `style-src 'nonce-${nonce}'`,
    `connect-src ${linepulse}`,
    `font-src ${linepulse}`,
    "img-src data: blob:",
    "base-uri 'none'",
  ].join('; ');
}

/** The page with its own inline script and style marked with the nonce. */
function withNonce(html, nonce) {
  return html.replace('<style id="sister-style">', `<style id="sister-style" nonce="${nonce}">`).replace(/<script>/g, `<script nonce="${nonce}">`);
}

/**
 * Starts the sister product's server: its page at /index.html and, as a remote team's second origin,
 * the folders of `options.remotes` at /remotes/<name>/ (CORS for every origin, no-cache on the manifest
 * and the entry).
 */
async function startSisterProduct(options = {}) {
  const html = readFileSync(join(__dirname, '..', 'embed', 'index.html'), 'utf8');
  const server = createServer((request, response) => {
    const [pathname, query = ''] = (request.url ?? '').split('?');
    const remote = /^\/remotes\/([a-z]+)\/(.+)$/.exec(pathname);
    const folder = remote ? options.remotes?.[remote[1]] : undefined;
    if (remote && folder) serveRemoteFile(response, folder, remote[2]);
    else if (pathname === '/index.html') {
      const strict = new URLSearchParams(query).get('csp') === 'strict';
      const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' };
      response.writeHead(200, strict ? { ...headers, 'Content-Security-Policy': strictPolicy(PAGE_NONCE) } : headers).end(strict ? withNonce(html, PAGE_NONCE) : html);
    } else response.writeHead(404).end();
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(SISTER_PORT, 'localhost', resolve);
  });
  // The browser keeps its connections to this origin open (and may hold one it opened in advance):
  // close them, or `close` waits on them and the test runs out of time.
  return {
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The sister product's page with the embed's parameters in its fragment (`{ csp: 'strict' }`: under a strict policy). */
function sisterPage(fragment, { csp } = {}) {
  return `${SISTER_ORIGIN}/index.html${csp ? `?csp=${csp}` : ''}#${new URLSearchParams(fragment).toString()}`;
}

module.exports = { SISTER_PORT, SISTER_ORIGIN, startSisterProduct, sisterPage };
