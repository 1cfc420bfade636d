import type { Notifier } from '@linepulse/shared';
import type { Language, ThemeName } from '@linepulse/contracts';

/** What a sister product gives the company overview when it shows it without the Linepulse host. */
export interface EmbedOptions {
  /** A bearer token for the Linepulse APIs (the product's own sign-in, same provider and audience). */
  getAccessToken: () => Promise<string>;
  /** Base URL of the main analytics API, e.g. https://linepulse.example.com/api. */
  apiBase: string;
  /** Base URL of the dashboard API, e.g. https://linepulse.example.com/dashboard-api. */
  dashboardApiBase: string;
  /** en, fr or es; English for any other value. */
  locale?: Language;
  /** light, dark or accessible; light for any other value. */
  theme?: ThemeName;
  /** Show this factory only (else every factory of the user). */
  factoryId?: string;
  /** Where success and error messages go; a snackbar inside the element by default. */
  notifier?: Notifier;
  /**
   * Save what the user changes in the embed (the period) to their Linepulse preferences. Off by
   * default: the embed's choices then apply to it only, and the user's saved preferences stay as they are.
   */
  savePreferences?: boolean;
  /** Linepulse's address, where the embed's links lead (a factory's dashboard); the api's origin by default. */
  linepulseUrl?: string;
  /**
   * Called with the full Linepulse address when the user follows a link in the embed, for the sister
   * product to handle (its own navigation); without it, links open Linepulse in a new tab.
   */
  onNavigate?: (url: string) => void;
}

/** An http(s) address, absolute or relative to `base` (the sister product's page). */
function isHttpAddress(value: unknown, base: string): boolean {
  if (typeof value !== 'string' || value.trim() === '') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value, base).protocol);
  } catch {
    return false;
  }
}

const isFunction = (value: unknown): boolean => typeof value === 'function';
const optional = (value: unknown, check: (value: unknown) => boolean): boolean => value === undefined || check(value);

/**
 * What is wrong with `mount`'s arguments, each said for the sister product's developer (an empty list when
 * nothing is). Called before anything is drawn or asked, so a mistake fails at once, named, instead of
 * as a page that stays empty or an error deep in a request. `base` resolves relative addresses.
 */
export function embedOptionProblems(element: unknown, options: unknown, base: string): string[] {
  const problems: string[] = [];
  if (typeof element !== 'object' || element === null || !isFunction((element as { attachShadow?: unknown }).attachShadow)) {
    problems.push('element must be an HTML element that can hold a shadow root (a div, a section, …)');
  }
  if (typeof options !== 'object' || options === null) return [...problems, 'options must be an object with getAccessToken, apiBase and dashboardApiBase'];
  const given = options as Record<string, unknown>;
  if (!isFunction(given.getAccessToken)) problems.push('getAccessToken must be a function returning a promise of the access token');
  if (!isHttpAddress(given.apiBase, base)) problems.push('apiBase must be an http(s) address, e.g. https://linepulse.example.com/api');
  if (!isHttpAddress(given.dashboardApiBase, base)) problems.push('dashboardApiBase must be an http(s) address, e.g. https://linepulse.example.com/dashboard-api');
  if (!optional(given.locale, (v) => typeof v === 'string')) problems.push('locale must be a string (en, fr or es)');
  if (!optional(given.theme, (v) => typeof v === 'string')) problems.push('theme must be a string (light, dark or accessible)');
  if (!optional(given.factoryId, (v) => typeof v === 'string' && v.trim() !== '')) problems.push('factoryId must be a factory id (a non-empty string) when given');
  if (!optional(given.savePreferences, (v) => typeof v === 'boolean')) problems.push('savePreferences must be true or false when given');
  if (!optional(given.linepulseUrl, (v) => isHttpAddress(v, base))) problems.push('linepulseUrl must be an http(s) address when given');
  if (!optional(given.onNavigate, isFunction)) problems.push('onNavigate must be a function when given');
  const isNotifier = (v: unknown) => typeof v === 'object' && v !== null && isFunction((v as Notifier).success) && isFunction((v as Notifier).error);
  if (!optional(given.notifier, isNotifier)) problems.push('notifier must have success(message) and error(message) functions when given');
  return problems;
}
