import { defineConfig } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SISTER_ORIGIN } from './support/sister';

/**
 * End-to-end tests run Debian's Chromium against the built, running stack: the api serving the host,
 * the remotes, the embedded OpenID Connect provider and a fresh embedded database with the demo data.
 */
const baseURL = process.env.E2E_BASE_URL ?? 'https://localhost:8443';
const dataDir = join(tmpdir(), `linepulse-e2e-${process.pid}`);
// Where remotes deployed elsewhere are listed for the api (REMOTES_FILE), read by the tests too: set
// here once, in the main process, and inherited by the workers.
process.env.E2E_REMOTES_FILE ??= join(tmpdir(), `linepulse-e2e-remotes-${process.pid}.json`);

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'reports/results.json' }]],
  globalSetup: './global-setup.ts',
  projects: [
    { name: 'product', testIgnore: /\.last\.spec\.ts$/ },
    // Specs that leave lasting data every other spec would see (a new factory in each list and in the
    // navigation) run once the others are done.
    { name: 'last', testMatch: /\.last\.spec\.ts$/, dependencies: ['product'] },
  ],
  use: {
    baseURL,
    ignoreHTTPSErrors: true,
    // Recording a trace costs every test about a third of its time (two specs: 95 s without, 136-141 s
    // with), even when it is thrown away after a pass. The test command's runs keep none (their clone
    // is gone when they end); a run on a working tree keeps the failures' traces to open.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'pnpm --filter @linepulse/api start',
    cwd: '..',
    // Not /api/health: the server answers that from its first second, while the demo history is still
    // being made (the progress page); /config.json answers 503 until the product is ready.
    url: `${baseURL}/config.json`,
    ignoreHTTPSErrors: true,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // The sister product's page (support/sister.ts) embeds the overview from its own origin.
    // A remote team's second origin is the same server (tests/remote-second-origin.spec.ts).
    // The sister product signs in with its own client and returns to its page (EMBED_REDIRECT_URIS).
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      EMBED_ORIGINS: SISTER_ORIGIN,
      EMBED_REDIRECT_URIS: `${SISTER_ORIGIN}/index.html`,
      REMOTES_FILE: process.env.E2E_REMOTES_FILE,
    },
  },
});
