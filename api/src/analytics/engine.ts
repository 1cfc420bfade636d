/**
 * The analytics calls: validation of units and windows, reads, and the arithmetic of docs/domain.md §6
 * (sum first, divide last; N/D as null).
 */
import type { Db } from '../db/db.ts';
import { listCustomPeriods } from '../db/custom-periods.ts';
import { apiError, errors } from '../errors.ts';
import {
  kpisOf as kpisFromTotals,
  ERROR_CODES,
  precedingPeriods,
  productionDayOf,
  PRECEDING_PERIODS,
  bucketStartDay,
  TOP_CAUSES,
  type CustomPeriod,
  type DowntimeMeasures,
  type DowntimeType,
  type FactoryCalendar,
  type KpiGroupRequest,
  type Kpis,
  type Interval,
  type Month,
  type WeekDay,
} from '@linepulse/contracts';
import { DateTime } from 'luxon';
import { ALL_UNITS, groupStored, prepareRead, prepareUnits, readSums, zeroSums, addSums, type PreparedRead, type PreparedUnits, type Sums } from './query.ts';
import { bucketsOf, resolveInterval, resolveWindow, type Window, type WindowRequest } from './window.ts';
import { sharedRead } from './shared-reads.ts';

export interface UnitInfo {
  id: string;
  name: string;
  factory_id: string;
  cost_per_hour: number | null;
}

export interface FactoryInfo {
  id: string;
  name: string;
  currency: string;
  calendar: FactoryCalendar;
}

/** The units of the account (every id must belong to it) and their factories. */
export async function resolveUnits(db: Db, accountId: string, unitIds: readonly string[] | undefined): Promise<{ units: UnitInfo[]; factories: Map<string, FactoryInfo> }> {
  if (!unitIds || unitIds.length === 0) throw apiError(400, ERROR_CODES.analyticsUnitsRequired, 'Select at least one production unit.');
  const ids = [...new Set(unitIds)];
  const units = await sharedRead(db, accountId, null, ['units', ids], () =>
    db.query<UnitInfo>(`SELECT id, name, factory_id, cost_per_hour FROM production_units WHERE account_id = $1 AND id = ANY($2::uuid[]) ORDER BY sort_order, name`, [accountId, ids]),
  );
  if (units.length !== ids.length) {
    const missing = ids.find((id) => !units.some((u) => u.id === id))!;
    throw apiError(404, ERROR_CODES.analyticsUnitNotFound, 'Production unit not found.', { id: missing });
  }
  const byInput = ids.map((id) => units.find((u) => u.id === id)!);
  return { units: byInput, factories: await loadFactories(db, accountId, [...new Set(units.map((u) => u.factory_id))]) };
}

export async function loadFactories(db: Db, accountId: string, ids: readonly string[]): Promise<Map<string, FactoryInfo>> {
  const rows = await sharedRead(db, accountId, null, ['factories', ids], () =>
    db.query<{ id: string; name: string; currency: string; timezone: string; production_day_minutes_from_midnight: number; week_first_day: string; year_first_month: string }>(
      `SELECT id, name, currency, timezone, production_day_minutes_from_midnight, week_first_day, year_first_month
         FROM factories WHERE account_id = $1 AND id = ANY($2::uuid[])`,
      [accountId, ids],
    ),
  );
  return new Map(rows.map((f) => [f.id, {
    id: f.id, name: f.name, currency: f.currency,
    calendar: { timezone: f.timezone, production_day_minutes_from_midnight: f.production_day_minutes_from_midnight, week_first_day: f.week_first_day as WeekDay, year_first_month: f.year_first_month as Month },
  }]));
}

/** Indicators from summed times and counts. `downtimeTypes` limits the downtime durations reported. */
export function kpisOf(s: Sums, calendarMs: number, downtimeTypes?: readonly DowntimeType[]): Kpis {
  const totals = {
    calendar_ms: calendarMs, scheduled_ms: s.scheduled_ms, planned_downtime_ms: s.planned_ms,
    unplanned_downtime_ms: s.unplanned_ms, unjustified_downtime_ms: s.unjustified_ms,
    good: s.good, rejected: s.rejected, ideal_production_ms: s.ideal_ms,
  };
  return kpisFromTotals(totals, s.occurrences, downtimeTypes);
}

export interface AnalyticsBody extends WindowRequest {
  production_unit_ids?: string[];
  interval?: Interval;
  work_shift_ids?: string[];
  product_ids?: string[];
}

