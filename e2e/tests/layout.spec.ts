import { expect, test, type Page } from '@playwright/test';
import { sectionsReady } from '../support/overview';
import { storageStatePath } from '../support/users';

/**
 * Layout at the product's breakpoints (docs/product.md §9: 600, 960, 1264, 1904 px) and at common laptop
 * widths: the side navigation whole with the current factory's group open, and pages that never scroll
 * sideways as a whole (wide tables scroll inside their own panel).
 */
test.use({ storageState: storageStatePath('admin') });

const BREAKPOINTS = [600, 960, 1264, 1280, 1366, 1440, 1904];
const HEIGHT = 800;

interface Overflow {
  /** The document scrolls (sideways or down): the header and navigation would move out of view. */
  documentX: number;
  documentY: number;
  /** The page's own panel scrolls sideways: something wider than the page escaped its table's panel. */
  contentX: number;
}

function overflow(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const content = document.getElementById('content');
    return {
      documentX: root.scrollWidth - root.clientWidth,
      documentY: root.scrollHeight - root.clientHeight,
      contentX: content ? content.scrollWidth - content.clientWidth : 0,
    };
  });
}

/** Every entry the navigation shows (links and group buttons), with what clips it, if anything. */
function navigationEntries(page: Page): Promise<{ name: string; problem: string | null }[]> {
  return page.getByRole('navigation', { name: 'Main navigation' }).evaluate((nav) => {
    const box = nav.getBoundingClientRect();
    return Array.from(nav.querySelectorAll<HTMLElement>('a, button'))
      .filter((entry) => !entry.closest('[hidden]'))
      .map((entry) => {
        const r = entry.getBoundingClientRect();
        // A group button's label is its inner span (ellipsis when too long); a link is its own text.
        const label = entry.querySelector<HTMLElement>('span:last-child') ?? entry;
        let problem: string | null = null;
        if (r.left < 0 || r.right > window.innerWidth) problem = 'outside the window sideways';
        else if (r.top < 0 || r.bottom > window.innerHeight) problem = 'below or above the window';
        else if (r.left < box.left - 0.5 || r.right > box.right + 0.5) problem = 'outside the navigation';
        else if (label.scrollWidth > label.clientWidth + 1) problem = 'text cut';
        return { name: entry.getAttribute('aria-label') ?? entry.textContent ?? '', problem };
      });
  });
}

/** The dashboard of a factory that is not the first one, reached from the overview's table. */
async function openMonterreyDashboard(page: Page): Promise<void> {
  await page.goto('/company-overview');
  await page.getByRole('link', { name: 'Open the Monterrey dashboard' }).click();
  await expect(page).toHaveURL(/\/[^/]+\/dashboard$/);
  await sectionsReady(page);
}

for (const width of [1280, 1440]) {
  test(`at ${width} px the navigation is whole, with the current factory's group open`, async ({ page }) => {
    await page.setViewportSize({ width, height: HEIGHT });
    await openMonterreyDashboard(page);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('button', { name: 'Factory Monterrey' })).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    for (const other of ['Lyon', 'Montréal']) await expect(nav.getByRole('button', { name: `Factory ${other}` })).toHaveAttribute('aria-expanded', 'false');
    const entries = await navigationEntries(page);
    expect(entries.map((entry) => entry.name)).toEqual(expect.arrayContaining(['Company overview', 'Factory Lyon', 'Dashboard', 'My reports', 'Custom periods']));
    // Read once the navigation has come to rest: a clean-clone run measured every entry left of the
    // window while the panel was still sliding in after the window's resize, and its screenshot, a
    // moment later, showed it whole.
    await expect.poll(async () => (await navigationEntries(page)).filter((entry) => entry.problem !== null)).toEqual([]);

    // Scrolling to the end of a long page moves the page's panel only: header and navigation stay.
    await page.locator('#content').evaluate((content) => content.scrollTo(0, content.scrollHeight));
    await page.mouse.move(width / 2, HEIGHT / 2);
    await page.mouse.wheel(0, 2000);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole('banner')).toBeInViewport();
    await expect(nav.getByRole('link', { name: 'Company overview' })).toBeInViewport();

    // Another factory from the navigation itself: its group opens, the one left closes.
    await nav.getByRole('button', { name: 'Factory Lyon' }).click();
    await nav.getByRole('list', { name: 'Factory Lyon' }).getByRole('link', { name: 'Availability and downtime' }).click();
    await expect(nav.getByRole('button', { name: 'Factory Lyon' })).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('button', { name: 'Factory Monterrey' })).toHaveAttribute('aria-expanded', 'false');
    expect((await navigationEntries(page)).filter((entry) => entry.problem !== null)).toEqual([]);
  });
}

test('the overview and a dashboard scroll only inside their own panel, never as a whole, at every breakpoint', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: HEIGHT });
  await openMonterreyDashboard(page);
  const dashboardUrl = page.url();
  const overviewUrl = new URL('/company-overview', dashboardUrl).href;
  for (const url of [overviewUrl, dashboardUrl]) {
    await page.goto(url);
    await sectionsReady(page);
    for (const width of BREAKPOINTS) {
      await page.setViewportSize({ width, height: HEIGHT });
      // Sizes follow the viewport on the next frames (charts redraw on resize).
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await expect.poll(() => overflow(page), { message: `${new URL(url).pathname} at ${width} px` }).toEqual({ documentX: 0, documentY: 0, contentX: 0 });
      // From 960 px the navigation sits beside the page; below, it is an overlay behind the header's button.
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      if (width >= 960) await expect(nav).toBeInViewport({ ratio: 0.5 });
      else await expect(page.getByRole('button', { name: 'Show or hide the navigation' })).toBeVisible();
    }
  }
});
