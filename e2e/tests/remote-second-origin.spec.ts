import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { SISTER_ORIGIN, startSisterProduct } from '../support/sister';
import { storageStatePath } from '../support/users';

test.use({ storageState: storageStatePath('admin') });

const REMOTES_FILE = process.env.E2E_REMOTES_FILE!;
const ROOT = join(__dirname, '..', '..');

const downtimeManifest = async (request: APIRequestContext): Promise<string> =>
  ((await (await request.get('/config.json')).json()) as { remotes: { downtime: string } }).remotes.downtime;

test('a remote deployed with pnpm deploy:remote at a second origin is loaded from there, without restarting the api', async ({ page }) => {
  // A deployment, a page that loads a whole remote, and the api reading the remotes file twice: more
  // than the usual minute on a loaded machine (a clean-clone run once ran out of it here).
  test.setTimeout(120_000);
  // The downtime team deploys its remote (the stack's build) into a folder its own server serves.
  const folder = mkdtempSync(join(tmpdir(), 'linepulse-e2e-downtime-'));
  execFileSync(
    process.execPath,
    ['scripts/deploy-remote.mjs', 'downtime', folder, '--no-build', `--url=${SISTER_ORIGIN}/remotes/downtime`, `--remotes-file=${REMOTES_FILE}`],
    { cwd: ROOT, stdio: 'pipe' },
  );
  const second = await startSisterProduct({ remotes: { downtime: folder } });
  try {
    // The api reads the remotes file again by itself.
    await expect.poll(() => downtimeManifest(page.request), { timeout: 10_000 }).toBe(`${SISTER_ORIGIN}/remotes/downtime/mf-manifest.json`);
    const fromSecond: string[] = [];
    page.on('requestfinished', (request) => {
      if (request.url().startsWith(SISTER_ORIGIN)) fromSecond.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('list', { name: 'Factory Lyon' }).getByRole('link', { name: 'Availability and downtime' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Availability and downtime — Lyon' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Availability by line and interval' })).toBeVisible();
    // Its manifest, entry and code came from the second origin.
    expect(fromSecond).toContain('/remotes/downtime/mf-manifest.json');
    expect(fromSecond).toContain('/remotes/downtime/remoteEntry.js');
    expect(fromSecond.some((path) => /\/remotes\/downtime\/.+\.[0-9a-f]{8,}\.js$/.test(path))).toBe(true);
  } finally {
    rmSync(REMOTES_FILE, { force: true });
    await expect.poll(() => downtimeManifest(page.request), { timeout: 10_000 }).toMatch(/^https:\/\/localhost:8443\/remotes\/downtime\//);
    await second.close();
    rmSync(folder, { recursive: true, force: true });
  }
});
