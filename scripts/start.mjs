#!/usr/bin/env node
// `pnpm start`: builds the host and the remotes when their build is missing or older than their
// sources, then runs the api, which serves them with the embedded defaults (PGlite, the embedded
// OpenID Connect provider, demo data) at https://localhost:8443.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestSource } from './newest-source.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const APPS = ['host', 'remote-overview', 'remote-downtime', 'remote-reports', 'remote-admin', 'remote-opportunities'];

// Every app bundles the platform's and the contracts' sources: a change there rebuilds them all.
const sharedChanged = Math.max(newestSource(join(root, 'shared')), newestSource(join(root, 'contracts')));
const stale = APPS.filter((app) => {
  const manifest = join(root, app, 'dist', 'mf-manifest.json');
  if (!existsSync(manifest)) return true;
  return Math.max(newestSource(join(root, app)), sharedChanged) > statSync(manifest).mtimeMs;
});

// The stale apps build two at a time (the machine's two cores), without source maps unless asked for:
// they serve a deployment's error reports, not the demo (decision 43).
if (stale.length > 0) {
  console.log(`building ${stale.join(', ')} …`);
  const filters = stale.flatMap((app) => ['--filter', `./${app}`]);
  const env = { ...process.env, BUILD_SOURCE_MAPS: process.env.BUILD_SOURCE_MAPS ?? 'false' };
  const build = spawnSync('pnpm', ['-r', '--workspace-concurrency=2', ...filters, 'run', 'build'], { cwd: root, stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const api = spawnSync('pnpm', ['--filter', '@linepulse/api', 'start'], { cwd: root, stdio: 'inherit' });
process.exit(api.status ?? 0);