interface Scope {
  units: UnitInfo[];
  factories: Map<string, FactoryInfo>;
  customPeriods: CustomPeriod[];
  now: number;
}

/** The account's custom periods (they resolve the custom-period time options). */
function customPeriodsOf(db: Db, accountId: string): Promise<CustomPeriod[]> {
  return sharedRead(db, accountId, null, ['custom-periods'], () => listCustomPeriods(db, accountId));
}

async function scopeOf(db: Db, accountId: string, body: AnalyticsBody, now: number): Promise<Scope> {
  const [{ units, factories }, customPeriods] = await Promise.all([resolveUnits(db, accountId, body.production_unit_ids), customPeriodsOf(db, accountId)]);
  return { units, factories, customPeriods, now };
}

/** Windows per factory (each follows its own calendar); validated once per factory. */
function windowsOf(scope: Scope, body: AnalyticsBody): Map<string, Window> {
  const out = new Map<string, Window>();
  for (const f of scope.factories.values()) out.set(f.id, resolveWindow(body, f.calendar, scope.now, scope.customPeriods));
  return out;
}

export function measuresOf(s: Sums): DowntimeMeasures {
  const total = s.planned_ms + s.unplanned_ms + s.unjustified_ms;
  const uptime = s.scheduled_ms - total;
  const ppt = s.scheduled_ms - s.planned_ms;
  return {
    availability_rate: ppt > 0 ? (uptime / ppt) * 100 : null,
    downtime_occurrences: s.occurrences,
    total,
    planned: s.planned_ms,
    unplanned: s.unplanned_ms,
    unjustified: s.unjustified_ms,
    in_production: s.scheduled_ms,
    uptime,
  };
}

/** POST /production-units/downtimes-info */
export async function downtimesInfo(db: Db, accountId: string, body: AnalyticsBody, now = Date.now()) {
  const scope = await scopeOf(db, accountId, body, now);
  const windows = windowsOf(scope, body);
  const result = new Map<string, Sums>();
  for (const [factoryId, w] of windows) {
    const unitIds = scope.units.filter((u) => u.factory_id === factoryId).map((u) => u.id);
    const r = await readSums(db, { accountId, unitIds, start: w.start, end: w.end, keyBy: 'none', now, shiftIds: body.work_shift_ids ?? null, productIds: body.product_ids ?? null });
    for (const id of unitIds) result.set(id, r.sums.get(id)?.get('') ?? zeroSums());
  }
  return scope.units.map((u) => ({ production_unit_id: u.id, production_unit_name: u.name, ...measuresOf(result.get(u.id) ?? zeroSums()) }));
}

/** POST /production-units/downtimes-info-interval */
export async function downtimesInfoInterval(db: Db, accountId: string, body: AnalyticsBody, now = Date.now()) {
  const scope = await scopeOf(db, accountId, body, now);
  const windows = windowsOf(scope, body);
  const perUnit = new Map<string, ({ start_time: string; end_time: string } & DowntimeMeasures)[]>();
  for (const [factoryId, w] of windows) {
    const calendar = scope.factories.get(factoryId)!.calendar;
    const interval = resolveInterval(body.interval, w, calendar);
    const unitIds = scope.units.filter((u) => u.factory_id === factoryId).map((u) => u.id);
    const series = await intervalSums(db, accountId, unitIds, w, interval, calendar, now, { shiftIds: body.work_shift_ids ?? null, productIds: body.product_ids ?? null });
    // Bucket times are the same for every unit: formatted once (a heatmap has 336 per unit).
    const times = series.buckets.map((b) => ({ key: b.key, start_time: new Date(b.start).toISOString(), end_time: new Date(b.end).toISOString() }));
    const zero = zeroSums();
    for (const id of unitIds) {
      const sums = series.sums.get(id);
      perUnit.set(id, times.map((b) => ({ start_time: b.start_time, end_time: b.end_time, ...measuresOf(sums?.get(b.key) ?? zero) })));
    }
  }
  return scope.units.map((u) => ({ production_unit_id: u.id, production_unit_name: u.name, downtimes_per_interval: perUnit.get(u.id) ?? [] }));
}

