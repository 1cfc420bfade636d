import { expect, test, type Browser, type Page } from '@playwright/test';
import { messages as overviewMessages } from '../../remote-overview/src/messages';
import { messages as reportsMessages } from '../../remote-reports/src/messages';
import { bearer, captureAccessToken } from '../support/api';
import {
  availabilityPageFigures,
  CallFailed,
  dashboardFigures,
  exportFigures,
  factoriesOf,
  overviewFigures,
  REPORT_PERIOD,
  printsPercent,
  reportPreview,
  windowDates,
  type Figures,
  type Window,
} from '../support/figures';
import { ApiWatch, pageProblems, words, type Language, type PageProblems } from '../support/page-checks';
import { openSettings } from '../support/sign-in';
import { storageStatePath, USERS } from '../support/users';

/**
 * The period matrix (issue 22): every page × every time option of product §3 × every interval the
 * page offers and the window allows, for the company and each demo factory (three time zones), as
 * admin (director) and as supervisor. After each change of selection, once the page is quiet: no failed
 * api call, no error state, no raw id, no message id in place of its text, no decimal hours. Then, through
 * the api, the same selection gives the same availability, downtime and OEE on the overview, the
 * dashboard, the availability page, the export and a report preview.
 *
 * Cost: one page load per walk; the period (and interval) change inside the loaded page, as a user
 * does. Each walk runs in its own language, theme and width (WALKS), so the 18 combinations of
 * language × theme × width each appear once. Every walk puts the user's preferences back as it found
 * them (the period, the language and the theme are saved to them), so nothing lasts for other specs.
 */

const TIME_OPTIONS = [
  'lastday', 'week', 'lastweek', 'last7days', 'last30days', 'last90days', 'month', 'lastmonth', 'current_custom_period', 'last_custom_period', 'time_range',
] as const;
type TimeOption = (typeof TIME_OPTIONS)[number];
const INTERVALS = ['hour', 'day', 'week', 'month'] as const;
type Interval = (typeof INTERVALS)[number];

/** A UTC date `daysAgo` days before today (inside the demo history, before any factory's today). */
const daysAgo = (n: number): string => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

interface Selection {
  option: TimeOption;
  name: string;
  startDate?: string;
  endDate?: string;
  /** The intervals SPEC §9 allows for the window, where its length is fixed. */
  allowed?: readonly Interval[];
}

/** The options of product §3; a date range twice: 70 days (beyond the week's 60, month allowed, decision 36) and a single day. */
const SELECTIONS: Selection[] = [
  ...TIME_OPTIONS.filter((o) => o !== 'time_range').map((option): Selection => ({
    option,
    name: option,
    ...(option === 'lastday' ? { allowed: ['hour', 'day'] as const } : {}),
    ...(option === 'lastweek' ? { allowed: ['hour', 'day', 'week'] as const } : {}),
    ...(option === 'last30days' ? { allowed: ['day', 'week'] as const } : {}),
    ...(option === 'last90days' ? { allowed: ['month'] as const } : {}),
  })),
  { option: 'time_range', name: 'time_range 70 days', startDate: daysAgo(79), endDate: daysAgo(10), allowed: ['month'] },
  { option: 'time_range', name: 'time_range 1 day', startDate: daysAgo(12), endDate: daysAgo(12), allowed: ['hour', 'day'] },
];

/** SPEC §9: the intervals a window of `days` whole days allows (none from 365 days). */
function allowedIntervals(days: number): Interval[] {
  if (days >= 365) return [];
  return INTERVALS.filter((i) => (i === 'hour' ? days <= 14 : i === 'day' ? days <= 30 : i === 'week' ? days >= 7 && days <= 60 : days >= 31));
}

/**
 * Property-style, where it belongs in the browser: date ranges of lengths drawn from a fixed seed, each
 * offering exactly the intervals SPEC §9 allows for its length (lengths at a limit are left out: a
 * daylight-saving day makes them an hour shorter or longer).
 */
