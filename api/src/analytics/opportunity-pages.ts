/**
 * The performance-manager pages (issue 14): one unit's opportunities of one kind over a window, with the
 * summary, distribution, trend and breakdowns; their occurrences page by page; the per-unit targets.
 * Occurrences and targets are those of the company overview (opportunity-occurrences.ts), so the
 * page's potential gain is the overview's for the same unit, kind and window.
 */
import { DateTime } from 'luxon';
import { durationStats, ERROR_CODES, PRECEDING_PERIODS, precedingPeriods, type OpportunityKindName, type OpportunitySort } from '@linepulse/contracts';
import type { Db } from '../db/db.ts';
import { listCustomPeriods } from '../db/custom-periods.ts';
import { apiError, errors } from '../errors.ts';
import { loadFactories, type FactoryInfo } from './engine.ts';
import { loadUnitContexts, type UnitContext } from './facts.ts';
import { checkWindowDays, OPPORTUNITIES_MAX_DAYS } from './limits.ts';
import {
  applyTargets,
  excessUnits,
  HOUR,
  iso,
  storedTargets,
  unitOccurrences,
  type Occurrence,
  type ReasonInfo,
  type TargetSource,
} from './opportunity-occurrences.ts';
import { ensureFresh } from './rollups.ts';
import { resolveWindow, type Window, type WindowRequest } from './window.ts';

export interface UnitRequest extends WindowRequest {
  factory_id: string;
  production_unit_id: string;
  kind: OpportunityKindName;
  downtime_reason_id?: string;
}

