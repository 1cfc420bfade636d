import { expect, test } from '@playwright/test';
import { bearer, captureAccessToken } from '../support/api';
import { openSettings } from '../support/sign-in';
import { storageStatePath } from '../support/users';

// The other account's admin changes its own preferences, so no other test sees French or light.
test.use({ storageState: storageStatePath('other') });

test('language and theme changes are saved to the server and survive a reload', async ({ page }) => {
  await page.goto('/company-overview');
  await openSettings(page);
  await page.getByRole('menuitemradio', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await openSettings(page);
  await page.getByRole('menuitemradio', { name: 'Clair' }).click();

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();

  const token = await captureAccessToken(page);
  const saved = await (await page.request.get('/api/user/preferences', { headers: bearer(token) })).json();
  expect(saved.language).toBe('fr');
  expect(saved.theme).toBe('light');

  // Put the account back as it was for whoever runs next.
  await page.request.put('/api/user/preferences', { headers: bearer(token), data: { ...saved, language: 'en', theme: 'dark' } });
});
