import { expect, test } from '@playwright/test';
import { openSettings } from '../support/sign-in';
import { storageStatePath, USERS } from '../support/users';

test.use({ storageState: storageStatePath('admin') });

test('a remote whose manifest cannot be reached fails alone, with a retry, while the shell keeps working', async ({ page }) => {
  await page.route('**/remotes/admin/mf-manifest.json', (route) => route.abort('connectionrefused'));
  await page.goto('/factories');

  const area = page.getByRole('region', { name: 'Administration area' });
  await expect(area.getByRole('alert')).toContainText('could not be loaded');
  const retry = area.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();

  // Header and preferences still work.
  await openSettings(page);
  await expect(page.getByText(USERS.admin.email)).toBeVisible();
  await page.keyboard.press('Escape');

  // Navigation to another remote still works.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Company overview' }).click();
  await expect(page.getByRole('heading', { name: 'Company overview', level: 1 })).toBeVisible();

  // Once the remote is reachable again, Retry loads it in place.
  await page.goBack();
  await expect(retry).toBeVisible();
  await page.unroute('**/remotes/admin/mf-manifest.json');
  await retry.click();
  await expect(page.getByRole('heading', { name: 'Factories', level: 1 })).toBeVisible();
});