function randomRanges(seed: number, count: number): Selection[] {
  let state = seed;
  const next = (): number => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const limits = new Set([7, 14, 15, 30, 31, 60, 61, 365]);
  const out: Selection[] = [];
  while (out.length < count) {
    const days = 1 + Math.floor(next() * 400);
    if (limits.has(days)) continue;
    const end = 3 + Math.floor(next() * 20);
    out.push({ option: 'time_range', name: `time_range ${days} days (seed ${seed})`, startDate: daysAgo(end + days - 1), endDate: daysAgo(end), allowed: allowedIntervals(days) });
  }
  return out;
}

const windowOf = (s: Selection): Window => (s.option === 'time_range' ? { time_option: s.option, start_date: s.startDate!, end_date: s.endDate! } : { time_option: s.option });

type Role = 'admin' | 'operation';
type Theme = 'light' | 'dark' | 'accessible';
type PageKind = 'overview-company' | 'overview-factory' | 'dashboard' | 'availability' | 'export' | 'report' | 'shift-changes';
type FactoryName = 'Lyon' | 'Montréal' | 'Monterrey';

interface Walk {
  page: PageKind;
  factory?: FactoryName;
  role: Role;
  language: Language;
  theme: Theme;
  width: 1280 | 1440;
  /**
   * Walked by `MATRIX=quick`, as the test command does (all eighteen with `MATRIX=full`; e2e/README.md):
   * every kind of page once (the company overview, a factory's overview, two dashboards, an
   * availability page, an export, a report and the shift changes), both roles and the three themes (README).
   */
  quick?: true;
}

/**
 * Each walk's page, factory, role and look. Every one of the 18 combinations of language × theme ×
 * width appears exactly once (checked below); each page is walked in the three languages.
 */
const WALKS: Walk[] = [
  { page: 'overview-company', role: 'admin', language: 'en', theme: 'light', width: 1280, quick: true },
  { page: 'overview-company', role: 'operation', language: 'fr', theme: 'light', width: 1280 },
  { page: 'overview-factory', factory: 'Lyon', role: 'admin', language: 'es', theme: 'light', width: 1280 },
  { page: 'overview-factory', factory: 'Montréal', role: 'operation', language: 'en', theme: 'dark', width: 1280 },
  { page: 'overview-factory', factory: 'Monterrey', role: 'admin', language: 'fr', theme: 'dark', width: 1280, quick: true },
  { page: 'dashboard', factory: 'Lyon', role: 'operation', language: 'es', theme: 'dark', width: 1280, quick: true },
  { page: 'dashboard', factory: 'Montréal', role: 'admin', language: 'en', theme: 'accessible', width: 1280, quick: true },
  { page: 'dashboard', factory: 'Monterrey', role: 'operation', language: 'fr', theme: 'accessible', width: 1280 },
  { page: 'availability', factory: 'Lyon', role: 'admin', language: 'es', theme: 'accessible', width: 1280 },
  { page: 'availability', factory: 'Montréal', role: 'operation', language: 'en', theme: 'light', width: 1440, quick: true },
  { page: 'availability', factory: 'Monterrey', role: 'admin', language: 'fr', theme: 'light', width: 1440 },
  { page: 'export', factory: 'Lyon', role: 'operation', language: 'es', theme: 'light', width: 1440 },
  { page: 'export', factory: 'Montréal', role: 'admin', language: 'en', theme: 'dark', width: 1440 },
  { page: 'export', factory: 'Monterrey', role: 'operation', language: 'fr', theme: 'dark', width: 1440, quick: true },
  { page: 'report', factory: 'Lyon', role: 'admin', language: 'es', theme: 'dark', width: 1440 },
  { page: 'report', factory: 'Montréal', role: 'operation', language: 'en', theme: 'accessible', width: 1440, quick: true },
  { page: 'report', factory: 'Monterrey', role: 'admin', language: 'fr', theme: 'accessible', width: 1440 },
  { page: 'shift-changes', factory: 'Lyon', role: 'admin', language: 'es', theme: 'accessible', width: 1440, quick: true },
];

test('the walks cover every language × theme × width', () => {
  const seen = WALKS.map((w) => `${w.language}|${w.theme}|${w.width}`);
  for (const language of ['en', 'fr', 'es']) for (const theme of ['light', 'dark', 'accessible']) for (const width of [1280, 1440]) expect(seen).toContain(`${language}|${theme}|${width}`);
});

