import type { APIRequestContext } from '@playwright/test';
import { bearer } from './api';

/**
 * The same selection asked of every api call a screen draws its availability, downtime and OEE from:
 * the overview's and the dashboard's KPIs by groups, the availability page's downtime per line, the
 * production export and a report's preview. Each answer is reduced to the three figures, computed from
 * the sums as the domain rules say (roll-ups sum times first, then divide).
 */

export interface Factory {
  id: string;
  name: string;
  timezone: string;
  production_day_minutes_from_midnight: number;
  production_units: { id: string; name: string }[];
}

export interface Figures {
  /** Fraction 0–1, null = N/D. */
  availability: number | null;
  downtimeMs: number;
  oee: number | null;
}

export type Window = { time_option: string; start_date?: string; end_date?: string };

interface KpiTotals {
  availability: number | null;
  oee: number | null;
  planned_downtime_ms: number;
  unplanned_downtime_ms: number;
  unjustified_downtime_ms: number;
}
interface KpiGroup {
  name: string;
  factory_id: string;
  start_time: string;
  end_time: string;
  total: KpiTotals;
}

export async function factoriesOf(request: APIRequestContext, token: string): Promise<Factory[]> {
  const answer = await request.get('/api/user/factories', { headers: bearer(token) });
  if (!answer.ok()) throw new Error(`GET /api/user/factories: ${answer.status()}`);
  return (await answer.json()) as Factory[];
}

export function factoryGroup(factory: Factory): { name: string; factory_id: string; production_unit_ids: string[] } {
  return { name: factory.name, factory_id: factory.id, production_unit_ids: factory.production_units.map((u) => u.id) };
}

function kpiFigures(total: KpiTotals): Figures {
  return {
    availability: total.availability,
    downtimeMs: total.planned_downtime_ms + total.unplanned_downtime_ms + total.unjustified_downtime_ms,
    oee: total.oee,
  };
}

/** An answer that is not 2xx, as text for a finding. */
export class CallFailed extends Error {}

async function post<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const answer = await request.post(path, { headers: bearer(token), data, timeout: 60_000 });
  if (!answer.ok()) throw new CallFailed(`${answer.status()} POST ${path}: ${(await answer.text()).slice(0, 300)}`);
  return (await answer.json()) as T;
}

/** The company overview's main request (one group per factory, the 11 preceding periods): each factory's figures and window. */
export async function overviewFigures(request: APIRequestContext, token: string, window: Window, factories: Factory[]): Promise<Map<string, { figures: Figures; start: string; end: string }>> {
  const { groups } = await post<{ groups: KpiGroup[] }>(request, token, '/api/kpis/by-groups', { ...window, groups: factories.map(factoryGroup), preceding_periods: true });
  return new Map(groups.map((g) => [g.factory_id, { figures: kpiFigures(g.total), start: g.start_time, end: g.end_time }]));
}

/** The factory dashboard's tiles request (the factory's lines as one group, the 11 preceding periods). */
export async function dashboardFigures(request: APIRequestContext, token: string, window: Window, factory: Factory): Promise<{ figures: Figures; start: string; end: string }> {
  const { groups } = await post<{ groups: KpiGroup[] }>(request, token, '/api/kpis/by-groups', { ...window, groups: [factoryGroup(factory)], preceding_periods: true });
  const group = groups[0];
  if (!group) throw new CallFailed('POST /api/kpis/by-groups: no group in the answer');
  return { figures: kpiFigures(group.total), start: group.start_time, end: group.end_time };
}

/** The availability page's downtime per line, summed: A = uptime / (scheduled − planned); no OEE there. */
export async function availabilityPageFigures(request: APIRequestContext, token: string, window: Window, factory: Factory): Promise<Figures> {
  const units = await post<{ total: number; planned: number; uptime: number; in_production: number }[]>(request, token, '/api/production-units/downtimes-info', {
    ...window,
    production_unit_ids: factory.production_units.map((u) => u.id),
  });
  const sum = (f: (u: (typeof units)[number]) => number): number => units.reduce((a, u) => a + f(u), 0);
  const ppt = sum((u) => u.in_production) - sum((u) => u.planned);
  return { availability: ppt > 0 ? sum((u) => u.uptime) / ppt : null, downtimeMs: sum((u) => u.total), oee: null };
}

/**
 * The production export by day (CSV) over the window's production days, summed: downtime, availability
 * and OEE = Σ(performance × uptime) / PPT × quality (performance × uptime is the ideal production time).
 */
