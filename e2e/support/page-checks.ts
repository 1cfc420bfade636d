import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, type Request } from '@playwright/test';
import { ALL_MESSAGES as MESSAGES } from '../../shared/src/i18n/messages/all';
import { TEST_IDS } from './overview';

const SECTION_TEST_ID = TEST_IDS.section;

/**
 * Checks any page of the product must pass whatever the selection: no failed api call, no error state,
 * no raw id, no message id shown in place of its text, durations in hours and minutes. Shared by the
 * period matrix and any spec that walks a page through many states.
 */

export type Language = 'en' | 'fr' | 'es';

/** A word of the shell's catalogue (period picker, interval picker, states) in a language; an unknown id fails the test. */
export function words(language: Language): (id: string) => string {
  const catalogue: Record<string, string> = MESSAGES[language];
  return (id) => {
    const text = catalogue[id];
    if (text === undefined) throw new Error(`no message ${id} in ${language}`);
    return text;
  };
}

// Every message id of every catalogue: the shell's, the shared components' and each remote's. Read from
// the sources (the remotes' catalogues are not importable here), keys only: `'a.b.c': …` at a line start.
const CATALOGUES = [
  'shared/src/i18n/messages/en.ts',
  'shared/src/ui/ui-messages.ts',
  'remote-overview/src/messages.ts',
  'remote-downtime/src/messages.ts',
  'remote-reports/src/messages.ts',
  'remote-opportunities/src/messages.ts',
  'remote-admin/src/messages.ts',
];
let messageIds: Set<string> | undefined;
export function allMessageIds(): Set<string> {
  if (messageIds) return messageIds;
  const root = join(__dirname, '..', '..');
  messageIds = new Set(Object.keys(MESSAGES.en));
  for (const file of CATALOGUES) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const match of text.matchAll(/^\s*['"]([a-zA-Z][\w-]*(?:\.[\w-]+)+)['"]\s*:/gm)) messageIds.add(match[1]!);
  }
  return messageIds;
}

/** The product's words for a failure, in every language: the error state's title and message, a chart that could not be drawn. */
function failureTexts(): string[] {
  return (['en', 'fr', 'es'] as const).flatMap((l) => [MESSAGES[l]['state.error.title'], MESSAGES[l]['state.error.message']]);
}

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const MESSAGE_ID_LIKE = /\b[a-z][a-zA-Z]*(?:\.[a-zA-Z][\w-]*)+\b/g;
const DECIMAL_HOURS = /\d+[.,]\d+\s?h\b/g;

/**
 * Watches a page's calls to the api: every answer with status 400 or more is kept (a call the app
 * cancels itself, when the period changes, is not an answer and is not counted), and the calls in
 * flight are counted so that a walk can wait for the page to be quiet.
 */
export class ApiWatch {
  readonly failures: string[] = [];
  private readonly inFlight = new Set<Request>();
  private lastChange = Date.now();

  constructor(private readonly page: Page) {
    page.on('request', (request) => {
      if (!isApi(request)) return;
      this.inFlight.add(request);
      this.lastChange = Date.now();
    });
    const done = (request: Request): void => {
      if (this.inFlight.delete(request)) this.lastChange = Date.now();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    page.on('response', (response) => {
      if (!isApi(response.request()) || response.status() < 400) return;
      const body = response.request().postData();
      this.failures.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}${body ? ` ${body.slice(0, 300)}` : ''}`);
    });
  }

  /** Resolves once no api call has been in flight for `quietMs` and no section is loading. */
  async settled(quietMs = 200, timeoutMs = 45_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.inFlight.size === 0 && Date.now() - this.lastChange >= quietMs) {
        const loading = await this.page.locator(`[data-testid="${SECTION_TEST_ID}"][data-state="loading"], [aria-busy="true"]`).count();
        if (loading === 0 && this.inFlight.size === 0) return;
      }
      if (Date.now() > deadline) throw new Error(`the page did not settle in ${timeoutMs} ms (${this.inFlight.size} api calls in flight)`);
      await this.page.waitForTimeout(100);
    }
  }

  /** Every failed answer since the last call, then forgets them. */
  take(): string[] {
    return this.failures.splice(0);
  }
}

/** An api call that ends: the live stream (/api/live, decision 49) stays open as long as the page. */
function isApi(request: Request): boolean {
  const { pathname } = new URL(request.url());
  return pathname.startsWith('/api/') && pathname !== '/api/live';
}

export interface PageProblems {
  apiFailures: string[];
  errorStates: string[];
  rawIds: string[];
  messageIds: string[];
  decimalHours: string[];
}

/** What is wrong on the page now: failed calls since the last check, error states, raw ids, message ids, decimal hours. */
export async function pageProblems(page: Page, watch: ApiWatch): Promise<PageProblems> {
  const { errorStates, text } = await page.evaluate(
    ({ sectionId, failures }) => {
      const visible = (el: Element): boolean => {
        const box = (el as HTMLElement).getBoundingClientRect();
        return box.width > 0 && box.height > 0;
      };
      const states: string[] = [];
      for (const el of Array.from(document.querySelectorAll(`[data-testid="${sectionId}"][data-state="error"]`))) {
        states.push(`section "${el.querySelector('h2')?.textContent ?? ''}" in error: ${(el as HTMLElement).innerText.slice(0, 200)}`);
      }
      for (const el of Array.from(document.querySelectorAll('[role="alert"]'))) {
        const t = (el as HTMLElement).innerText;
        if (visible(el) && failures.some((f) => t.includes(f))) states.push(`alert: ${t.slice(0, 200)}`);
      }
      return { errorStates: [...new Set(states)], text: document.body.innerText };
    },
    { sectionId: SECTION_TEST_ID, failures: failureTexts() },
  );
  const ids = allMessageIds();
  return {
    apiFailures: watch.take(),
    errorStates,
    rawIds: [...new Set(text.match(UUID) ?? [])],
    messageIds: [...new Set((text.match(MESSAGE_ID_LIKE) ?? []).filter((m) => ids.has(m)))],
    decimalHours: [...new Set(text.match(DECIMAL_HOURS) ?? [])],
  };
}

/** Fails, soft, with every problem of the page listed under `label` (the walk goes on to the next state). */
export async function expectCleanPage(page: Page, watch: ApiWatch, label: string): Promise<PageProblems> {
  const problems = await pageProblems(page, watch);
  expect.soft(problems, label).toEqual({ apiFailures: [], errorStates: [], rawIds: [], messageIds: [], decimalHours: [] });
  return problems;
}
