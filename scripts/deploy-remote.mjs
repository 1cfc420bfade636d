#!/usr/bin/env node
// `pnpm deploy:remote <name> <folder> [--url=<address of the folder>] [--remotes-file=<file>] [--no-build]`
//
// Deploys one remote for its own team (docs/hosting-a-remote.md): builds it for production, copies the
// build into the folder a web server serves, and tells the api where it now lives.
// - Nothing already in the folder is deleted: tabs opened before the deploy still load the chunks their
//   manifest named (chunks are content-hashed, so old and new sit side by side).
// - The hashed chunks are copied first, `remoteEntry.js` (and the overview's `embed/embed.js`) next and
//   `mf-manifest.json` last: a browser reading the new manifest or module finds every file it names.
// - With --remotes-file (the api's REMOTES_FILE) and --url, the remote's entry in that file becomes
//   `<url>/mf-manifest.json`: the api sees it within a second, without a restart.
// The folder must then be served over HTTPS with the headers the document lists (CORS, no-cache on the
// manifest and the entry, a year's cache on the rest).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REMOTES = ['overview', 'downtime', 'reports', 'admin', 'opportunities'];
/**
 * The files that keep their names between deploys (contracts/assets/remote-entry-files.json, the list the
 * api serves with no-cache), written last, in its order: what a browser reads first must only name
 * files already in place.
 */
const ENTRY_FILES = JSON.parse(readFileSync(path.join(ROOT, 'contracts', 'assets', 'remote-entry-files.json'), 'utf8')).map((file) =>
  path.join(...file.split('/')),
);

function fail(message) {
  console.error(`deploy:remote: ${message}`);
  process.exit(1);
}

const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const [name, folder] = args.filter((a) => !a.startsWith('--'));
if (!REMOTES.includes(name ?? '') || !folder) {
  fail(`usage: pnpm deploy:remote <${REMOTES.join('|')}> <folder> [--url=https://…] [--remotes-file=<file>] [--no-build]`);
}
const url = option('url');
const remotesFile = option('remotes-file');
if (remotesFile && !url) fail('--remotes-file needs --url (the address where the folder is served)');
if (url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    fail(`--url is not an address: ${url}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') fail(`--url must be http(s): ${url}`);
}

const appDir = path.join(ROOT, `remote-${name}`);
let build = path.join(appDir, 'dist');
if (!args.includes('--no-build')) {
  build = mkdtempSync(path.join(tmpdir(), `linepulse-deploy-${name}-`));
  console.log(`building remote-${name} …`);
  const started = Date.now();
  const result = spawnSync('pnpm', ['--filter', `@linepulse/remote-${name}`, 'exec', 'webpack', '--mode', 'production', '--env', `outputPath=${build}`], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) fail(`the build of remote-${name} failed`);
  console.log(`built in ${Math.round((Date.now() - started) / 1000)} s`);
}
if (!existsSync(path.join(build, 'mf-manifest.json'))) fail(`no mf-manifest.json in ${build}: build the remote first, or leave out --no-build`);

/** Every file of a folder, relative to it. */
function filesOf(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(path.join(dir, entry.name), path.join(prefix, entry.name)) : [path.join(prefix, entry.name)],
  );
}

/** Copies through a temporary name and a rename, so a file is never seen half written. */
function place(file) {
  const to = path.join(folder, file);
  mkdirSync(path.dirname(to), { recursive: true });
  copyFileSync(path.join(build, file), `${to}.deploying`);
  renameSync(`${to}.deploying`, to);
}

mkdirSync(folder, { recursive: true });
const files = filesOf(build);
const chunks = files.filter((f) => !ENTRY_FILES.includes(f));
let kept = 0;
for (const file of chunks) {
  // A content-hashed file already there is the same file.
  if (existsSync(path.join(folder, file)) && statSync(path.join(folder, file)).size === statSync(path.join(build, file)).size && /\.[0-9a-f]{8,}\./.test(file)) kept += 1;
  else place(file);
}
const entries = ENTRY_FILES.filter((file) => files.includes(file));
entries.forEach(place);
console.log(`remote-${name}: ${chunks.length - kept} files copied, ${kept} already there, then ${entries.join(', ')}; nothing removed`);

if (remotesFile && url) {
  let current = {};
  if (existsSync(remotesFile)) {
    try {
      current = JSON.parse(readFileSync(remotesFile, 'utf8'));
    } catch {
      fail(`${remotesFile} is not JSON: fix or remove it first`);
    }
  }
  const manifest = `${url.replace(/\/+$/, '')}/mf-manifest.json`;
  const next = { ...current, [name]: manifest };
  writeFileSync(`${remotesFile}.deploying`, `${JSON.stringify(next, null, 2)}\n`);
  renameSync(`${remotesFile}.deploying`, remotesFile);
  console.log(`${remotesFile}: ${name} → ${manifest} (the api reads it within a second)`);
}
if (!args.includes('--no-build')) rmSync(build, { recursive: true, force: true });
