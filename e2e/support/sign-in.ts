import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, USERS, type DemoUser } from './users';

/**
 * Signs in through the real flow: the host's Sign in button starts MSAL's authorization-code + PKCE
 * redirect to the embedded OpenID Connect provider, whose login page posts the credentials.
 */
export async function signIn(page: Page, user: DemoUser): Promise<void> {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/oidc\//);
  await page.getByLabel('Email').fill(USERS[user].email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/login-callback'));
}

/** Opens the header's settings menu. */
export async function openSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Settings|Paramètres|Configuración), / }).click();
}

export async function expectPath(page: Page, path: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === path);
}
