#!/usr/bin/env node
// Builds the opportunities remote as if against the platform's next major version (one this host does
// not lend), into e2e/.fixtures/, for the end-to-end test of the host's refusal
// (tests/platform-compatibility.spec.ts). A real webpack build of the real remote: only the declared
// platform range differs. Skipped when the fixture is newer than the remote's and the platform's sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestSource } from '../../scripts/newest-source.mjs';

const e2eDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(e2eDir, '..');
const platformVersion = JSON.parse(readFileSync(join(root, 'shared', 'package.json'), 'utf8')).version;
export const INCOMPATIBLE_RANGE = `^${Number(platformVersion.split('.')[0]) + 1}.0.0`;
const out = join(e2eDir, '.fixtures', 'opportunities-next-platform');

const manifest = join(out, 'mf-manifest.json');
const sources = Math.max(newestSource(join(root, 'remote-opportunities')), newestSource(join(root, 'shared')), newestSource(join(root, 'contracts')));
if (existsSync(manifest) && statSync(manifest).mtimeMs > sources) {
  console.log('incompatible remote fixture is up to date');
} else {
  console.log(`building remote-opportunities against platform ${INCOMPATIBLE_RANGE} …`);
  const build = spawnSync('pnpm', ['--filter', '@linepulse/remote-opportunities', 'exec', 'webpack', '--mode', 'production', '--output-path', out], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, LINEPULSE_PLATFORM_RANGE: INCOMPATIBLE_RANGE },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
