import { expect, test, type Page } from '@playwright/test';
import { captureAccessToken } from '../support/api';
import { resetPeriod, sectionsReady } from '../support/overview';
import { storageStatePath } from '../support/users';

test.use({ storageState: storageStatePath('admin') });

/** The popups whose code loads only when the user reaches for their trigger (decision 60). */
const POPUP_CHUNK = /\/(export-menu-popup|apps-menu-popup|settings-menu-popup|alerts-popover|factory-picker-popup|not-summable-popup|overlay-drawer)\.[0-9a-f]+\.js$/;

function popupChunksAsked(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const match = POPUP_CHUNK.exec(new URL(request.url()).pathname);
    if (match) asked.push(match[1]!);
  });
  return asked;
}

test('the menus’ and the bell’s code is not part of the first screen; reached for from the keyboard, each opens with focus inside and gives it back', async ({ page }) => {
  const token = await captureAccessToken(page);
  await resetPeriod(page.request, token);
  const asked = popupChunksAsked(page);
  await page.goto('/company-overview');
  await sectionsReady(page);
  await expect(page.getByRole('button', { name: /^Export / }).first()).toBeEnabled();
  expect(asked, 'asked for before anyone reached for a popup').toEqual([]);

  // An Export button: Tab onto it (its code starts loading), Enter opens its formats with focus on the first.
  const exportButton = page.getByRole('button', { name: /^Export / }).first();
  const exportName = (await exportButton.getAttribute('aria-label'))!;
  await exportButton.focus();
  await expect.poll(() => asked).toContain('export-menu-popup');
  await page.keyboard.press('Enter');
  const formats = page.getByRole('menu');
  await expect(formats).toBeVisible();
  await expect(formats.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(formats).toHaveCount(0);
  await expect(page.getByRole('button', { name: exportName, exact: true })).toBeFocused();
  // The other Export buttons use the code already there: nothing is asked twice.
  expect(asked.filter((name) => name === 'export-menu-popup')).toHaveLength(1);

  // The settings menu, from the keyboard with ArrowDown, as a menu button opens.
  const settings = page.getByRole('button', { name: 'Settings' });
  await settings.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitemradio', { name: 'English' })).toBeVisible();
  await expect(menu.getByRole('menuitemradio').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Settings' })).toBeFocused();

  // The apps menu with a click.
  await page.getByRole('button', { name: 'Apps' }).click();
  await expect(page.getByRole('menuitem', { name: 'Dashboards (opens in a new tab)' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Apps' })).toBeFocused();

  // The bell's popover: a dialog, modal, that gives focus back to the bell.
  const bell = page.getByRole('button', { name: /^Alerts/ });
  await bell.click();
  const dialog = page.getByRole('dialog', { name: 'Recent alerts' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'All alerts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Alerts/ })).toBeFocused();

  // The factory picker: its items are checkable, the menu stays open while several are chosen, and the
  // figures follow the choice.
  const picker = page.getByRole('button', { name: 'Factories All factories' });
  await picker.focus();
  await page.keyboard.press('Enter');
  const items = page.getByRole('menuitemcheckbox');
  await expect(items.first()).toBeFocused();
  const first = (await items.first().textContent())!;
  const figures = page.waitForRequest((r) => r.url().endsWith('/api/kpis/by-groups'));
  await page.keyboard.press('Space');
  await expect(items.first()).toHaveAttribute('aria-checked', 'false');
  await figures;
  await page.keyboard.press('Escape');
  const narrowed = page.getByRole('button', { name: /^Factories / });
  await expect(narrowed).toBeFocused();
  await expect(narrowed).not.toHaveAccessibleName('Factories All factories');
  await page.keyboard.press('ArrowDown');
  await page.getByRole('menuitemcheckbox', { name: first }).click();
  await expect(page.getByRole('button', { name: 'Factories All factories' })).toBeVisible();
  await page.keyboard.press('Escape');

  expect([...asked].sort()).toEqual(['alerts-popover', 'apps-menu-popup', 'export-menu-popup', 'factory-picker-popup', 'settings-menu-popup']);
});

test('a popup whose code cannot be downloaded says so, and opens at the next attempt', async ({ page }) => {
  let refuse = true;
  await page.route(/\/apps-menu-popup\.[0-9a-f]+\.js$/, (route) => (refuse ? route.abort('internetdisconnected') : route.continue()));
  await page.goto('/company-overview');
  await sectionsReady(page);
  await page.getByRole('button', { name: 'Apps' }).click();
  await expect(page.getByText('This menu could not be opened: check the connection and try again.')).toBeVisible();
  await expect(page.getByRole('menu')).toHaveCount(0);
  refuse = false;
  await page.getByRole('button', { name: 'Apps' }).click();
  await expect(page.getByRole('menuitem', { name: 'Dashboards (opens in a new tab)' })).toBeVisible();
});

test('below 960 px the navigation is an overlay (loaded there only): the header’s button opens it, Escape closes it', async ({ page }) => {
  const asked = popupChunksAsked(page);
  await page.setViewportSize({ width: 800, height: 800 });
  await page.goto('/company-overview');
  await sectionsReady(page);
  await expect(page.getByRole('button', { name: 'Show or hide the navigation' })).toBeVisible();
  await expect.poll(() => asked).toEqual(['overlay-drawer']);
  await page.getByRole('button', { name: 'Show or hide the navigation' }).click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(page.getByRole('button', { name: 'Show or hide the navigation' })).toBeFocused();
});
