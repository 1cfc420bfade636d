import { expect, test } from '@playwright/test';
import { signIn } from '../support/sign-in';
import { storageStatePath } from '../support/users';

test.describe('anonymous visitor', () => {
  test('is sent home from protected pages, and / redirects to /home', async ({ page }) => {
    for (const path of ['/company-overview', '/factories', '/some-factory/dashboard']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/home$/);
    }
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});

test.describe('signed-in supervisor', () => {
  test.use({ storageState: storageStatePath('operation') });

  test('is sent to the company overview from public and admin pages', async ({ page }) => {
    for (const path of ['/home', '/factories', '/customPeriods', '/customPeriods/creation']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/company-overview$/);
    }
  });

  test('sees the page-not-found screen on an unknown path', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test.describe('signed-in admin', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('reaches the admin pages', async ({ page }) => {
    await page.goto('/factories');
    await expect(page).toHaveURL(/\/factories$/);
    await expect(page.getByRole('heading', { name: 'Factories', level: 1 })).toBeVisible();
  });
});

test('a user not enabled for the product is kept on the unauthorized page', async ({ page }) => {
  await signIn(page, 'noaccess');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await page.goto('/company-overview');
  await expect(page).toHaveURL(/\/unauthorized$/);
});
