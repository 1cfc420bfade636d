#!/usr/bin/env node
// `pnpm budgets:first-run`: what a newcomer waits for (issue 23). Clones this repository's HEAD into a
// temporary folder, runs the README's command there (install, then start on a free port), and prints
// when the server first answered, when each step of the start began (from /api/startup) and when the
// product was ready: the sign-in page and the demo figures (the server holds both until the history is
// derived). Figures only, nothing asserted. Budgets: sign-in page ≤ 150 s, demo figures ≤ 3 min.
//
// The clone comes from this checkout and pnpm's store is this machine's, as on a machine that installed
// before; a first install from the network adds its download time.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = (ms) => (ms / 1000).toFixed(1);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// The api's certificate is self-signed: this process trusts it for its own checks only.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

async function status(url) {
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' }, signal: globalThis.AbortSignal.timeout(2000) });
    return { status: response.status, body: response.headers.get('content-type')?.includes('json') ? await response.json() : null };
  } catch {
    return null;
  }
}

const dir = mkdtempSync(join(tmpdir(), 'linepulse-first-run-'));
console.log(`first run: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}; clone in ${dir}`);
const t0 = performance.now();
const at = () => performance.now() - t0;
let start = null;
try {
  execFileSync('git', ['clone', '--quiet', root, dir]);
  const cloned = at();
  execFileSync('pnpm', ['install', '--frozen-lockfile'], { cwd: dir, stdio: 'ignore' });
  const installed = at();
  console.log(`  clone ${seconds(cloned)} s, install ${seconds(installed - cloned)} s`);

  const port = await freePort();
  const origin = `https://localhost:${port}`;
  start = spawn('pnpm', ['start'], {
    cwd: dir,
    stdio: 'ignore',
    detached: true,
    env: { ...process.env, PORT: String(port), PUBLIC_URL: origin, NODE_TLS_REJECT_UNAUTHORIZED: '1' },
  });
  let answered = null;
  let lastStep;
  const steps = [];
  for (;;) {
    if (at() > 15 * 60_000) throw new Error('not ready after 15 minutes');
    const startup = await status(`${origin}/api/startup`);
    if (startup && answered === null) {
      answered = at();
      console.log(`  server answering at ${seconds(answered)} s`);
    }
    const step = startup?.body?.step ?? null;
    if (startup?.body && step !== lastStep && step !== null) {
      steps.push(`${step} at ${seconds(at())} s`);
      lastStep = step;
    }
    if (startup?.body?.failure) throw new Error(`the start failed: ${startup.body.failure}`);
    const config = await status(`${origin}/config.json`);
    if (config?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const ready = at();
  const home = await fetch(`${origin}/home`, { headers: { accept: 'text/html' } });
  console.log(`  steps: ${steps.join(', ')}`);
  console.log(`  ready (the sign-in page ${home.status === 200 ? 'served' : `answered ${home.status}`}, demo figures derived) at ${seconds(ready)} s`);
  console.log(`first run: clone → README command → sign-in page and demo figures ${seconds(ready)} s (budgets 150 s and 180 s); server answering after ${seconds(answered)} s`);
} finally {
  if (start?.pid) {
    try {
      process.kill(-start.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
  rmSync(dir, { recursive: true, force: true });
}