export async function exportFigures(request: APIRequestContext, token: string, factory: Factory, startDate: string, endDate: string): Promise<Figures> {
  // The Excel file: its durations are exact numbers of days (decision 40), the CSV's are rounded to the second.
  const query = new URLSearchParams({
    kind: 'production',
    interval: 'day',
    format: 'xlsx',
    production_unit_ids: factory.production_units.map((u) => u.id).join(','),
    start_date: startDate,
    end_date: endDate,
  });
  const path = `/api/factories/${factory.id}/export?${query}`;
  const answer = await request.get(path, { headers: bearer(token), timeout: 60_000 });
  if (!answer.ok()) throw new CallFailed(`${answer.status()} GET ${path}: ${(await answer.text()).slice(0, 300)}`);
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await answer.body()) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const lines: unknown[][] = [];
  sheet.eachRow((row) => lines.push((row.values as unknown[]).slice(1)));
  const header = lines[0]!.map((v) => String(v ?? ''));
  const col = (name: string): number => {
    const index = header.indexOf(name);
    if (index < 0) throw new CallFailed(`export: no column ${name} in ${header.join(',')}`);
    return index;
  };
  const [scheduled, uptime, planned, unplanned, unjustified, good, rejected, performance] = [
    'scheduled_time (h:mm:ss)', 'uptime (h:mm:ss)', 'planned_downtime (h:mm:ss)', 'unplanned_downtime (h:mm:ss)', 'unjustified_downtime (h:mm:ss)', 'good', 'rejected', 'performance',
  ].map(col) as [number, number, number, number, number, number, number, number];
  const durations = new Set([scheduled, uptime, planned, unplanned]);
  durations.add(unjustified);
  const totals = { scheduled: 0, uptime: 0, planned: 0, downtime: 0, good: 0, rejected: 0, ideal: 0 };
  for (const cells of lines.slice(1)) {
    // Durations as days (decision 40), read back as milliseconds.
    const n = (i: number): number => {
      const value = cells[i];
      if (value === '' || value === undefined || value === null) return 0;
      // A reader takes a cell in a time format for an instant counted from Excel's day 0 (30 December 1899).
      if (durations.has(i)) return value instanceof Date ? value.getTime() - Date.UTC(1899, 11, 30) : Number(value) * 86_400_000;
      return Number(value);
    };
    totals.scheduled += n(scheduled);
    totals.uptime += n(uptime);
    totals.planned += n(planned);
    totals.downtime += n(planned) + n(unplanned) + n(unjustified);
    totals.good += n(good);
    totals.rejected += n(rejected);
    totals.ideal += n(performance) * n(uptime);
  }
  const ppt = totals.scheduled - totals.planned;
  const made = totals.good + totals.rejected;
  return {
    availability: ppt > 0 ? totals.uptime / ppt : null,
    downtimeMs: totals.downtime,
    oee: ppt > 0 && made > 0 ? (totals.ideal / ppt) * (totals.good / made) : null,
  };
}

/**
 * The report settings whose window is the time option's: a report covers whole units before its
 * delivery ("last") or the current ones so far ("current"). Custom periods and date ranges have none.
 */
export const REPORT_PERIOD: Partial<Record<string, { schedule_type: 'last' | 'current'; duration: number; time_unit: 'day' | 'week' | 'month' }>> = {
  lastday: { schedule_type: 'last', duration: 1, time_unit: 'day' },
  week: { schedule_type: 'current', duration: 1, time_unit: 'week' },
  lastweek: { schedule_type: 'last', duration: 1, time_unit: 'week' },
  last7days: { schedule_type: 'current', duration: 7, time_unit: 'day' },
  last30days: { schedule_type: 'current', duration: 30, time_unit: 'day' },
  last90days: { schedule_type: 'current', duration: 90, time_unit: 'day' },
  month: { schedule_type: 'current', duration: 1, time_unit: 'month' },
  lastmonth: { schedule_type: 'last', duration: 1, time_unit: 'month' },
};

/** A report preview of the overview template over every line and shift: its window and its total availability and OEE as printed (en). */
export async function reportPreview(
  request: APIRequestContext,
  token: string,
  factory: Factory,
  email: string,
  period: NonNullable<(typeof REPORT_PERIOD)[string]>,
): Promise<{ start: string; end: string; availability: string; oee: string }> {
  const options = await (await request.get(`/api/factories/${factory.id}/user/email-reports/options`, { headers: bearer(token) })).json() as {
    production_units: { id: string }[];
    work_shifts: { id: string }[];
  };
  const frequency = period.time_unit === 'day' ? 'daily' : period.time_unit === 'week' ? 'weekly' : 'monthly';
  const preview = await post<{ text: string; html: string; window_start: string; window_end: string }>(request, token, `/api/factories/${factory.id}/user/email-reports/preview`, {
    title: 'Matrix',
    template: 'overview',
    frequency,
    ...period,
    recipients: [email],
    production_unit_ids: options.production_units.map((u) => u.id),
    work_shift_ids: options.work_shifts.map((s) => s.id),
    language: 'en',
    day: frequency === 'daily' ? null : 1,
    time: '06:00',
    timezone: factory.timezone,
  });
  // The tiles' table, one indicator a row (a phone's width): name | value | objective.
  const tile = (name: string): string => new RegExp(`<tr><td[^>]*>${name}</td><td[^>]*>([^<]*)</td>`).exec(preview.html)?.[1] ?? '(none)';
  return { start: preview.window_start, end: preview.window_end, availability: tile('Availability'), oee: tile('OEE') };
}

/**
 * Whether a percentage as a report prints it ("74.8 %", "74,80 %", "N/D") is `value` (a fraction)
 * rounded to the digits it shows (give or take `tolerance`, a fraction): the check holds whatever number
 * of decimals the format uses.
 */
export function printsPercent(printed: string, value: number | null, tolerance = 0): boolean {
  if (value === null) return printed.trim() === 'N/D';
  const match = /^(-?[\d\s\u00a0\u202f]*\d)(?:[.,](\d+))?\s?%$/.exec(printed.trim());
  if (!match) return false;
  const decimals = match[2]?.length ?? 0;
  const shown = Number(`${match[1]!.replace(/[\s\u00a0\u202f]/g, '')}.${match[2] ?? '0'}`);
  return Math.abs(shown - value * 100) <= 0.5 * 10 ** -decimals + tolerance * 100 + 1e-9;
}

/** The production day (yyyy-LL-dd) an instant belongs to in a factory's calendar. */
export function productionDay(instant: number, factory: Factory): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: factory.timezone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  if (Number(parts.hour) * 60 + Number(parts.minute) >= factory.production_day_minutes_from_midnight) return date;
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** The production days a window [start, end) covers: what an export of it asks for. */
export function windowDates(start: string, end: string, factory: Factory): { startDate: string; endDate: string } {
  const s = Date.parse(start);
  return { startDate: productionDay(s, factory), endDate: productionDay(Math.max(s, Date.parse(end) - 1), factory) };
}
