import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, USERS } from '../support/users';

/**
 * A first start as `pnpm start` runs it (scripts/start.mjs): a second api, on a fresh data folder and a
 * port of its own, told through IPC how the build of the apps goes — here by the test, so that each
 * step can be seen — then making its demo history. The browser sees the progress page from the first
 * second, and the page turns into the product by itself.
 */
test.describe.configure({ timeout: 180_000 });

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let api: ChildProcess | null = null;
let dataDir = '';

test.afterEach(async () => {
  if (api && api.exitCode === null) {
    const exited = new Promise((resolve) => api!.once('exit', resolve));
    api.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('the server answers at once with a progress page that turns into the sign-in page when ready, and sign-in works', async ({ page }) => {
  const port = await freePort();
  const origin = `https://localhost:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'linepulse-first-start-'));
  api = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(__dirname, '..', '..', 'api'),
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOG_REQUESTS: 'false',
      // Two days of demo history: this test is about the start, not the history's size.
      SIMULATE_DEMO_DAYS: '2',
      LINEPULSE_STARTUP_BUILD: '1',
    },
  });

  // The server listens while it still waits for the build: the page says so, in the browser's language.
  await expect
    .poll(async () => (await page.request.get(`${origin}/api/startup`).catch(() => null))?.status() ?? 0, { timeout: 90_000 })
    .toBe(200);
  await page.goto(`${origin}/home`);
  await expect(page.getByRole('heading', { name: 'Linepulse is getting ready', level: 1 })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Building the apps — 0\u00a0%');
  await expect(page.getByRole('progressbar', { name: 'Preparation' })).toHaveAttribute('value', '0');

  // Three apps built: the page shows it by itself (it refreshes every two seconds).
  api.send({ build: { done: 3, total: 6 } });
  await expect(page.getByRole('status')).toHaveText('Building the apps (3 of 6) — 27\u00a0%');
  await expect(page.getByRole('progressbar', { name: 'Preparation' })).toHaveAttribute('value', '27');

  // The build is done: the demo history is made, then the same tab shows the product's sign-in.
  api.send({ build: 'done' });
  await expect(page.getByRole('heading', { name: 'Linepulse is getting ready' })).toHaveCount(0, { timeout: 120_000 });
  await page.getByRole('button', { name: 'Sign in' }).click({ timeout: 30_000 });
  await page.waitForURL(/\/oidc\//);
  await page.getByLabel('Email').fill(USERS.admin.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Company overview', level: 1 })).toBeVisible({ timeout: 30_000 });
  const state = await (await page.request.get(`${origin}/api/startup`)).json();
  expect(state).toMatchObject({ preparing: false, percent: 100 });
});
