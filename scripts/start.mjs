#!/usr/bin/env node
// `pnpm start`: runs the api, which serves the apps with the embedded defaults (PGlite, the embedded
// OpenID Connect provider, demo data) at https://localhost:8443, and builds the host and the remotes
// when their build is missing or older than their sources.
//
// The server listens at once (issue 23): while the apps build and the demo history is made, a browser
// sees a progress page that turns into the sign-in page by itself, and the terminal one progress line.
// The builds' own output goes to DATA_DIR/build.log (shown here only when a build fails).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestSource } from './newest-source.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const APPS = ['host', 'remote-overview', 'remote-downtime', 'remote-reports', 'remote-admin', 'remote-opportunities'];
/** Apps built at once: the machine's two cores (decision 43). */
const BUILDS_AT_ONCE = 2;

// Every app bundles the platform's and the contracts' sources: a change there rebuilds them all.
const sharedChanged = Math.max(newestSource(join(root, 'shared')), newestSource(join(root, 'contracts')));
const stale = APPS.filter((app) => {
  const manifest = join(root, app, 'dist', 'mf-manifest.json');
  if (!existsSync(manifest)) return true;
  return Math.max(newestSource(join(root, app)), sharedChanged) > statSync(manifest).mtimeMs;
});

const dataDir = resolve(process.env.DATA_DIR ?? join(root, '.data'));
mkdirSync(dataDir, { recursive: true });
// The server serves each app's dist folder from the start; the build fills it.
for (const app of stale) mkdirSync(join(root, app, 'dist'), { recursive: true });

const api = spawn(process.execPath, ['--enable-source-maps', '--import', 'tsx', 'src/main.ts'], {
  cwd: join(root, 'api'),
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: {
    ...process.env,
    LOG_REQUESTS: process.env.LOG_REQUESTS ?? 'false',
    ...(stale.length > 0 ? { LINEPULSE_STARTUP_BUILD: '1' } : {}),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

if (stale.length > 0) {
  const logFile = join(dataDir, 'build.log');
  const log = createWriteStream(logFile);
  const tell = (message) => {
    if (api.connected) api.send(message);
  };
  let done = 0;
  let failed = null;
  tell({ build: { done, total: stale.length } });

  /** One app's production build, without source maps unless asked for (decision 43). */
  const build = (app) =>
    new Promise((resolveBuild) => {
      // At a lower priority than the server: it answers (the progress page) and makes the demo history
      // first, the builds take the rest of the machine.
      const child = spawn('nice', ['-n', '10', 'pnpm', '--filter', `./${app}`, 'run', 'build'], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, BUILD_SOURCE_MAPS: process.env.BUILD_SOURCE_MAPS ?? 'false' },
      });
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
      child.on('close', (code) => resolveBuild(code === 0));
    });

  const queue = [...stale];
  const worker = async () => {
    for (let app = queue.shift(); app !== undefined && failed === null; app = queue.shift()) {
      if (await build(app)) tell({ build: { done: (done += 1), total: stale.length } });
      else failed = app;
    }
  };
  await Promise.all(Array.from({ length: Math.min(BUILDS_AT_ONCE, stale.length) }, worker));
  log.end();
  if (failed !== null) {
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
    console.error(`\nThe build of ${failed} failed (the whole output is in ${logFile}):\n${tail}`);
    tell({ build: 'failed', reason: `the build of ${failed} failed` });
  } else {
    tell({ build: 'done' });
  }
}