/** Sums per unit per interval bucket (keyed by Bucket.key). */
export async function intervalSums(
  db: Db, accountId: string, unitIds: readonly string[], w: { start: number; end: number }, interval: Interval,
  calendar: FactoryCalendar, now: number, filter: { shiftIds: readonly string[] | null; productIds: readonly string[] | null; prepared?: PreparedUnits }, sumUnits = false,
) {
  const buckets = bucketsOf(interval, w, calendar);
  const r = await readSums(db, { accountId, unitIds, start: w.start, end: w.end, keyBy: interval === 'hour' ? 'hour' : 'day', now, sumUnits, ...filter });
  if (interval === 'hour' || interval === 'day') return { buckets, sums: r.sums };
  const sums = new Map<string, Map<string, Sums>>();
  for (const [unitId, byDay] of r.sums) {
    const m = new Map<string, Sums>();
    for (const [day, s] of byDay) {
      const key = bucketStartDay(interval, day, calendar);
      if (!m.has(key)) m.set(key, zeroSums());
      addSums(m.get(key)!, s);
    }
    sums.set(unitId, m);
  }
  return { buckets, sums };
}

export interface KpisBody extends WindowRequest {
  groups?: KpiGroupRequest[];
  interval?: Interval;
  preceding_periods?: boolean;
}

/** POST /kpis/by-groups */
export async function kpisByGroups(db: Db, accountId: string, body: KpisBody, now = Date.now()) {
  if (!body.groups || body.groups.length === 0) throw apiError(400, ERROR_CODES.analyticsGroupsRequired, 'At least one group is required.');
  const groups = body.groups;
  for (const g of groups) {
    if (!g.production_unit_ids || g.production_unit_ids.length === 0) throw apiError(400, ERROR_CODES.analyticsUnitsRequired, 'Select at least one production unit.');
  }
  // Every group's units and factory in two queries (a company view has one group per factory).
  const [customPeriods, { units: allUnits }, factories] = await Promise.all([
    customPeriodsOf(db, accountId),
    resolveUnits(db, accountId, groups.flatMap((g) => g.production_unit_ids)),
    loadFactories(db, accountId, [...new Set(groups.map((g) => g.factory_id))]),
  ]);
  const unitById = new Map(allUnits.map((u) => [u.id, u]));
  const prepared = groups.map((g) => {
    const factory = factories.get(g.factory_id);
    if (!factory) throw errors.factoryNotFound(g.factory_id);
    const units = [...new Set(g.production_unit_ids)].map((id) => unitById.get(id)!);
    const foreign = units.find((u) => u.factory_id !== g.factory_id);
    if (foreign) throw apiError(404, ERROR_CODES.analyticsUnitNotFound, 'Production unit not found in this factory.', { id: foreign.id });
    const w = resolveWindow(body, factory.calendar, now, customPeriods);
    const interval = body.interval ? resolveInterval(body.interval, w, factory.calendar) : null;
    // Preceding periods end where the window starts: the reads reach back to the earliest of them.
    const from = body.preceding_periods
      ? Math.min(w.start, ...precedingPeriods(w.option, { start: DateTime.fromMillis(w.start), end: DateTime.fromMillis(w.end) }, factory.calendar, PRECEDING_PERIODS).map((p) => p.start.toMillis()))
      : w.start;
    return { g, factory, units, w, interval, from };
  });
  // Freshness and unit setups for every group at once.
  const units = await prepareUnits(db, accountId, allUnits.map((u) => u.id), Math.min(...prepared.map((p) => p.from)), Math.max(...prepared.map((p) => p.w.end)), now);
  // Groups are independent: the pg pool reads them side by side (PGlite serialises them).
  const out = await Promise.all(prepared.map(async ({ g, factory, units: groupUnits, w, interval }) => {
    const calendar = factory.calendar;
    const unitIds = groupUnits.map((u) => u.id);
    const filter = { shiftIds: g.work_shift_ids ?? null, productIds: g.product_ids ?? null, prepared: units };
    const total = async (win: { start: number; end: number }): Promise<Kpis> => {
      const r = await readSums(db, { accountId, unitIds, start: win.start, end: win.end, keyBy: 'none', now, sumUnits: true, ...filter });
      const s = zeroSums();
      addSums(s, r.sums.get(ALL_UNITS)?.get('') ?? {});
      return kpisOf(s, (win.end - win.start) * unitIds.length, g.downtime_types);
    };
    const entry: Record<string, unknown> = {
      name: g.name,
      factory_id: g.factory_id,
      start_time: new Date(w.start).toISOString(),
      end_time: new Date(w.end).toISOString(),
    };
    if (interval) {
      // The buckets partition the window: the total is their sum (one read instead of two).
      const series = await intervalSums(db, accountId, unitIds, w, interval, calendar, now, filter, true);
      const all = zeroSums();
      const intervals = series.buckets.map((b) => {
        const s = zeroSums();
        addSums(s, series.sums.get(ALL_UNITS)?.get(b.key) ?? {});
        addSums(all, s);
        return { start_time: new Date(b.start).toISOString(), end_time: new Date(b.end).toISOString(), ...kpisOf(s, (b.end - b.start) * unitIds.length, g.downtime_types) };
      });
      entry.total = kpisOf(all, (w.end - w.start) * unitIds.length, g.downtime_types);
      entry.interval = interval;
      entry.intervals = intervals;
    } else {
      entry.total = await total(w);
    }
    if (body.preceding_periods) {
      // Preceding periods are whole production days: one day-keyed read covers all eleven.
      const tw = { start: DateTime.fromMillis(w.start), end: DateTime.fromMillis(w.end) };
      const periods = precedingPeriods(w.option, tw, calendar, PRECEDING_PERIODS).reverse().map((p) => ({ start: p.start.toMillis(), end: p.end.toMillis() }));
      const span = { start: Math.min(...periods.map((p) => p.start)), end: Math.max(...periods.map((p) => p.end)) };
      const r = await readSums(db, { accountId, unitIds, start: span.start, end: span.end, keyBy: 'day', now, sumUnits: true, ...filter });
      entry.preceding_periods = periods.map((p) => {
        const first = productionDayOf(DateTime.fromMillis(p.start), calendar);
        const last = productionDayOf(DateTime.fromMillis(p.end - 1), calendar);
        const s = zeroSums();
        for (const [day, v] of r.sums.get(ALL_UNITS) ?? []) if (day >= first && day <= last) addSums(s, v);
        return { start_time: new Date(p.start).toISOString(), end_time: new Date(p.end).toISOString(), ...kpisOf(s, (p.end - p.start) * unitIds.length, g.downtime_types) };
      });
    }
    return entry;
  }));
  return { groups: out };
}

