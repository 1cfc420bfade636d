import { expect, type APIRequestContext, type Page, type Response } from '@playwright/test';
import { formatDuration, formatPercent } from '../../shared/src/ui/format';
import { TEST_IDS } from '../../remote-overview/src/test-ids';
import { bearer } from './api';

export { TEST_IDS, formatDuration, formatPercent };

export interface GroupTotals {
  name: string;
  factory_id: string;
  total: Record<string, number | null>;
}

/** Waits for the app's own POST kpis/by-groups (the one with the 11 preceding periods) and returns its answer. */
export function mainKpisResponse(page: Page): Promise<Response> {
  return page.waitForResponse(
    (r) => r.url().endsWith('/api/kpis/by-groups') && r.request().method() === 'POST' && !!r.request().postDataJSON()?.preceding_periods && r.ok(),
  );
}

/**
 * Opens `url` and returns the new page's main KPI answer. The wait starts once the navigation has
 * committed: the previous page's requests are cancelled by then, so its late answer (whose body is gone
 * with it) can never be the one taken, however slow the machine; the new page asks only after its
 * scripts have loaded.
 */
export async function gotoForMainKpis(page: Page, url: string): Promise<Response> {
  await page.goto(url, { waitUntil: 'commit' });
  return mainKpisResponse(page);
}

export async function groupsOf(response: Response): Promise<GroupTotals[]> {
  return ((await response.json()) as { groups: GroupTotals[] }).groups;
}

/** Every figure of the comparison table equals the api's answer, formatted as the app formats it. */
export async function expectComparisonToMatch(page: Page, groups: GroupTotals[]): Promise<void> {
  const table = page.getByRole('table', { name: 'Comparison of factories and groups' });
  for (const group of groups) {
    const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: group.name, exact: true }) }).first();
    for (const key of ['availability', 'performance', 'quality', 'oee', 'ooe'] as const) {
      await expect(row).toContainText(formatPercent('en', group.total[key]));
    }
    const downtime = (group.total.planned_downtime_ms ?? 0) + (group.total.unplanned_downtime_ms ?? 0) + (group.total.unjustified_downtime_ms ?? 0);
    await expect(row).toContainText(formatDuration('en', downtime));
  }
}

/** Puts the user's saved period back to the preference default, so the overview starts at lastday. */
export async function resetPeriod(request: APIRequestContext, token: string): Promise<void> {
  const headers = bearer(token);
  const current = await (await request.get('/api/user/preferences', { headers })).json();
  await request.put('/api/user/preferences', {
    headers,
    data: {
      ...current,
      tilelytics: { ...current.tilelytics, selected_time_option: 'last7days', selected_start_date: null, selected_end_date: null, selected_tilelytics_filter_id: null },
    },
  });
}

export async function sectionsReady(page: Page): Promise<void> {
  await expect(page.locator(`[data-testid="${TEST_IDS.section}"][data-state="loading"]`)).toHaveCount(0, { timeout: 30_000 });
}
