import { expect, test } from '@playwright/test';
import { bearer, captureAccessToken } from '../support/api';
import { groupsOf, mainKpisResponse, resetPeriod, sectionsReady, TEST_IDS } from '../support/overview';
import { SISTER_ORIGIN, sisterPage, startSisterProduct } from '../support/sister';
import { DEMO_PASSWORD, USERS, storageStatePath } from '../support/users';

test.describe('saved filters', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('create, apply, rename and delete a saved filter with two comparison groups', async ({ page }) => {
    const token = await captureAccessToken(page);
    await resetPeriod(page.request, token);
    // Leftovers of an interrupted run would make these groups duplicates.
    for (const old of (await (await page.request.get('/api/filters', { headers: bearer(token) })).json()) as { id: string; name: string }[]) {
      if (old.name.startsWith('E2E ')) await page.request.delete(`/api/filters/${old.id}`, { headers: bearer(token) });
    }
    const name = `E2E ${Date.now()}`;
    await page.goto('/company-overview');
    // Seven days always hold production (yesterday may be a day off in Lyon).
    await page.getByRole('combobox', { name: 'Period' }).selectOption('last7days');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('tab', { name: 'Saved filters' }).click();
    await page.getByRole('button', { name: 'New saved filter' }).click();
    await page.getByLabel('Filter name').fill(name);
    const first = page.getByRole('group', { name: 'Comparison group 1' });
    await first.getByLabel('Group name').fill('Lyon day');
    await first.getByRole('combobox').selectOption({ label: 'Lyon' });
    await first.getByRole('group', { name: 'Shifts' }).getByRole('checkbox', { name: 'Nuit' }).uncheck();
    await page.getByRole('button', { name: 'Add a comparison group' }).click();
    const second = page.getByRole('group', { name: 'Comparison group 2' });
    await second.getByLabel('Group name').fill('Lyon night');
    await second.getByRole('combobox').selectOption({ label: 'Lyon' });
    for (const shift of ['Matin', 'Après-midi']) await second.getByRole('group', { name: 'Shifts' }).getByRole('checkbox', { name: shift }).uncheck();
    await page.getByRole('button', { name: 'Save the filter' }).click();
    await expect(page.getByText(`Saved filter ${name} created`)).toBeVisible();

    // Apply: the overview compares the two groups, with the api's figures.
    const answer = mainKpisResponse(page);
    await page.getByRole('button', { name: `Apply ${name}` }).click();
    const groups = await groupsOf(await answer);
    expect(groups.map((g) => g.name)).toEqual(['Lyon day', 'Lyon night']);
    const table = page.getByRole('table', { name: 'Comparison of factories and groups' });
    await expect(table.getByRole('cell', { name: 'Lyon night', exact: true })).toBeVisible();
    await expect(page.getByText(`Filtered: saved filter ${name}`)).toBeVisible();

    // A selection repeating a saved group can be applied but not saved.
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('tab', { name: 'Saved filters' }).click();
    await page.getByRole('button', { name: 'New saved filter' }).click();
    const again = page.getByRole('group', { name: 'Comparison group 1' });
    await again.getByLabel('Group name').fill('Copy');
    await again.getByRole('combobox').selectOption({ label: 'Lyon' });
    await again.getByRole('group', { name: 'Shifts' }).getByRole('checkbox', { name: 'Nuit' }).uncheck();
    await expect(again.getByRole('alert')).toContainText('it can be applied but not saved');
    await expect(page.getByRole('button', { name: 'Save the filter' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Apply without saving' })).toBeEnabled();
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Rename, then delete.
    await page.getByRole('button', { name: `Rename ${name}` }).click();
    await page.getByLabel('New name').fill(`${name} renamed`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(`Saved filter renamed to ${name} renamed`)).toBeVisible();
    const listed = (await (await page.request.get('/api/filters', { headers: bearer(token) })).json()) as { name: string; groups: unknown[] }[];
    expect(listed.find((f) => f.name === `${name} renamed`)?.groups).toHaveLength(2);
    await page.getByRole('button', { name: `Delete ${name} renamed` }).click();
    await page.getByRole('dialog', { name: /Delete the saved filter/ }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`Saved filter ${name} renamed deleted`)).toBeVisible();
    const after = (await (await page.request.get('/api/filters', { headers: bearer(token) })).json()) as { name: string }[];
    expect(after.some((f) => f.name.startsWith(name))).toBe(false);
    await resetPeriod(page.request, token);
  });
});

test.describe('TV mode', () => {
  test.use({ storageState: storageStatePath('display') });

  test('the presenter’s dashboard fills the screen without navigation and follows the factory live', async ({ page }) => {
    await page.clock.install();
    const token = await captureAccessToken(page);
    await resetPeriod(page.request, token);
    const factories = (await (await page.request.get('/api/user/factories', { headers: bearer(token) })).json()) as { id: string; name: string }[];
    const monterrey = factories.find((f) => f.name === 'Monterrey')!;
    await page.goto(`/${monterrey.id}/dashboard`);
    await page.getByRole('button', { name: 'TV mode' }).click();
    const tv = page.getByRole('dialog', { name: 'TV mode — Monterrey' });
    await expect(tv).toBeVisible();
    await expect(tv.getByRole('group', { name: 'OEE', exact: true }).getByTestId(TEST_IDS.kpiValue)).not.toBeEmpty();
    // Nothing but the TV screen is reachable: the navigation is covered.
    const box = await page.getByTestId(TEST_IDS.tvScreen).boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0 });
    // Live data: the screen follows the factory's changes pushed by the api (live-screens.spec.ts), and
    // says so; the figures stay on screen meanwhile.
    await expect(tv.getByTestId('live-status')).toHaveAttribute('data-status', 'live');
    await page.clock.runFor(31_000);
    await expect(tv.getByRole('group', { name: 'OEE', exact: true }).getByTestId(TEST_IDS.kpiValue)).not.toBeEmpty();
    // Rotation through the account's factories.
    await page.goto(`/${monterrey.id}/dashboard?tv=1&rotate=1`);
    await expect(tv).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Rotate through the factories' })).toBeChecked();
    await page.clock.runFor(46_000);
    await expect(page.getByRole('dialog', { name: /^TV mode — / })).not.toHaveAccessibleName('TV mode — Monterrey');
    await page.getByRole('button', { name: 'Leave TV mode' }).click();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  });
});

