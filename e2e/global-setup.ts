import { chromium, type FullConfig } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { signIn } from './support/sign-in';
import { storageStatePath, type DemoUser } from './support/users';

/** Signs each demo user in once and keeps the browser storage for the tests (docs/architecture.md, code habit 10). */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const project = config.projects[0];
  if (!project) throw new Error('no Playwright project');
  const { baseURL, launchOptions, ignoreHTTPSErrors } = project.use;
  mkdirSync('.auth', { recursive: true });
  const browser = await chromium.launch(launchOptions);
  try {
    for (const user of ['admin', 'operation', 'display', 'other'] satisfies DemoUser[]) {
      const context = await browser.newContext({ baseURL, ignoreHTTPSErrors });
      const page = await context.newPage();
      await signIn(page, user);
      await page.waitForURL('**/company-overview');
      await context.storageState({ path: storageStatePath(user) });
      await context.close();
    }
  } finally {
    await browser.close();
  }
}
