// The micro-frontend import boundaries are lint rules (eslint.config.mjs); these tests make sure the
// rules really fail on the imports they exist to stop, and stay quiet on the allowed ones.
// Run: node --test scripts/lint-boundaries.test.mjs (part of `bash .ci/run`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const cwd = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd });

/** The restricted-import messages ESLint gives `code` as if it were the file at `filePath`. */
async function restrictions(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => /(^|\/)no-restricted-imports$/.test(m.ruleId ?? '')).map((m) => m.message);
}

test('a remote importing the host is refused', async () => {
  const found = await restrictions('remote-admin/src/pages/x.ts', "import { startApp } from '../../../host/src/app/start-up';\nexport const y = startApp;\n");
  assert.equal(found.length, 1);
  assert.match(found[0], /never import another app/);
});

test('a remote importing another remote is refused', async () => {
  const found = await restrictions('remote-reports/src/x.ts', "import { routes } from '@linepulse/remote-overview';\nexport const y = routes;\n");
  assert.match(found.join(), /never import another app/);
});

test('a remote reaching into the platform internals is refused', async () => {
  const found = await restrictions('remote-downtime/src/x.ts', "import { getServices } from '@linepulse/shared/src/services/services';\nexport const y = getServices;\n");
  assert.match(found.join(), /public entry only/);
});

test('a remote page calling host start-up code is refused', async () => {
  const found = await restrictions('remote-opportunities/src/pages/x.tsx', "import { configureServices } from '@linepulse/shared';\nexport const y = configureServices;\n");
  assert.match(found.join(), /Start-up only/);
});

test('a remote importing MSAL is refused: sign-in belongs to the host', async () => {
  const found = await restrictions('remote-admin/src/x.ts', "import { PublicClientApplication } from '@azure/msal-browser';\nexport const y = PublicClientApplication;\n");
  assert.match(found.join(), /Sign-in belongs to the host/);
});

test("an app drawing with Highcharts' code is refused, its types are anyone's", async () => {
  for (const file of ['remote-downtime/src/x.ts', 'host/src/x.ts']) {
    const found = await restrictions(file, "import Highcharts from 'highcharts';\nimport 'highcharts/modules/heatmap';\nexport const y = Highcharts;\n");
    assert.equal(found.length, 2, file);
    assert.match(found[0], /Highcharts' code belongs to the platform/);
  }
  assert.deepEqual(await restrictions('remote-downtime/src/x.ts', "import type { Options } from 'highcharts';\nexport const y: Options = {};\n"), []);
});

test("a remote importing the host entry's early platform module is refused", async () => {
  const found = await restrictions('remote-overview/src/embed.tsx', "import { loadMessages } from '@linepulse/shared/early';\nexport const y = loadMessages;\n");
  assert.match(found.join(), /host's entry module only/);
  assert.deepEqual(await restrictions('host/src/index.ts', "import { requestStoredLanguageMessages } from '@linepulse/shared/early';\nrequestStoredLanguageMessages();\n"), []);
});

test('what the platform lends, and the contracts, are allowed in a remote', async () => {
  const found = await restrictions(
    'remote-admin/src/x.ts',
    "import { PageFrame } from '@linepulse/shared';\nimport { ROUTES } from '@linepulse/contracts';\nexport const y = [PageFrame, ROUTES];\n",
  );
  assert.deepEqual(found, []);
});

test('the host and the embed entry may start a page', async () => {
  const code = "import { configureServices } from '@linepulse/shared';\nexport const y = configureServices;\n";
  assert.deepEqual(await restrictions('host/src/app/x.ts', code), []);
  assert.deepEqual(await restrictions('remote-overview/src/embed.tsx', code), []);
});