test.describe('sister-product embed', () => {
  test.use({ storageState: storageStatePath('admin') });
  let sister: Awaited<ReturnType<typeof startSisterProduct>>;
  test.beforeAll(async () => {
    sister = await startSisterProduct();
  });
  test.afterAll(async () => {
    await sister.close();
  });

  test('a plain page imports the embed module, mounts the overview and shows the host’s figures and charts', async ({ page, baseURL }) => {
    // The first load's figures must be in before the reload: a response of a page reloaded away from
    // has no body to read (waiting for network idle could end before the page asked for its figures).
    let answer = mainKpisResponse(page);
    const token = await captureAccessToken(page);
    await answer;
    await resetPeriod(page.request, token);
    await sectionsReady(page);
    answer = mainKpisResponse(page);
    await page.reload();
    const hostGroups = await groupsOf(await answer);
    const hostTable = page.getByRole('table', { name: 'Comparison of factories and groups' });
    await expect(hostTable).toBeVisible();
    const hostRows = await hostTable.getByRole('row').allInnerTexts();

    // The sister product's page, on its own origin (no host, no bundler): its calls cross origins.
    answer = mainKpisResponse(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(sisterPage({ token, origin: baseURL! }));
    await expect(page.locator('#embed-status')).toHaveText('mounted');
    // One ES module and its chunks, found next to the overview's manifest: no federation runtime.
    expect(scripts[0]).toBe('/remotes/overview/embed/embed.js');
    expect(scripts.every((path) => path.startsWith('/remotes/overview/embed/'))).toBe(true);
    const embedGroups = await groupsOf(await answer);
    expect(embedGroups.map((g) => g.total)).toEqual(hostGroups.map((g) => g.total));
    const embedTable = page.getByRole('table', { name: 'Comparison of factories and groups' });
    await expect(embedTable).toBeVisible();
    expect(await embedTable.getByRole('row').allInnerTexts()).toEqual(hostRows);
    // The charts draw too (Highcharts in the embed's own chunk), with the accessibility module's screen
    // reader description (the build leaves out only the stock navigator it imports).
    await expect(page.locator('#overview .highcharts-root').first()).toBeVisible();
    await expect(page.locator('#overview [id^="highcharts-screen-reader-region-before"]').first()).toBeAttached();

    // unmount() removes it again.
    await page.evaluate(() => (window as unknown as { unmountOverview: () => void }).unmountOverview());
    await expect(page.getByRole('table')).toHaveCount(0);

    // A mistake in mount()'s arguments is named at once, and nothing is drawn.
    const refusal = await page.evaluate(async (url) => {
      const { mount } = (await import(url)) as { mount: (element: unknown, options: unknown) => unknown };
      try {
        mount(document.getElementById('overview'), { apiBase: '/api' });
        return 'mounted';
      } catch (error) {
        return `${(error as Error).name}: ${(error as Error).message}`;
      }
    }, `${baseURL}/remotes/overview/embed/embed.js`);
    expect(refusal).toBe('TypeError: Linepulse embed: getAccessToken must be a function returning a promise of the access token; dashboardApiBase must be an http(s) address, e.g. https://linepulse.example.com/dashboard-api');
    await expect(page.getByRole('table')).toHaveCount(0);
  });

  test('the embed and the sister page keep their styles apart, menus open inside the embed, and the keyboard works there', async ({ page, baseURL }) => {
    const token = await captureAccessToken(page);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(sisterPage({ token, origin: baseURL! }));
    await expect(page.locator('#embed-status')).toHaveText('mounted');
    const embed = page.locator('#overview');
    const table = embed.getByRole('table', { name: 'Comparison of factories and groups' });
    await expect(table).toBeVisible();

    // The sister page's look does not reach the embed: its table is not the sister's red, nor in its font.
    const tableStyle = await table.evaluate((node) => ({ color: getComputedStyle(node).color, font: getComputedStyle(node).fontFamily }));
    expect(tableStyle.color).not.toBe('rgb(176, 0, 32)');
    expect(tableStyle.font).not.toContain('Georgia');
    expect(tableStyle.font).toContain('Segoe UI'); // the theme's font: the embed's own rules apply inside
    // And nothing of the embed's reaches the sister page: every rule in the page's own style sheets that
    // matches one of its elements is the sister's.
    const foreignRules = await page.evaluate(() =>
      Array.from(document.styleSheets)
        .filter((sheet) => (sheet.ownerNode as Element | null)?.id !== 'sister-style')
        .flatMap((sheet) => Array.from(sheet.cssRules))
        .filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule && document.querySelector(rule.selectorText) !== null)
        .map((rule) => rule.selectorText),
    );
    expect(foreignRules).toEqual([]);
    await expect(page.getByRole('heading', { name: 'Sister product' })).toHaveCSS('font-family', /Georgia/);
    expect(await page.locator('head style').count()).toBeLessThanOrEqual(3); // the sister's, and one inert theme rule per embed at most

    // A menu opens inside the embed, styled by it, and the keyboard moves in it and closes it.
    const exportButton = embed.getByRole('button', { name: /^Export / }).first();
    await exportButton.click();
    const png = page.getByRole('menuitem', { name: 'PNG image' });
    await expect(png).toBeVisible();
    expect(await png.evaluate((node) => node.getRootNode() instanceof ShadowRoot)).toBe(true);
    // The popover wears the theme (its surface colour is one of the theme's variables, set on the host).
    expect(await png.evaluate((node) => getComputedStyle(node.closest('.fui-MenuPopover')!).backgroundColor)).toBe('rgb(255, 255, 255)');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.getAttribute('role'))).toBe('menuitem');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    // Focus is back on the button, inside the embed's shadow root (not lost to the sister page's body).
    await expect.poll(() => page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.getAttribute('aria-label'))).toBe(await exportButton.getAttribute('aria-label'));
    expect(errors).toEqual([]);
  });

  test('on a sister page whose Content-Security-Policy refuses inline styles, the embed still wears its theme and draws', async ({ page, baseURL }) => {
    const token = await captureAccessToken(page);
    await page.goto(sisterPage({ token, origin: baseURL! }, { csp: 'strict' }));
    await expect(page.locator('#embed-status')).toHaveText('mounted');
    // The policy is in force: the sister page's own style (by nonce) applies, and nothing inline would.
    await expect(page.getByRole('heading', { name: 'Sister product' })).toHaveCSS('font-family', /Georgia/);
    const embed = page.locator('#overview');
    const table = embed.getByRole('table', { name: 'Comparison of factories and groups' });
    await expect(table).toBeVisible();
    // The host's rules (all: initial, the theme's variables) are a constructed style sheet, which the
    // policy lets through: the theme's font and colours, not the sister's inherited Georgia.
    expect(await embed.evaluate((node) => getComputedStyle(node).getPropertyValue('--fontFamilyBase').trim())).toContain('Segoe UI');
    await expect(table).toHaveCSS('font-family', /Segoe UI/);
    await expect(table).toHaveCSS('color', 'rgb(36, 36, 36)');
    await expect(embed.locator('.highcharts-root').first()).toBeVisible();
  });

  test('the embed speaks the language and wears the theme the sister product asks for', async ({ page, baseURL }) => {
    const token = await captureAccessToken(page);
    const cases = [
      // Dark: light text on a dark surface. Accessible: the light theme with black text and a thick focus outline.
      { locale: 'fr', theme: 'dark', table: 'Comparaison des usines et des groupes', exportName: /^Exporter /, variable: ['--colorNeutralBackground1', '#292929'], text: 'rgb(255, 255, 255)' },
      { locale: 'es', theme: 'accessible', table: 'Comparación de plantas y grupos', exportName: /^Exportar /, variable: ['--strokeWidthThick', '3px'], text: 'rgb(0, 0, 0)' },
    ] as const;
    for (const { locale, theme, table, exportName, variable, text } of cases) {
      await page.goto('about:blank');
      await page.goto(sisterPage({ token, origin: baseURL!, locale, theme }));
      await expect(page.locator('#embed-status')).toHaveText('mounted');
      const embed = page.locator('#overview');
      // The remote's words and the platform's, both in the language asked for (each language its own chunk).
      const comparison = embed.getByRole('table', { name: table });
      await expect(comparison, `${locale}/${theme}`).toBeVisible();
      await expect(embed.getByRole('button', { name: exportName }).first()).toBeVisible();
      // The theme's variables are declared on the embed's host element and used inside it.
      const [name, value] = variable;
      expect(await embed.evaluate((node, property) => getComputedStyle(node).getPropertyValue(property).trim(), name)).toBe(value);
      await expect(comparison).toHaveCSS('color', text);
    }
  });

  test('the sister product signs in with its own client and shows two overviews of different factories: unmounting one leaves the other working', async ({ page, browser, baseURL }) => {
    const token = await captureAccessToken(page);
    await resetPeriod(page.request, token); // the user's saved period: last 7 days
    const factories = (await (await page.request.get('/api/user/factories', { headers: bearer(token) })).json()) as { id: string; name: string }[];
    const [lyon, other] = [factories.find((f) => f.name === 'Lyon'), factories.find((f) => f.name !== 'Lyon')];
    if (!lyon || !other) throw new Error('the demo admin sees Lyon and another factory');

    // A browser that has never signed in to Linepulse: the sister's page sends the user to Linepulse's
    // sign-in page with its own client, and gets the user back with the page's parameters.
    // (Playwright applies this file's stored sign-in to new contexts too: an empty one is asked for.)
    const context = await browser.newContext({ ignoreHTTPSErrors: true, storageState: { cookies: [], origins: [] } });
    const sister = await context.newPage();
    try {
      await sister.goto(sisterPage({ origin: baseURL!, factory: lyon.id, second: other.id }));
      await sister.waitForURL(/\/oidc\//);
      await sister.getByLabel('Email').fill(USERS.admin.email);
      await sister.getByLabel('Password').fill(DEMO_PASSWORD);
      const called = sister.waitForRequest((r) => r.url().endsWith('/api/kpis/by-groups'));
      await sister.getByRole('button', { name: 'Sign in' }).click();
      await expect(sister.locator('#embed-status')).toHaveText('mounted');
      expect(new URL(sister.url()).origin).toBe(SISTER_ORIGIN);
      // Its calls carry the embedding client's token, not one borrowed from the host.
      const claims = JSON.parse(Buffer.from((await (await called).headerValue('authorization'))!.split('.')[1]!, 'base64url').toString()) as { client_id: string };
      expect(claims.client_id).toBe('linepulse-embed');

      const first = sister.locator('#overview');
      const second = sister.locator('#second');
      for (const [embed, factory] of [[first, lyon], [second, other]] as const) {
        // The embed starts on yesterday, which has no production on Sundays and Mondays: a week has.
        await embed.getByRole('combobox', { name: 'Period' }).selectOption('last7days');
        const table = embed.getByRole('table', { name: 'Comparison of factories and groups' });
        await expect(table).toBeVisible();
        await expect(table.getByRole('row', { name: new RegExp(factory.name) })).toHaveCount(1);
      }

      // A factory's link leads to its dashboard in Linepulse, in a new tab (not to the sister's site).
      const [tab] = await Promise.all([sister.waitForEvent('popup'), second.getByRole('link', { name: new RegExp(other.name) }).first().click()]);
      await tab.waitForURL((url) => url.pathname === `/${other.id}/dashboard` || url.pathname.startsWith('/home'));
      await tab.close();

      await sister.evaluate(() => (window as unknown as { unmountOverview: () => void }).unmountOverview());
      await expect(first.getByRole('table')).toHaveCount(0);
      // The tokens renew (refresh token, from the sister's origin), and the other embed still calls the
      // api: a new period brings new figures, and no error.
      await sister.evaluate(() => (window as unknown as { renewNow: () => Promise<string> }).renewNow());
      const answer = sister.waitForResponse((r) => r.url().endsWith('/api/kpis/by-groups') && r.request().method() === 'POST');
      await second.getByRole('combobox', { name: 'Period' }).selectOption('last30days');
      expect((await answer).status()).toBe(200);
      await expect(second.getByRole('table', { name: 'Comparison of factories and groups' }).getByRole('row', { name: new RegExp(other.name) })).toHaveCount(1);
      await expect(second.getByText('Something went wrong')).toHaveCount(0);
    } finally {
      await context.close();
    }
    // The period picked in the embed was not saved to the user's preferences.
    const preferences = (await (await page.request.get('/api/user/preferences', { headers: bearer(token) })).json()) as { tilelytics: { selected_time_option: string } };
    expect(preferences.tilelytics.selected_time_option).toBe('last7days');
  });
});