interface ReasonRow {
  id: string;
  name: string;
  category: string;
  is_planned: boolean;
}

/** Justified time per reason (ms) over the window, from stored reason slices and on-the-fly edges. */
async function reasonTimes(db: Db, accountId: string, scope: Scope, body: AnalyticsBody, prepared: Map<string, PreparedRead> = new Map()): Promise<Map<string, number>> {
  const windows = windowsOf(scope, body);
  const out = new Map<string, number>();
  const add = (id: string, v: number): void => {
    out.set(id, (out.get(id) ?? 0) + v);
  };
  const matches = (shiftId: string | null, productId: string | null): boolean =>
    (!body.work_shift_ids || (shiftId !== null && body.work_shift_ids.includes(shiftId))) && (!body.product_ids || (productId !== null && body.product_ids.includes(productId)));
  for (const [factoryId, w] of windows) {
    const unitIds = scope.units.filter((u) => u.factory_id === factoryId).map((u) => u.id);
    const r = prepared.get(factoryId) ?? (await prepareRead(db, accountId, unitIds, w.start, w.end, scope.now));
    for (const l of r.live) for (const s of l.slices) if (matches(s.shiftId, s.productId)) for (const [id, v] of s.reasons) add(id, v);
    for (const g of groupStored(r.stored)) {
      const params: unknown[] = [accountId, g.unitIds, new Date(g.from).toISOString(), new Date(g.to).toISOString()];
      const filters: string[] = [];
      if (body.work_shift_ids) {
        params.push(body.work_shift_ids);
        filters.push(`work_shift_id = ANY($${params.length}::uuid[])`);
      }
      if (body.product_ids) {
        params.push(body.product_ids);
        filters.push(`product_id = ANY($${params.length}::uuid[])`);
      }
      const rows = await db.query<{ downtime_reason_id: string; ms: number }>(
        `SELECT downtime_reason_id, sum(duration_ms) AS ms FROM rollup_reason_slices
          WHERE account_id = $1 AND production_unit_id = ANY($2::uuid[]) AND slice_start >= $3 AND slice_start < $4 AND slice_end <= $4
          ${filters.length ? `AND ${filters.join(' AND ')}` : ''} GROUP BY 1`,
        params,
      );
      for (const row of rows) add(row.downtime_reason_id, Number(row.ms));
    }
  }
  return out;
}

async function reasonRows(db: Db, accountId: string, ids: readonly string[]): Promise<Map<string, ReasonRow>> {
  const rows = await db.query<ReasonRow>('SELECT id, name, category, is_planned FROM downtime_reasons WHERE account_id = $1 AND id = ANY($2::uuid[])', [accountId, ids]);
  return new Map(rows.map((r) => [r.id, r]));
}

