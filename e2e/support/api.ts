import type { Page } from '@playwright/test';

/**
 * The bearer token the signed-in app really sends: read from the Authorization header of the app's own
 * call to the api (MSAL keeps its cache encrypted, so reading storage would be guesswork).
 */
export async function captureAccessToken(page: Page, path = '/company-overview'): Promise<string> {
  const request = page.waitForRequest((r) => r.url().includes('/api/') && !!r.headers()['authorization']);
  await page.goto(path);
  const authorization = (await request).headers()['authorization'];
  if (!authorization?.startsWith('Bearer ')) throw new Error('no bearer token seen');
  return authorization.slice('Bearer '.length);
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}