/** A problem seen at a step of a walk, as one line of the failure report. */
function findingsOf(step: string, problems: PageProblems): string[] {
  return Object.entries(problems).flatMap(([kind, list]) => ((list as string[]).length > 0 ? [`${step}: ${kind} ${JSON.stringify(list)}`] : []));
}

class WalkLog {
  readonly findings: string[] = [];
  constructor(
    private readonly page: Page,
    readonly watch: ApiWatch,
  ) {}
  /** Waits for the page to be quiet, then records what is wrong on it. */
  async check(step: string): Promise<void> {
    try {
      await this.watch.settled();
    } catch (error) {
      this.note(step, (error as Error).message);
    }
    for (const finding of findingsOf(step, await pageProblems(this.page, this.watch))) this.record(finding);
  }
  note(step: string, what: string): void {
    this.record(`${step}: ${what}`);
  }
  /** Each finding fails the test at once, softly: a walk cut short still reports what it saw. */
  private record(finding: string): void {
    this.findings.push(finding);
    expect.soft(finding, 'a step of the walk').toBe('');
  }
}

/** Applies the walk's theme and language through the settings menu (as a user does; both are saved to the preferences). */
async function applyLook(page: Page, walk: Walk): Promise<void> {
  const any = (key: string): RegExp => new RegExp(`^(${(['en', 'fr', 'es'] as const).map((l) => words(l)(key)).join('|')})$`);
  await openSettings(page);
  await page.getByRole('menuitemradio', { name: any(`theme.${walk.theme}`) }).click();
  await page.keyboard.press('Escape');
  await openSettings(page);
  await page.getByRole('menuitemradio', { name: any(`language.${walk.language}`) }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('html')).toHaveAttribute('lang', walk.language);
}

/** Chooses a selection in the page's period picker; false when the option is offered disabled (no such custom period), which must then say so. */
async function choosePeriod(page: Page, language: Language, selection: Selection, log: WalkLog, step: string): Promise<boolean> {
  const w = words(language);
  const select = page.getByRole('combobox', { name: w('period.label'), exact: true });
  const option = select.locator(`option[value="${selection.option}"]`);
  if (await option.isDisabled()) {
    const text = (await option.textContent()) ?? '';
    if (!text.includes(w('period.noCustomPeriod'))) log.note(step, `option offered disabled without saying why: "${text}"`);
    return false;
  }
  if (selection.option === 'time_range') {
    if ((await select.inputValue()) !== 'time_range' || (await page.getByLabel(w('period.start'), { exact: true }).count()) === 0) await select.selectOption('time_range');
    await page.getByLabel(w('period.start'), { exact: true }).fill(selection.startDate!);
    await page.getByLabel(w('period.end'), { exact: true }).fill(selection.endDate!);
    await page.getByRole('button', { name: w('period.apply'), exact: true }).click();
  } else {
    await select.selectOption(selection.option);
  }
  return true;
}

/** Every interval the window allows, each in turn; the enabled ones must be SPEC §9's where the window's length is fixed. */
async function walkIntervals(page: Page, language: Language, selection: Selection, log: WalkLog, step: string, every: boolean): Promise<void> {
  const w = words(language);
  const radio = (i: Interval) => page.getByRole('radio', { name: w(`interval.${i}`), exact: true });
  const enabled: Interval[] = [];
  let checked: Interval | null = null;
  for (const interval of INTERVALS) {
    if (await radio(interval).isEnabled()) enabled.push(interval);
    if (await radio(interval).isChecked()) checked = interval;
  }
  if (selection.allowed && enabled.join() !== selection.allowed.join()) log.note(step, `intervals offered [${enabled.join(', ')}], SPEC §9 allows [${selection.allowed.join(', ')}]`);
  if (enabled.length === 0) {
    const notes = [w('error.heatmapNotAllowed'), w('interval.noneYet')];
    const said = await page.getByRole('note').filter({ hasText: new RegExp(notes.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')) }).count();
    if (said === 0) log.note(step, 'no interval allowed and no note saying why');
    return;
  }
  if (checked === null || !enabled.includes(checked)) log.note(step, `the interval shown (${checked ?? 'none'}) is not one the window allows [${enabled.join(', ')}]`);
  for (const interval of every ? enabled : []) {
    if (interval === checked) continue;
    await radio(interval).click();
    await log.check(`${step} · by ${interval}`);
  }
}

/** The period walk of a page with a period picker (and an interval picker when `intervals`). */
async function walkPeriods(page: Page, language: Language, log: WalkLog, label: string, intervals: 'none' | 'shown' | 'every', extra: Selection[] = []): Promise<void> {
  for (const selection of [...SELECTIONS, ...extra]) {
    const step = `${label} · ${selection.name}`;
    if (!(await choosePeriod(page, language, selection, log, step))) continue;
    await log.check(step);
    if (intervals !== 'none') await walkIntervals(page, language, selection, log, step, intervals === 'every');
  }
}

async function openAs(browser: Browser, walk: Walk): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStatePath(walk.role), viewport: { width: walk.width, height: 900 } });
  return context.newPage();
}

