import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { bearer, captureAccessToken } from '../support/api';
import { storageStatePath } from '../support/users';

/**
 * Every page against the WCAG 2.1 A and AA rules axe-core can check in a browser (names, roles, list
 * and table structure, contrast of the theme's colours, focusable content hidden from screen readers,
 * label in name…), in the three themes: the company overview in each, every other page in one of them
 * in turn. The signed-out home page and the embedded provider's sign-in page too.
 *
 * Excluded: Fluent's focus-management sentinels (`<i data-tabster-dummy tabindex="0" aria-hidden>`),
 * which tabster places around focus groups on purpose, to catch Tab and hand focus on; they are never
 * read and never keep the focus.
 */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const THEMES = ['light', 'dark', 'accessible'] as const;

/** The page's heading is drawn and nothing is still loading. */
async function pageReady(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.fui-Spinner')).toHaveCount(0);
}

async function expectNoViolations(page: Page, label: string): Promise<void> {
  // No colour measured half-way: a theme applied after the preferences arrive, a menu fading in and a
  // drawer sliding are transitions (CSS or Web Animations); wait until every finite one has finished.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).exclude('[data-tabster-dummy]').analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
  expect(found, `${label}: accessibility violations`).toEqual([]);
}

/** The application's background and text colour, which differ from one theme to another. */
function themeLook(page: Page): Promise<string> {
  return page.evaluate(() => {
    const style = getComputedStyle(document.querySelector('.fui-FluentProvider')!);
    return `${style.backgroundColor} / ${style.color}`;
  });
}

test.describe('accessibility', () => {
  test.describe('signed in', () => {
    test.use({ storageState: storageStatePath('admin') });

    test('every page, in the three themes, breaks no WCAG 2.1 A or AA rule axe can check', async ({ page }) => {
      test.setTimeout(180_000);
      const token = await captureAccessToken(page);
      const factories = (await (await page.request.get('/api/user/factories', { headers: bearer(token) })).json()) as { id: string; name: string }[];
      const lyon = factories.find((f) => f.name === 'Lyon')!.id;
      const pages = [
        `/${lyon}/dashboard`,
        `/${lyon}/availability-downtime`,
        `/${lyon}/production-data-export`,
        `/${lyon}/my-reports`,
        `/${lyon}/my-reports/creation`,
        `/${lyon}/justification`,
        '/alerts',
        '/performance-manager/shift-changes',
        '/factories',
        `/factory/${lyon}`,
        '/customPeriods',
        '/customPeriods/creation',
        '/terms-of-service',
        `/${lyon}/dashboard?tv=1`,
        '/no-such-page',
      ];
      const saved = await (await page.request.get('/api/user/preferences', { headers: bearer(token) })).json();
      // Each theme really shown: three different pairs of background and text colour.
      const looks = new Set<string>();
      try {
        for (const [index, theme] of THEMES.entries()) {
          const put = await page.request.put('/api/user/preferences', { headers: bearer(token), data: { ...saved, theme } });
          expect(put.ok()).toBe(true);
          for (const path of ['/company-overview', ...pages.filter((_, i) => i % THEMES.length === index)]) {
            await page.goto(path);
            await pageReady(page);
            await expectNoViolations(page, `${path} (${theme})`);
            if (path === '/company-overview') looks.add(await themeLook(page));
          }
        }
        expect(looks.size, 'each theme was the one shown').toBe(THEMES.length);
      } finally {
        // The theme is a saved preference: put back what the user had, for the specs that follow.
        const answer = await page.request.put('/api/user/preferences', { headers: bearer(token), data: saved });
        expect(answer.ok(), 'the preferences are put back').toBe(true);
      }
    });

    test('the menus and the drawer a user opens break no rule either', async ({ page }) => {
      await page.goto('/company-overview');
      await pageReady(page);
      await expectNoViolations(page, '/company-overview');
      const opened: [string, () => Promise<unknown>, () => ReturnType<Page['getByRole']>][] = [
        ['settings menu', () => page.getByRole('button', { name: /^Settings, / }).click(), () => page.getByRole('menu')],
        ['filter drawer', () => page.getByRole('button', { name: 'Filters' }).click(), () => page.getByRole('dialog')],
        ['export menu', () => page.getByRole('button', { name: /^Export / }).first().click(), () => page.getByRole('menu')],
      ];
      for (const [label, open, popup] of opened) {
        await open();
        await expect(popup().first()).toBeVisible();
        await expectNoViolations(page, `/company-overview, ${label} open`);
        await page.keyboard.press('Escape');
        await expect(popup()).toHaveCount(0);
      }
    });
  });

  test('the home page and the sign-in page break no WCAG 2.1 A or AA rule axe can check', async ({ page }) => {
    await page.goto('/home');
    await pageReady(page);
    await expectNoViolations(page, '/home');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/oidc\//);
    await pageReady(page);
    await expectNoViolations(page, 'sign-in page');
  });
});