export interface OccurrencesRequest extends UnitRequest {
  sort?: OpportunitySort;
  direction?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

interface Scope {
  factory: FactoryInfo;
  ctx: UnitContext;
  window: Window;
  reasonById: Map<string, ReasonInfo>;
  stored: number | undefined;
}

/** Checks the ids against the caller's account (404 for another account's) and resolves the window. */
async function scopeOf(db: Db, accountId: string, body: UnitRequest, now: number): Promise<Scope> {
  if (body.downtime_reason_id !== undefined && body.kind !== 'planned_downtime_above_target') {
    throw apiError(400, ERROR_CODES.opportunityReasonOnlyPlanned, 'downtime_reason_id applies to planned_downtime_above_target only.', { field: 'downtime_reason_id' });
  }
  // Every read at once (each is scoped to the account and checked below, factory first): a page's call
  // pays one round trip for its setup, not seven.
  const [factories, unit, reasons, customPeriods, contexts, targets] = await Promise.all([
    loadFactories(db, accountId, [body.factory_id]),
    db.query<{ id: string }>('SELECT id FROM production_units WHERE account_id = $1 AND factory_id = $2 AND id = $3', [accountId, body.factory_id, body.production_unit_id]),
    db.query<ReasonInfo>('SELECT id, name, target_seconds, is_planned FROM downtime_reasons WHERE account_id = $1 AND factory_id = $2', [accountId, body.factory_id]),
    listCustomPeriods(db, accountId),
    loadUnitContexts(db, accountId, [body.production_unit_id]),
    storedTargets(db, accountId, [body.production_unit_id]),
  ]);
  const factory = factories.get(body.factory_id);
  if (!factory) throw errors.factoryNotFound(body.factory_id);
  const ctx = contexts.get(body.production_unit_id);
  if (unit.length === 0 || !ctx) throw apiError(404, ERROR_CODES.analyticsUnitNotFound, 'Production unit not found.', { id: body.production_unit_id });
  const reasonById = new Map(reasons.map((r) => [r.id, r]));
  if (body.downtime_reason_id !== undefined) {
    const reason = reasonById.get(body.downtime_reason_id);
    if (!reason?.is_planned || !reason.target_seconds) {
      throw apiError(404, ERROR_CODES.opportunityReasonNotFound, 'No planned reason with a target has this id in this factory.', { id: body.downtime_reason_id });
    }
  }
  const window = resolveWindow(body, factory.calendar, now, customPeriods);
  checkWindowDays(window.end - window.start, OPPORTUNITIES_MAX_DAYS);
  const stored = body.kind === 'planned_downtime_above_target' ? undefined : targets.get(`${ctx.unitId}|${body.kind}`);
  return { factory, ctx, window, reasonById, stored };
}

async function occurrencesOver(db: Db, s: Scope, body: UnitRequest, span: { start: number; end: number }, now: number, withReasons: boolean): Promise<Occurrence[]> {
  await ensureFresh(db, s.ctx.accountId, [s.ctx.unitId], span.end, now, span.start);
  return unitOccurrences(db, s.ctx, span, now, s.reasonById, new Set([body.kind]), { reasonId: body.downtime_reason_id, withReasons });
}

/**
 * Names of the shifts, products and reasons an answer refers to: every reason of the factory, since an
 * occurrence's downtimes carry the unplanned reasons justifying them, not only the planned reasons with
 * a target that the fourth kind is about (their ids were shown instead of their names).
 */
async function namesOf(db: Db, accountId: string, factoryId: string, reasonById: ReadonlyMap<string, ReasonInfo>) {
  const [shifts, products] = await Promise.all([
    db.query<{ id: string; name: string }>('SELECT id, name FROM work_shifts WHERE account_id = $1 AND factory_id = $2', [accountId, factoryId]),
    db.query<{ id: string; name: string }>('SELECT id, name FROM products WHERE account_id = $1 AND factory_id = $2', [accountId, factoryId]),
  ]);
  return {
    shifts: Object.fromEntries(shifts.map((r) => [r.id, r.name])),
    products: Object.fromEntries(products.map((r) => [r.id, r.name])),
    reasons: Object.fromEntries([...reasonById.values()].map((r) => [r.id, r.name])),
  };
}

interface LossSums {
  occurrences: number;
  lost_ms: number;
  mean_ms: number | null;
  excess_ms: number;
}

function sumsOf(list: readonly Occurrence[]): LossSums {
  const lost = list.reduce((s, o) => s + o.lostMs, 0);
  return { occurrences: list.length, lost_ms: lost, mean_ms: list.length ? Math.round(lost / list.length) : null, excess_ms: list.reduce((s, o) => s + o.excessMs, 0) };
}

function money(hours: number, ctx: UnitContext, factory: FactoryInfo): { amount: number; currency: string }[] {
  return ctx.costPerHour === null ? [] : [{ amount: hours * ctx.costPerHour, currency: factory.currency }];
}

type Breakdown = { by: 'shift_pair' | 'weekday' | 'shift' | 'product_pair' | 'reason'; rows: ({ keys: string[] } & LossSums)[] };

function breakdown(by: Breakdown['by'], list: readonly Occurrence[], keysOf: (o: Occurrence) => string[]): Breakdown {
  const groups = new Map<string, { keys: string[]; list: Occurrence[] }>();
  for (const o of list) {
    const keys = keysOf(o);
    const key = keys.join('|');
    const g = groups.get(key) ?? { keys, list: [] };
    g.list.push(o);
    groups.set(key, g);
  }
  const rows = [...groups.values()].map((g) => ({ keys: g.keys, ...sumsOf(g.list) }));
  return { by, rows: rows.sort((a, b) => b.lost_ms - a.lost_ms || a.keys.join().localeCompare(b.keys.join())) };
}

function breakdownsOf(kind: OpportunityKindName, list: readonly Occurrence[], zone: string): Breakdown[] {
  const shift = (o: Occurrence): string[] => [o.shiftId ?? ''];
  switch (kind) {
    case 'shift_changes':
      return [breakdown('shift_pair', list, (o) => [o.fromShiftId ?? '', o.shiftId ?? ''])];
    case 'line_starts':
      return [breakdown('weekday', list, (o) => [String(DateTime.fromMillis(o.at, { zone }).weekday)]), breakdown('shift', list, shift)];
    case 'product_changes':
      return [breakdown('product_pair', list, (o) => [o.fromProductId ?? '', o.toProductId ?? ''])];
    case 'planned_downtime_above_target':
      return [breakdown('reason', list, (o) => [o.reasonId ?? '']), breakdown('shift', list, shift)];
  }
}

/** Summary, distribution, trend (the window and the 11 before, against the same target) and breakdowns. */
export async function opportunityUnit(db: Db, accountId: string, financial: boolean, body: UnitRequest, now = Date.now()) {
  const s = await scopeOf(db, accountId, body, now);
  const w = s.window;
  const tw = { start: DateTime.fromMillis(w.start), end: DateTime.fromMillis(w.end) };
  const periods = [
    ...precedingPeriods(w.option, tw, s.factory.calendar, PRECEDING_PERIODS).map((p) => ({ start: p.start.toMillis(), end: p.end.toMillis() })).reverse(),
    { start: w.start, end: w.end },
  ];
  const spanStart = Math.min(...periods.map((p) => p.start));
  // One read over the twelve periods; the window's own occurrences set the median target.
  const [all, names] = await Promise.all([occurrencesOver(db, s, body, { start: spanStart, end: w.end }, now, false), namesOf(db, accountId, s.factory.id, s.reasonById)]);
  const inWindow = all.filter((o) => o.at >= w.start && o.at < w.end);
  const { targetMs, source } = applyTargets(all, body.kind, s.stored, s.reasonById, inWindow);
  let target: { ms: number | null; source: TargetSource | null } = { ms: targetMs, source };
  if (body.kind === 'planned_downtime_above_target' && body.downtime_reason_id) {
    target = { ms: (s.reasonById.get(body.downtime_reason_id)?.target_seconds ?? 0) * 1000, source: 'reason' };
  }
  // Percentiles and bins as the downtime durations' (nearest rank, nice widths; product §9).
  const stats = durationStats(inWindow.map((o) => o.lostMs));
  const sums = sumsOf(inWindow);
  const gainHours = sums.excess_ms / HOUR;
  return {
    start_time: iso(w.start),
    end_time: iso(w.end),
    timezone: s.factory.calendar.timezone,
    summary: {
      ...sums,
      above_target: inWindow.filter((o) => o.excessMs > 0).length,
      median_ms: stats.median_ms,
      p90_ms: stats.p90_ms,
      p95_ms: stats.p95_ms,
      target_ms: target.ms,
      target_source: target.source,
      gain_hours: gainHours,
      gain_units: inWindow.reduce((t, o) => t + excessUnits(o), 0),
      ...(financial ? { gain_currency: money(gainHours, s.ctx, s.factory) } : {}),
    },
    distribution: stats.bins,
    trend: periods.map((p) => ({ start_time: iso(p.start), end_time: iso(p.end), ...sumsOf(all.filter((o) => o.at >= p.start && o.at < p.end)) })),
    breakdowns: breakdownsOf(body.kind, inWindow, s.factory.calendar.timezone),
    names,
  };
}

const SORTS: Record<OpportunitySort, (o: Occurrence) => number> = { at: (o) => o.at, lost: (o) => o.lostMs, excess: (o) => o.excessMs };

/** One page of the window's occurrences, sorted (ties by time), with the figures of each. */
export async function opportunityOccurrences(db: Db, accountId: string, financial: boolean, body: OccurrencesRequest, now = Date.now()) {
  const s = await scopeOf(db, accountId, body, now);
  const [list, names] = await Promise.all([occurrencesOver(db, s, body, s.window, now, true), namesOf(db, accountId, s.factory.id, s.reasonById)]);
  applyTargets(list, body.kind, s.stored, s.reasonById);
  const key = SORTS[body.sort ?? 'at'];
  const sign = (body.direction ?? (body.sort && body.sort !== 'at' ? 'desc' : 'asc')) === 'asc' ? 1 : -1;
  list.sort((a, b) => sign * (key(a) - key(b)) || a.at - b.at);
  const limit = body.limit ?? 50;
  const offset = body.offset ?? 0;
  const page = list.slice(offset, offset + limit);
  return {
    occurrences: page.map((o) => ({
      at: iso(o.at),
      work_shift_id: o.shiftId,
      ...(o.fromShiftId ? { from_work_shift_id: o.fromShiftId } : {}),
      ...(o.fromProductId ? { from_product_id: o.fromProductId, to_product_id: o.toProductId } : {}),
      ...(o.reasonId ? { downtime_reason_id: o.reasonId } : {}),
      downtimes: o.parts.map((x) => ({
        start_time: iso(x.d.start),
        end_time: iso(x.d.end),
        lost_ms: x.ms,
        reason_ids: Object.keys(x.d.reasons).filter((id) => x.d.reasons[id]! > 0),
      })),
      lost_ms: o.lostMs,
      target_ms: o.targetMs,
      excess_ms: o.excessMs,
      lost_units: o.lostUnits,
      ...(financial ? { lost_currency: money(o.lostMs / HOUR, s.ctx, s.factory) } : {}),
    })),
    occurrences_total: list.length,
    next_offset: offset + page.length < list.length ? offset + page.length : null,
    timezone: s.factory.calendar.timezone,
    names,
  };
}

/** The stored targets of a factory's units and its planned reasons with a target. */
export async function opportunityTargets(db: Db, accountId: string, factoryId: string, canEdit: boolean) {
  const factory = await db.query<{ id: string }>('SELECT id FROM factories WHERE account_id = $1 AND id = $2', [accountId, factoryId]);
  if (factory.length === 0) throw errors.factoryNotFound(factoryId);
  const [targets, reasons] = await Promise.all([
    db.query<{ production_unit_id: string; kind: 'shift_changes' | 'line_starts' | 'product_changes'; target_seconds: number }>(
      'SELECT production_unit_id, kind, target_seconds FROM opportunity_targets WHERE account_id = $1 AND factory_id = $2 ORDER BY production_unit_id, kind',
      [accountId, factoryId],
    ),
    db.query<{ id: string; name: string; target_seconds: number }>(
      'SELECT id, name, target_seconds FROM downtime_reasons WHERE account_id = $1 AND factory_id = $2 AND is_planned AND target_seconds IS NOT NULL ORDER BY name',
      [accountId, factoryId],
    ),
  ]);
  return {
    targets: targets.map((t) => ({ ...t, target_seconds: Number(t.target_seconds) })),
    planned_reasons: reasons.map((r) => ({ ...r, target_seconds: Number(r.target_seconds) })),
    can_edit: canEdit,
  };
}

/** Sets (or, with null, clears) one unit's target for one kind. */
export async function setOpportunityTarget(
  db: Db,
  accountId: string,
  userId: string,
  body: { factory_id: string; production_unit_id: string; kind: string; target_seconds: number | null },
): Promise<void> {
  const unit = await db.query<{ id: string }>('SELECT id FROM production_units WHERE account_id = $1 AND factory_id = $2 AND id = $3', [accountId, body.factory_id, body.production_unit_id]);
  if (unit.length === 0) {
    const factory = await db.query<{ id: string }>('SELECT id FROM factories WHERE account_id = $1 AND id = $2', [accountId, body.factory_id]);
    if (factory.length === 0) throw errors.factoryNotFound(body.factory_id);
    throw apiError(404, ERROR_CODES.analyticsUnitNotFound, 'Production unit not found.', { id: body.production_unit_id });
  }
  if (body.target_seconds === null) {
    await db.query('DELETE FROM opportunity_targets WHERE account_id = $1 AND production_unit_id = $2 AND kind = $3', [accountId, body.production_unit_id, body.kind]);
    return;
  }
  await db.query(
    `INSERT INTO opportunity_targets (account_id, factory_id, production_unit_id, kind, target_seconds, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (account_id, production_unit_id, kind) DO UPDATE SET target_seconds = EXCLUDED.target_seconds, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [accountId, body.factory_id, body.production_unit_id, body.kind, body.target_seconds, userId],
  );
}
