import { expect, test, type Page } from '@playwright/test';
import { openSettings, signIn } from '../support/sign-in';
import { DEMO_FACTORIES, USERS } from '../support/users';

const FACTORY_PAGES = ['Dashboard', 'Availability and downtime', 'Production data export', 'My reports'];

function navigation(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

test('the director (admin, financial) signs in and sees every factory, opportunities and the admin group', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/company-overview$/);
  const nav = navigation(page);
  await expect(nav.getByRole('link', { name: 'Company overview' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Opportunities' })).toBeVisible();
  for (const factory of DEMO_FACTORIES) await expect(nav.getByText(factory, { exact: true })).toBeVisible();
  // One group per factory; only the current factory's (the active one, first at sign-in) is open.
  for (const factory of DEMO_FACTORIES) await expect(nav.getByRole('button', { name: `Factory ${factory}` })).toBeVisible();
  await expect(nav.locator('button[aria-expanded="true"][aria-label^="Factory "]')).toHaveCount(1);
  for (const label of FACTORY_PAGES) await expect(nav.getByRole('link', { name: label })).toHaveCount(1);
  await expect(nav.getByRole('link', { name: 'Factories' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Custom periods' })).toBeVisible();

  await openSettings(page);
  // The settings menu's card: name, e-mail and role label, then the menu items and the version.
  await expect(page.getByText(USERS.admin.name, { exact: true })).toBeVisible();
  await expect(page.getByText(USERS.admin.email, { exact: true })).toBeVisible();
  await expect(page.getByText('Management', { exact: true })).toBeVisible();
  await expect(page.getByText('Version 1.6.17')).toBeVisible();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Full screen' })).toHaveCount(0);
});

test('the supervisor sees the factories and opportunities but no admin group', async ({ page }) => {
  await signIn(page, 'operation');
  await expect(page).toHaveURL(/\/company-overview$/);
  const nav = navigation(page);
  for (const factory of DEMO_FACTORIES) await expect(nav.getByText(factory, { exact: true })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Opportunities' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Factories' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Custom periods' })).toHaveCount(0);
  await openSettings(page);
  await expect(page.getByText('Operation', { exact: true })).toBeVisible();
});

test('the presenter has no admin group and a fullscreen toggle', async ({ page }) => {
  await signIn(page, 'display');
  await expect(page).toHaveURL(/\/company-overview$/);
  await expect(navigation(page).getByRole('link', { name: 'Factories' })).toHaveCount(0);
  await openSettings(page);
  await expect(page.getByText('TV or Display', { exact: true })).toBeVisible();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Full screen' })).toBeVisible();
});

test('a user not enabled for the product lands on the unauthorized page without navigation', async ({ page }) => {
  await signIn(page, 'noaccess');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(navigation(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /sign in as another user/i })).toBeVisible();
});

test('the admin of another account sees only that account’s factory', async ({ page }) => {
  await signIn(page, 'other');
  const nav = navigation(page);
  await expect(nav.getByText('Hamilton', { exact: true })).toBeVisible();
  for (const factory of DEMO_FACTORIES) await expect(nav.getByText(factory, { exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Factories' })).toBeVisible();
});

test('sign out returns to home and protected pages then send the user home', async ({ page }) => {
  await signIn(page, 'operation');
  await expect(page).toHaveURL(/\/company-overview$/);
  await openSettings(page);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/company-overview');
  await expect(page).toHaveURL(/\/home$/);
});
