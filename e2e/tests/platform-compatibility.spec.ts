import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { storageStatePath } from '../support/users';

test.use({ storageState: storageStatePath('admin') });

// The opportunities remote, really built as if against the platform's next major version
// (scripts/build-incompatible-remote.mjs, run before the suite), deployed in place of the real one.
const FIXTURE = join(__dirname, '..', '.fixtures', 'opportunities-next-platform');
const PLATFORM_VERSION = (JSON.parse(readFileSync(join(__dirname, '..', '..', 'shared', 'package.json'), 'utf8')) as { version: string }).version;
const MAJOR = Number(PLATFORM_VERSION.split('.')[0]);
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json', '.map': 'application/json' };

test('a remote built against an incompatible platform is refused in its own area, saying why, before any of its code runs', async ({ page }) => {
  // What the browser asked of that deployment: its manifest only, never its entry script or chunks.
  const asked: string[] = [];
  await page.route('**/remotes/opportunities/**', async (route) => {
    const file = new URL(route.request().url()).pathname.replace(/^\/remotes\/opportunities\//, '');
    asked.push(file);
    try {
      const body = await readFile(join(FIXTURE, file));
      await route.fulfill({ body, contentType: TYPES[extname(file)] ?? 'application/octet-stream', headers: { 'cache-control': 'no-store' } });
    } catch {
      await route.fulfill({ status: 404 });
    }
  });
  await page.goto('/performance-manager/shift-changes');

  const area = page.getByRole('region', { name: 'Opportunities area' });
  await expect(area.getByRole('alert')).toContainText(`was built for platform ^${MAJOR + 1}.0.0, but this site runs platform ${PLATFORM_VERSION}`);
  await expect(page.getByRole('heading', { name: /shift changes/i, level: 1 })).toBeVisible();
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.filter((file) => file !== 'mf-manifest.json')).toEqual([]);

  // The rest of the product keeps working: another remote opens from the navigation.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Company overview' }).click();
  await expect(page.getByRole('heading', { name: 'Company overview', level: 1 })).toBeVisible();

  // The same deployment, built against this platform, mounts normally.
  await page.unroute('**/remotes/opportunities/**');
  await page.goto('/performance-manager/shift-changes');
  await expect(page.getByRole('region', { name: 'Opportunities area' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /shift changes/i, level: 1 })).toBeVisible();
});
