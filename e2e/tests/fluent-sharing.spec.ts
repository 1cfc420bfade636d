import { expect, test, type Page } from '@playwright/test';
import { storageStatePath } from '../support/users';

// The demo admin works in the dark theme (preferences.spec.ts puts it back to dark after changing it).
test.use({ storageState: storageStatePath('admin') });

/** webDarkTheme's page background and text (Fluent tokens colorNeutralBackground1 and colorNeutralForeground1). */
const DARK = { background: 'rgb(41, 41, 41)', text: 'rgb(255, 255, 255)' };

/** The <style> elements Griffel wrote, counted by their attributes (bucket, media query, priority). */
async function styleBuckets(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const counts: Record<string, number> = {};
    for (const element of Array.from(document.querySelectorAll('style[data-make-styles-bucket]'))) {
      const key = Array.from(element.attributes).map((a) => `${a.name}=${a.value}`).sort().join(' ');
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  });
}

// Each app bundles the Fluent components it uses; only Fluent's page-wide parts are federated singletons
// (docs/decisions/0014-bytes-on-the-wire.md). These checks fail if a remote's components
// stopped seeing the host's theme, portal theme class or style renderer.
test("a remote's own Fluent components wear the host's theme, in its page and in its portals", async ({ page }) => {
  await page.goto('/company-overview');
  const provider = page.locator('.fui-FluentProvider').first();
  await expect(provider).toBeVisible();
  expect(await provider.evaluate((element) => getComputedStyle(element).getPropertyValue('--colorNeutralBackground1').trim())).toBe('#292929');

  // The Filters button is remote-overview's own Button (bundled in the remote, not lent by the host).
  const filters = page.getByRole('button', { name: 'Filters' });
  await expect(filters).toBeVisible();
  const button = await filters.evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, color: style.color, radius: style.borderRadius, minWidth: style.minWidth, weight: style.fontWeight };
  });
  // Fluent's default button: neutral background and text of the theme, medium radius, 96 px minimum width.
  expect(button).toEqual({ background: DARK.background, color: DARK.text, radius: '4px', minWidth: '96px', weight: '600' });

  // The filter drawer renders through a portal outside the page's tree: it must still get the theme.
  await filters.click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  const surface = await drawer.evaluate((element) => ({ background: getComputedStyle(element).backgroundColor, color: getComputedStyle(element).color }));
  expect(surface).toEqual({ background: DARK.background, color: DARK.text });

  // One style renderer for host and remote: a second Griffel instance would write its own set of buckets.
  const buckets = await styleBuckets(page);
  expect(Object.keys(buckets).length).toBeGreaterThan(0);
  expect(Object.entries(buckets).filter(([, count]) => count > 1)).toEqual([]);
});
