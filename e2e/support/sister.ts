import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';

/**
 * The sister product in the tests: its own small server on another port, so another origin (the
 * browser applies CORS to its calls). The stack lists it in EMBED_ORIGINS (playwright.config.ts).
 * Plain HTTP on localhost is a secure context; a real server (not the browser's request routing)
 * gives the page the loopback address space, which Chromium requires before a page may call a local
 * address (local network access) — a real sister product and Linepulse on the internet do not meet that.
 */
export const SISTER_PORT = 8444;
export const SISTER_ORIGIN = `http://localhost:${SISTER_PORT}`;

/** Starts the sister product's server: its one page, e2e/embed/index.html, at /index.html. */
export async function startSisterProduct(): Promise<{ close(): Promise<void> }> {
  const html = readFileSync(join(__dirname, '..', 'embed', 'index.html'), 'utf8');
  const server: Server = createServer((request, response) => {
    if (request.url?.split('?')[0] !== '/index.html') {
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
