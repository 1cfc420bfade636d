/**
 * Documented limits of the analytics calls (api/README.md, Limits; docs/decisions): ids per call, the
 * opportunities' window and page size, and what makes a call heavy (plugins/app/heavy-calls.ts).
 */
import { DateTime } from 'luxon';
import { ERROR_CODES } from '@linepulse/contracts';
import { apiError } from '../errors.ts';
import type { WindowRequest } from './window.ts';

/** Ids in one array of a call (lines, shifts, products): far above a factory's lines. */
export const MAX_IDS_PER_ARRAY = 1000;
/** Lines over all the groups of one KPIs call. */
export const MAX_GROUP_UNIT_IDS = 10_000;
/** Opportunities cover at most a year (the `year` option, leap years included); longer: page by years. */
export const OPPORTUNITIES_MAX_DAYS = 366;
/** Occurrences of each kind in one opportunities answer (limit's maximum and default). */
export const OPPORTUNITIES_PAGE_MAX = 1000;

const DAY = 86_400_000;
/** Slack for a daylight-saving hour and the production day's offset at either end. */
const WINDOW_SLACK_MS = 2 * 3_600_000;

interface IdArrays {
  production_unit_ids?: readonly string[];
  work_shift_ids?: readonly string[];
  product_ids?: readonly string[];
  groups?: readonly { production_unit_ids: readonly string[]; work_shift_ids?: readonly string[]; product_ids?: readonly string[] }[];
}

function tooMany(field: string, max: number) {
  return apiError(400, ERROR_CODES.analyticsTooManyIds, `${field} holds more than ${max} ids.`, { field, max });
}

/** 400 ANL_TOO_MANY_IDS naming the first array above its limit. */
export function checkIds(body: IdArrays): void {
  for (const field of ['production_unit_ids', 'work_shift_ids', 'product_ids'] as const) {
    if ((body[field]?.length ?? 0) > MAX_IDS_PER_ARRAY) throw tooMany(field, MAX_IDS_PER_ARRAY);
  }
  let units = 0;
  for (const [i, g] of (body.groups ?? []).entries()) {
    for (const field of ['production_unit_ids', 'work_shift_ids', 'product_ids'] as const) {
      if ((g[field]?.length ?? 0) > MAX_IDS_PER_ARRAY) throw tooMany(`groups.${i}.${field}`, MAX_IDS_PER_ARRAY);
    }
    units += g.production_unit_ids.length;
  }
  if (units > MAX_GROUP_UNIT_IDS) throw tooMany('groups', MAX_GROUP_UNIT_IDS);
}

const OPTION_DAYS: Record<string, number> = {
  day: 1, lastday: 1, week: 7, lastweek: 7, last7days: 7, last30days: 30, last90days: 90,
  month: 31, lastmonth: 31, year: 366, current_custom_period: 185, last_custom_period: 185,
};

/**
 * The days a request's window spans, before it is resolved in a factory's calendar: exact for explicit
 * instants and date ranges, the longest possible for a time option. Invalid windows count as one day
 * (resolving them answers the proper 400).
 */
export function requestDays(req: WindowRequest): number {
  if (req.start !== undefined && req.end !== undefined) {
    const ms = Date.parse(req.end) - Date.parse(req.start);
    return Number.isFinite(ms) && ms > 0 ? ms / DAY : 1;
  }
  if (req.time_option === 'time_range' && req.start_date && req.end_date) {
    const days = DateTime.fromISO(req.end_date, { zone: 'UTC' }).diff(DateTime.fromISO(req.start_date, { zone: 'UTC' }), 'days').days + 1;
    return Number.isFinite(days) && days > 0 ? days : 1;
  }
  return OPTION_DAYS[req.time_option ?? ''] ?? 1;
}

/** 400 ANL_WINDOW_TOO_LONG when a window (asked or resolved, ms) is longer than `maxDays`. */
export function checkWindowDays(spanMs: number, maxDays: number): void {
  if (spanMs > maxDays * DAY + WINDOW_SLACK_MS) {
    throw apiError(400, ERROR_CODES.analyticsWindowTooLong, `This call covers at most ${maxDays} days.`, { max_days: maxDays });
  }
}