function describeWalk(walk: Walk): string {
  return `${walk.page}${walk.factory ? ` ${walk.factory}` : ''} as ${walk.role} (${walk.language}, ${walk.theme}, ${walk.width} px)`;
}

/**
 * The preferences a walk found, put back after it by a request of its own: even when the walk runs out
 * of time (its page and its page's requests are gone by then), no other spec sees its language, theme or
 * period.
 */
let restore: { token: string; saved: unknown } | null = null;
test.afterEach(async ({ request }) => {
  if (!restore) return;
  const { token, saved } = restore;
  restore = null;
  const answer = await request.put('/api/user/preferences', { headers: bearer(token), data: saved });
  expect(answer.ok(), 'the preferences are put back').toBe(true);
});

const QUICK = process.env.MATRIX === 'quick';
for (const walk of WALKS.filter((w) => !QUICK || w.quick)) {
  test(`walk: ${describeWalk(walk)}`, async ({ browser }) => {
    test.setTimeout(240_000);
    const page = await openAs(browser, walk);
    // A control that never answers fails its step, not the whole walk's time.
    page.setDefaultTimeout(20_000);
    const watch = new ApiWatch(page);
    const log = new WalkLog(page, watch);
    const token = await captureAccessToken(page, '/company-overview');
    const headers = bearer(token);
    const saved = await (await page.request.get('/api/user/preferences', { headers })).json();
    restore = { token, saved };
    try {
      const factories = await factoriesOf(page.request, token);
      const factory = walk.factory ? factories.find((f) => f.name === walk.factory) : undefined;
      if (walk.factory && !factory) throw new Error(`${walk.role} does not see ${walk.factory}`);
      const url = {
        'overview-company': '/company-overview',
        'overview-factory': '/company-overview',
        dashboard: `/${factory?.id}/dashboard`,
        availability: `/${factory?.id}/availability-downtime`,
        export: `/${factory?.id}/production-data-export`,
        report: `/${factory?.id}/my-reports/creation/overview`,
        'shift-changes': `/performance-manager/shift-changes?factoryId=${factory?.id}&productionUnitId=${factory?.production_units[0]?.id}`,
      }[walk.page];
      if (url !== '/company-overview') await page.goto(url);
      await watch.settled();
      await applyLook(page, walk);
      const label = describeWalk(walk);
      await log.check(`${label} · opened`);

      if (walk.page === 'overview-factory') {
        // The factory scope: only this factory in the Factories picker.
        // A menu button named by its label and its choice ("Factories All factories").
        const pickerLabel = overviewMessages[walk.language]!['overview.company.factories']!;
        await page.getByRole('button', { name: new RegExp(`^${pickerLabel} `) }).click();
        for (const other of factories.filter((f) => f.id !== factory!.id)) {
          await page.getByRole('menuitemcheckbox', { name: other.name, exact: true }).click();
        }
        await page.keyboard.press('Escape');
        await log.check(`${label} · scoped to ${walk.factory}`);
      }
      if (walk.page === 'overview-company' || walk.page === 'overview-factory' || walk.page === 'availability') {
        // Every interval on the company overview and on each factory's heatmap (its time zone buckets
        // them); the factory scopes check the interval shown and those offered. The random lengths on one heatmap.
        const every = walk.page === 'availability' || walk.page === 'overview-company';
        const extra = walk.page === 'availability' && walk.factory === 'Lyon' ? randomRanges(22, 4) : [];
        await walkPeriods(page, walk.language, log, label, every ? 'every' : 'shown', extra);
      }
      if (walk.page === 'dashboard' || walk.page === 'shift-changes') await walkPeriods(page, walk.language, log, label, 'none');
      if (walk.page === 'export') {
        // No period picker: the export takes production days. Each selection's days, as the api resolves them.
        const w = words(walk.language);
        for (const selection of SELECTIONS) {
          const step = `${label} · ${selection.name}`;
          let dates: { startDate: string; endDate: string };
          try {
            const window = await dashboardFigures(page.request, token, windowOf(selection), factory!);
            dates = windowDates(window.start, window.end, factory!);
          } catch (error) {
            log.note(step, (error as Error).message);
            continue;
          }
          await page.getByLabel(w('period.start'), { exact: true }).fill(dates.startDate);
          await page.getByLabel(w('period.end'), { exact: true }).fill(dates.endDate);
          await page.getByLabel(w('period.end'), { exact: true }).blur();
          await log.check(`${step} (${dates.startDate} – ${dates.endDate})`);
          const refused = await page.locator('[role="alert"]').allInnerTexts();
          if (refused.some((t) => t.trim() !== '')) log.note(step, `the form refuses the dates: ${JSON.stringify(refused)}`);
        }
      }
      if (walk.page === 'report') {
        await page.getByLabel(reportsMessages[walk.language]!['reports.field.title']!).fill('Matrix');
        const preview = page.waitForResponse((r) => r.url().endsWith('/user/email-reports/preview'));
        await page.getByRole('button', { name: reportsMessages[walk.language]!['reports.preview'], exact: true }).click();
        const answer = await preview;
        if (!answer.ok()) log.note(`${label} · preview`, `${answer.status()} ${(await answer.text()).slice(0, 300)}`);
        await log.check(`${label} · preview`);
      }
    } finally {
      await page.context().close();
    }
  });
}

