import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';

/**
 * The sister product in the tests: its own small server on another port, so another origin (the
 * browser applies CORS to its calls). The stack lists it in EMBED_ORIGINS (playwright.config.ts).
 * Plain HTTP on localhost is a secure context; a real server (not the browser's request routing)
 * gives the page the loopback address space, which Chromium requires before a page may call a local
 * address (local network access) — a real sister product and Linepulse on the internet do not meet that.
 */
export const SISTER_PORT = 8444;
export const SISTER_ORIGIN = `http://localhost:${SISTER_PORT}`;

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css', '.svg': 'image/svg+xml' };

/**
 * Starts the sister product's server: its one page, e2e/embed/index.html, at /index.html; and, as a
 * remote team's second origin, the folders of `remotes` at /remotes/<name>/ with the headers
 * docs/hosting-a-remote.md asks for (CORS for every origin, no-cache on the manifest and the entry).
 */
export async function startSisterProduct(options: { remotes?: Record<string, string> } = {}): Promise<{ close(): Promise<void> }> {
  const html = readFileSync(join(__dirname, '..', 'embed', 'index.html'), 'utf8');
  const server: Server = createServer((request, response) => {
    const pathname = request.url?.split('?')[0] ?? '';
    const remote = /^\/remotes\/([a-z]+)\/(.+)$/.exec(pathname);
    const folder = remote ? options.remotes?.[remote[1]!] : undefined;
    if (remote && folder) {
      const file = normalize(remote[2]!);
      try {
        if (file.startsWith('..')) throw new Error('outside');
        const body = readFileSync(join(folder, file));
        const entry = file === 'mf-manifest.json' || file === 'remoteEntry.js';
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
      return;
    }
    if (pathname !== '/index.html') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(html);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(SISTER_PORT, 'localhost', resolve);
  });
  return { close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The sister product's page with the embed's parameters in its fragment. */
export function sisterPage(fragment: Record<string, string>): string {
  return `${SISTER_ORIGIN}/index.html#${new URLSearchParams(fragment).toString()}`;
}
