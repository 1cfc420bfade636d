// What the measuring scripts (`pnpm budgets`, `pnpm budgets:heatmap`, `pnpm budgets:embed`) share: Debian's Chromium with the
// flags this machine's closed network needs, and the real sign-in of the demo admin.
import { createRequire } from 'node:module';

const require = createRequire(new URL('../e2e/package.json', import.meta.url));
const { chromium } = require('@playwright/test');

/** The running product's origin: E2E_BASE_URL, https://localhost:8443 by default. */
export const base = (process.env.E2E_BASE_URL ?? 'https://localhost:8443').replace(/\/$/, '');

/** Headless Chromium (CHROMIUM_PATH, /usr/bin/chromium by default) without background networking. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Signs in as the demo admin through the embedded provider, as a user does. */
export async function signInAsDemoAdmin(page) {
  await page.goto(`${base}/home`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/oidc\//);
  await page.getByLabel('Email').fill('admin@demo.linepulse.test');
  await page.getByLabel('Password').fill('linepulse');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/login-callback'));
}

/**
 * The Authorization header the product itself sends (`Bearer …`): the company overview is opened and
 * its first api call read, so the measuring script calls the api with the signed-in user's token.
 */
export async function appAuthorization(page) {
  const request = page.waitForRequest((r) => r.url().includes('/api/') && !!r.headers().authorization, { timeout: 60_000 });
  await page.goto(`${base}/company-overview`);
  return (await request).headers().authorization;
}