// ---- The same selection, the same figures, on every screen (through the api) ----

const close = (a: number | null, b: number | null, tolerance: number): boolean => (a === null || b === null ? a === b : Math.abs(a - b) <= tolerance);

/**
 * How far two answers over the same selection may differ. A closed window: not at all (to the
 * millisecond, and ratios to rounding). A window that runs to now ends at each call's own now: `slackMs`
 * apart at most, so downtime may differ by that much per line, and a ratio of sums over the window by
 * at most a few times slack / length.
 */
interface Slack {
  slackMs: number;
  windowMs: number;
  lines: number;
}
const EXACT: Slack = { slackMs: 0, windowMs: 1, lines: 0 };
const ratioTolerance = (slack: Slack): number => 1e-9 + (4 * slack.slackMs) / Math.max(slack.windowMs, 3_600_000);

function differences(where: string, expected: Figures, seen: Figures, oee: boolean, slack: Slack = EXACT): string[] {
  const out: string[] = [];
  const ratio = ratioTolerance(slack);
  if (!close(expected.availability, seen.availability, ratio)) out.push(`${where}: availability ${seen.availability} ≠ ${expected.availability}`);
  if (Math.abs(expected.downtimeMs - seen.downtimeMs) > 1 + slack.lines * slack.slackMs) out.push(`${where}: downtime ${seen.downtimeMs} ms ≠ ${expected.downtimeMs} ms`);
  if (oee && !close(expected.oee, seen.oee, ratio + 1e-9)) out.push(`${where}: OEE ${seen.oee} ≠ ${expected.oee}`);
  return out;
}

