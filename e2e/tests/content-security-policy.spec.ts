import { expect, test, type Page } from '@playwright/test';
import { bearer, captureAccessToken } from '../support/api';
import { resetPeriod, sectionsReady } from '../support/overview';
import { openSettings, signIn } from '../support/sign-in';
import { storageStatePath } from '../support/users';

/**
 * The api's Content-Security-Policy (api/src/plugins/external/security-headers.ts) must not break the
 * product: Fluent's run-time styles, Highcharts, the remotes loaded from their manifests, MSAL's calls to
 * the provider, the provider's own pages and a chart exported as an image all run under it without a
 * single violation the browser reports.
 */
interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/** Records every CSP violation in every document the page loads (the event and the console message). */
async function watchViolations(page: Page): Promise<{ events: Violation[]; console: string[] }> {
  const events: Violation[] = [];
  const console: string[] = [];
  await page.exposeFunction('__cspViolation', (v: Violation) => events.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (v: unknown) => void }).__cspViolation({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
      });
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) console.push(message.text());
  });
  return { events, console };
}

test('signing in, out and every main page run without a CSP violation', async ({ page }) => {
  const seen = await watchViolations(page);
  const home = await page.goto('/home');
  const csp = home!.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("script-src 'self'");
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // The provider's sign-in page, MSAL's token calls, the company overview.
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/company-overview$/);
  await expect(page.locator('.highcharts-container').first()).toBeVisible();

  // A factory dashboard (its remotes, Highcharts heat map and tiles) and the admin pages.
  await page.getByRole('link', { name: 'Open the Monterrey dashboard' }).click();
  await expect(page.locator('.highcharts-container').first()).toBeVisible();
  await page.goto('/factories');
  await expect(page.getByRole('heading', { name: 'Factories', level: 1 })).toBeVisible();

  // Sign-out: the provider's page submits its form with its one inline script (allowed by hash).
  await openSettings(page);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/home$/);

  expect(seen.events).toEqual([]);
  expect(seen.console).toEqual([]);
});

test.describe('signed in', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('a chart exported as an image runs without a CSP violation', async ({ page }) => {
    const seen = await watchViolations(page);
    const token = await captureAccessToken(page);
    await resetPeriod(page.request, token);
    const factories = (await (await page.request.get('/api/user/factories', { headers: bearer(token) })).json()) as { id: string; name: string }[];
    await page.goto(`/${factories.find((f) => f.name === 'Lyon')!.id}/dashboard`);
    // Seven days always hold production (yesterday may be a day off).
    await page.getByRole('combobox', { name: 'Period' }).selectOption('last7days');
    await sectionsReady(page);
    await page.getByRole('button', { name: /^Export OEE trend/ }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'PNG image' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.png$/);
    await resetPeriod(page.request, token);
    expect(seen.events).toEqual([]);
    expect(seen.console).toEqual([]);
  });
});