/** POST /top-downtime-reasons: top N planned and top N unplanned reasons by justified time. */
export async function topDowntimeReasons(db: Db, accountId: string, body: AnalyticsBody & { limit?: number }, now = Date.now()) {
  const scope = await scopeOf(db, accountId, body, now);
  const times = await reasonTimes(db, accountId, scope, body);
  const reasons = await reasonRows(db, accountId, [...times.keys()]);
  const limit = body.limit ?? TOP_CAUSES;
  const list = [...times].filter(([, v]) => v > 0).map(([id, v]) => ({ reason: reasons.get(id)!, ms: v })).filter((x) => x.reason);
  const top = (planned: boolean) => list.filter((x) => x.reason.is_planned === planned).sort((a, b) => b.ms - a.ms || a.reason.name.localeCompare(b.reason.name)).slice(0, limit);
  return [...top(true), ...top(false)].map((x) => ({
    downtime_reason_id: x.reason.id,
    downtime_reason: x.reason.name,
    category: x.reason.category,
    is_planned: x.reason.is_planned,
    total_downtime_duration_seconds: x.ms / 1000,
  }));
}

/** POST v2/production-units/downtimes-summary */
export async function downtimesSummary(db: Db, accountId: string, body: AnalyticsBody & { limit?: number }, now = Date.now()) {
  const scope = await scopeOf(db, accountId, body, now);
  const windows = windowsOf(scope, body);
  const counts = { planned: 0, unplanned: 0, unjustified: 0, mixed: 0, partially_justified: 0 };
  const prepared = new Map<string, PreparedRead>();
  for (const [factoryId, w] of windows) {
    const unitIds = scope.units.filter((u) => u.factory_id === factoryId).map((u) => u.id);
    const r = await prepareRead(db, accountId, unitIds, w.start, w.end, now);
    prepared.set(factoryId, r);
    const matches = (shiftId: string | null, productId: string | null): boolean =>
      (!body.work_shift_ids || (shiftId !== null && body.work_shift_ids.includes(shiftId))) && (!body.product_ids || (productId !== null && body.product_ids.includes(productId)));
    for (const l of r.live) for (const d of l.downtimes) if (d.inSchedule && matches(d.shiftId, d.productId)) counts[d.justificationType] += 1;
    for (const g of groupStored(r.stored)) {
      const rows = await db.query<{ justification_type: keyof typeof counts; work_shift_id: string | null; product_id: string | null; n: number }>(
        `SELECT justification_type, work_shift_id, product_id, count(*) AS n FROM derived_downtimes
          WHERE account_id = $1 AND production_unit_id = ANY($2::uuid[]) AND start_at >= $3 AND start_at < $4 AND in_schedule GROUP BY 1, 2, 3`,
        [accountId, g.unitIds, new Date(g.from).toISOString(), new Date(g.to).toISOString()],
      );
      for (const row of rows) if (matches(row.work_shift_id, row.product_id)) counts[row.justification_type] += Number(row.n);
    }
  }
  const times = await reasonTimes(db, accountId, scope, body, prepared);
  const reasons = await reasonRows(db, accountId, [...times.keys()]);
  const limit = body.limit ?? TOP_CAUSES;
  const unplanned = [...times]
    .map(([id, v]) => ({ reason: reasons.get(id), ms: v }))
    .filter((x): x is { reason: ReasonRow; ms: number } => !!x.reason && !x.reason.is_planned && x.ms > 0)
    .sort((a, b) => b.ms - a.ms || a.reason.name.localeCompare(b.reason.name))
    .slice(0, limit)
    .map((x) => ({ downtime_reason_id: x.reason.id, downtime_reason: x.reason.name, category: x.reason.category, total_downtime_duration_seconds: x.ms / 1000 }));
  const categories = new Map<string, { ms: number; is_planned: boolean }>();
  for (const [id, v] of times) {
    const reason = reasons.get(id);
    if (!reason || v <= 0) continue;
    const c = categories.get(reason.category) ?? { ms: 0, is_planned: reason.is_planned };
    c.ms += v;
    categories.set(reason.category, c);
  }
  const top_downtime_categories = [...categories]
    .sort((a, b) => b[1].ms - a[1].ms || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([category, c]) => ({ category, total_downtime_duration_seconds: c.ms / 1000 }));
  return { justification_type_count_summary: counts, top_unplanned_downtimes: unplanned, top_downtime_categories };
}