for (const role of ['admin', 'operation'] as const) {
  test(`figures: every factory × time option gives the same availability, downtime and OEE on the overview, dashboard, availability page, export and report preview, as ${role}`, async ({ browser }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ storageState: storageStatePath(role) });
    const page = await context.newPage();
    const request = context.request;
    const token = await captureAccessToken(page, '/company-overview');
    await page.close();
    const factories = await factoriesOf(request, token);
    expect(factories.map((f) => f.name).sort()).toEqual(['Lyon', 'Monterrey', 'Montréal']);
    const findings: string[] = [];

    for (const selection of SELECTIONS) {
      const window = windowOf(selection);
      // A window that runs to now takes live data (the demo appends facts every 45 s): when the figures
      // differ, the screens' calls are made once more, in case a write came between them.
      for (let attempt = 1; attempt <= 2; attempt++) {
        const found: string[] = [];
        try {
          // One long call of a kind at a time per user (the api refuses a second with 429): the KPI calls
          // follow one another, each factory's downtime per line alongside its dashboard's.
          const overview = await overviewFigures(request, token, window, factories);
          for (const factory of factories) {
            const [dashboard, availability] = await Promise.all([dashboardFigures(request, token, window, factory), availabilityPageFigures(request, token, window, factory)]);
            const answeredAt = Date.now();
            // A window that runs to now: each call's answer ends at its own now.
            const open = Date.parse(dashboard.end) > answeredAt - 10 * 60_000;
            const slack = (otherEnd: number): Slack =>
              open ? { slackMs: Math.abs(otherEnd - Date.parse(dashboard.end)), windowMs: Date.parse(dashboard.end) - Date.parse(dashboard.start), lines: factory.production_units.length } : EXACT;
            const where = (screen: string): string => `${role} · ${factory.name} · ${selection.name} · ${screen} vs dashboard`;
            const fromOverview = overview.get(factory.id);
            if (!fromOverview) found.push(where('overview') + ': no group for the factory');
            else {
              found.push(...differences(where('overview'), dashboard.figures, fromOverview.figures, true, slack(Date.parse(fromOverview.end))));
              if (fromOverview.start !== dashboard.start || (!open && fromOverview.end !== dashboard.end)) found.push(`${where('overview')}: window ${fromOverview.start} – ${fromOverview.end} ≠ ${dashboard.start} – ${dashboard.end}`);
            }
            // The same call's now for both (decision 29: one now per units within a second), or near it.
            found.push(...differences(where('availability page'), dashboard.figures, availability, false, slack(answeredAt)));
            const dates = windowDates(dashboard.start, dashboard.end, factory);
            try {
              const exported = await exportFigures(request, token, factory, dates.startDate, dates.endDate);
              found.push(...differences(`${where('export')} (${dates.startDate} – ${dates.endDate})`, dashboard.figures, exported, true, slack(Date.now())));
            } catch (error) {
              found.push(`${where('export')}: ${(error as Error).message}`);
            }
            const reportPeriod = REPORT_PERIOD[selection.option];
            if (reportPeriod) {
              try {
                const preview = await reportPreview(request, token, factory, USERS[role].email, reportPeriod);
                // "So far" windows end at the moment of each call; only their start can be compared.
                if (Date.parse(preview.start) !== Date.parse(dashboard.start) || (!open && Date.parse(preview.end) !== Date.parse(dashboard.end))) {
                  found.push(`${where('report preview')}: window ${preview.start} – ${preview.end} ≠ ${dashboard.start} – ${dashboard.end}`);
                }
                const tolerance = ratioTolerance(slack(Date.parse(preview.end)));
                if (!printsPercent(preview.availability, dashboard.figures.availability, tolerance)) found.push(`${where('report preview')}: availability "${preview.availability}" is not ${dashboard.figures.availability}`);
                if (!printsPercent(preview.oee, dashboard.figures.oee, tolerance)) found.push(`${where('report preview')}: OEE "${preview.oee}" is not ${dashboard.figures.oee}`);
              } catch (error) {
                found.push(`${where('report preview')}: ${(error as Error).message}`);
              }
            }
          }
        } catch (error) {
          if (!(error instanceof CallFailed)) throw error;
          found.push(`${role} · ${selection.name}: ${error.message}`);
        }
        if (found.length === 0 || attempt === 2) {
          findings.push(...found);
          break;
        }
      }
    }
    await context.close();
    expect(findings, 'the same selection gives the same figures everywhere').toEqual([]);
  });
}
