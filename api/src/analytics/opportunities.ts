/**
 * Opportunities of docs/domain.md §8 (performance manager): shift changes, line starts, product changes and
 * planned downtime above target, each occurrence with its downtimes and the potential gain in hours,
 * units (time × ideal rate) and, for financial users, currency (time × the unit's cost per hour).
 * Only unplanned and unjustified downtime inside scheduled time counts for the first three.
 */
import type { Db } from '../db/db.ts';
import { listCustomPeriods } from '../db/custom-periods.ts';
import { apiError, errors } from '../errors.ts';
import { ERROR_CODES } from '@linepulse/contracts';
import { shiftIntervals } from './derive.ts';
import { deriveSpan, loadUnitContexts, type UnitContext } from './facts.ts';
import { loadFactories, type FactoryInfo } from './engine.ts';
import { checkWindowDays, OPPORTUNITIES_MAX_DAYS, OPPORTUNITIES_PAGE_MAX } from './limits.ts';
import { livePartsOf } from './query.ts';
import { ensureFresh } from './rollups.ts';
import { resolveWindow, type WindowRequest } from './window.ts';

export interface OpportunitiesBody extends WindowRequest {
  factory_id?: string;
  /** Company scope: every factory of the account. */
  company?: boolean;
  production_unit_ids?: string[];
  /** Occurrences of each kind in this answer (0 = totals only; default and maximum OPPORTUNITIES_PAGE_MAX). */
  limit?: number;
  /** Occurrences of each kind skipped (the previous answer's next_offset). */
  offset?: number;
}

interface DowntimeRow {
  unitId: string;
  start: number;
  end: number;
  lost_ms: number;
  productId: string | null;
  reasons: Record<string, number>;
}

interface Gain {
  gain_hours: number;
  gain_units: number;
  gain_currency?: { amount: number; currency: string }[];
}

const HOUR = 3_600_000;
const iso = (t: number) => new Date(t).toISOString();

type Kind = 'shift_changes' | 'line_starts' | 'product_changes' | 'planned_downtime_above_target';
const KINDS: Kind[] = ['shift_changes', 'line_starts', 'product_changes', 'planned_downtime_above_target'];

export async function opportunities(db: Db, accountId: string, financial: boolean, body: OpportunitiesBody, now = Date.now()) {
  if (!body.factory_id && !body.company) throw apiError(400, ERROR_CODES.analyticsScopeRequired, 'Give a factory_id or company: true.');
  const factoryRows = await db.query<{ id: string }>(
    body.factory_id ? 'SELECT id FROM factories WHERE account_id = $1 AND id = $2' : 'SELECT id FROM factories WHERE account_id = $1',
    body.factory_id ? [accountId, body.factory_id] : [accountId],
  );
  if (body.factory_id && factoryRows.length === 0) throw errors.factoryNotFound(body.factory_id);
  const factories = await loadFactories(db, accountId, factoryRows.map((r) => r.id));
  const units = await db.query<{ id: string; name: string; factory_id: string; cost_per_hour: number | null }>(
    'SELECT id, name, factory_id, cost_per_hour FROM production_units WHERE account_id = $1 AND factory_id = ANY($2::uuid[]) ORDER BY sort_order, name',
    [accountId, [...factories.keys()]],
  );
  const selected = body.production_unit_ids ? units.filter((u) => body.production_unit_ids!.includes(u.id)) : units;
  if (body.production_unit_ids && selected.length !== new Set(body.production_unit_ids).size) {
    throw apiError(404, ERROR_CODES.analyticsUnitNotFound, 'Production unit not found.', {});
  }
  const customPeriods = await listCustomPeriods(db, accountId);
  const contexts = await loadUnitContexts(db, accountId, selected.map((u) => u.id));
  const result: Record<Kind, { occurrences: Record<string, unknown>[]; byUnit: Map<string, number> }> = {
    shift_changes: { occurrences: [], byUnit: new Map() },
    line_starts: { occurrences: [], byUnit: new Map() },
    product_changes: { occurrences: [], byUnit: new Map() },
    planned_downtime_above_target: { occurrences: [], byUnit: new Map() },
  };
  const unitGainMs = new Map<string, Map<Kind, { ms: number; units: number }>>();
  const reasons = await db.query<{ id: string; name: string; target_seconds: number | null; is_planned: boolean }>(
    'SELECT id, name, target_seconds, is_planned FROM downtime_reasons WHERE account_id = $1 AND factory_id = ANY($2::uuid[])',
    [accountId, [...factories.keys()]],
  );
  const reasonById = new Map(reasons.map((r) => [r.id, r]));
  let windowOut: { start: number; end: number } | null = null;

  for (const factory of factories.values()) {
    const fUnits = [...contexts.values()].filter((c) => c.factoryId === factory.id);
    if (fUnits.length === 0) continue;
    const w = resolveWindow(body, factory.calendar, now, customPeriods);
    checkWindowDays(w.end - w.start, OPPORTUNITIES_MAX_DAYS);
    windowOut ??= w;
    await ensureFresh(db, accountId, fUnits.map((c) => c.unitId), w.end, now);
    for (const ctx of fUnits) {
      const downtimes = await downtimesOf(db, ctx, w.start, w.end, now);
      const rateAt = (productId: string | null) => (productId ? ctx.setup.rates.get(productId) ?? 0 : 0);
      const record = (kind: Kind, at: number, extra: Record<string, unknown>, list: DowntimeRow[], lost: (d: DowntimeRow) => number) => {
        const parts = list.map((d) => ({ d, ms: lost(d) })).filter((x) => x.ms > 0);
        const ms = parts.reduce((s, x) => s + x.ms, 0);
        if (ms <= 0) return;
        const unitsGain = parts.reduce((s, x) => s + (x.ms / HOUR) * rateAt(x.d.productId), 0);
        result[kind].occurrences.push({
          production_unit_id: ctx.unitId, factory_id: factory.id, at: iso(at), ...extra,
          downtimes: parts.map((x) => ({ start_time: iso(x.d.start), end_time: iso(x.d.end), lost_ms: x.ms })),
          lost_ms: ms,
          ...gainOf(ms, unitsGain, ctx, factory, financial),
        });
        const m = unitGainMs.get(ctx.unitId) ?? new Map();
        const g = m.get(kind) ?? { ms: 0, units: 0 };
        g.ms += ms;
        g.units += unitsGain;
        m.set(kind, g);
        unitGainMs.set(ctx.unitId, m);
      };
      const overlapping = overlappingAt(downtimes);
      const shifts = shiftIntervals(ctx.setup, w.start, w.end);
      // Shift changes: one shift ends where the next begins.
      const ends = new Map<number, string>();
      for (const s of shifts) ends.set(s.end, s.shiftId);
      for (const s of shifts) {
        if (s.start < w.start || s.start >= w.end || !ends.has(s.start)) continue;
        record('shift_changes', s.start, { from_work_shift_id: ends.get(s.start), to_work_shift_id: s.shiftId }, overlapping(s.start), (d) => d.lost_ms);
      }
      // Line starts: a scheduled start after unscheduled time.
      const sorted = [...shifts].sort((a, b) => a.start - b.start);
      let reach = -Infinity;
      for (const s of sorted) {
        if (s.start > reach && s.start >= w.start && s.start < w.end) {
          record('line_starts', s.start, { work_shift_id: s.shiftId }, overlapping(s.start), (d) => d.lost_ms);
        }
        reach = Math.max(reach, s.end);
      }
      // Product changes.
      const runs = await db.query<{ at: string; product_id: string }>(
        `(SELECT at, product_id, event_id FROM product_run_events WHERE account_id = $1 AND production_unit_id = $2 AND at < $3 ORDER BY at DESC, event_id DESC LIMIT 1)
         UNION ALL
         (SELECT at, product_id, event_id FROM product_run_events WHERE account_id = $1 AND production_unit_id = $2 AND at >= $3 AND at < $4)
         ORDER BY at, event_id`,
        [accountId, ctx.unitId, iso(w.start), iso(w.end)],
      );
      for (let i = 1; i < runs.length; i += 1) {
        const prev = runs[i - 1]!;
        const cur = runs[i]!;
        const t = Date.parse(cur.at);
        if (prev.product_id === cur.product_id || t < w.start) continue;
        record('product_changes', t, { from_product_id: prev.product_id, to_product_id: cur.product_id }, overlapping(t), (d) => d.lost_ms);
      }
      // Planned downtime above target: each downtime starting in the window, per planned reason with a target.
      for (const d of downtimes) {
        if (d.start < w.start) continue;
        for (const [reasonId, ms] of Object.entries(d.reasons)) {
          const reason = reasonById.get(reasonId);
          if (!reason?.is_planned || !reason.target_seconds) continue;
          const beyond = ms - reason.target_seconds * 1000;
          if (beyond > 0) record('planned_downtime_above_target', d.start, { downtime_reason_id: reasonId, downtime_reason: reason.name, target_seconds: reason.target_seconds }, [d], () => beyond);
        }
      }
    }
  }

  // Planned downtime above target per line and reason: what a summary needs without every occurrence.
  const perReason = new Map<string, { production_unit_id: string; factory_id: string; downtime_reason_id: string; downtime_reason: string; lost_ms: number; units: number }>();
  for (const o of result.planned_downtime_above_target.occurrences) {
    const key = `${String(o.production_unit_id)}|${String(o.downtime_reason_id)}`;
    const r = perReason.get(key) ?? { production_unit_id: String(o.production_unit_id), factory_id: String(o.factory_id), downtime_reason_id: String(o.downtime_reason_id), downtime_reason: String(o.downtime_reason), lost_ms: 0, units: 0 };
    r.lost_ms += o.lost_ms as number;
    r.units += o.gain_units as number;
    perReason.set(key, r);
  }
  const limit = Math.min(body.limit ?? OPPORTUNITIES_PAGE_MAX, OPPORTUNITIES_PAGE_MAX);
  const offset = body.offset ?? 0;
  const unitInfo = new Map(selected.map((u) => [u.id, u]));
  const out: Record<string, unknown> = {
    start_time: windowOut ? iso(windowOut.start) : null,
    end_time: windowOut ? iso(windowOut.end) : null,
  };
  for (const kind of KINDS) {
    const perUnit = [...unitGainMs].filter(([, m]) => m.has(kind)).map(([unitId, m]) => {
      const g = m.get(kind)!;
      const ctx = contexts.get(unitId)!;
      const factory = factories.get(ctx.factoryId)!;
      return { production_unit_id: unitId, production_unit_name: unitInfo.get(unitId)!.name, factory_id: ctx.factoryId, lost_ms: g.ms, ...gainOf(g.ms, g.units, ctx, factory, financial) };
    });
    const perFactory = [...factories.values()].map((f) => {
      const list = perUnit.filter((u) => u.factory_id === f.id);
      return { factory_id: f.id, factory_name: f.name, ...sumGains(list, financial) };
    }).filter((f) => f.lost_ms > 0);
    // Pages in a stable order: by time, then line.
    const all = result[kind].occurrences.sort((a, b) => String(a.at).localeCompare(String(b.at)) || String(a.production_unit_id).localeCompare(String(b.production_unit_id)));
    const page = all.slice(offset, offset + limit);
    const entry: Record<string, unknown> = {
      occurrences: page,
      occurrences_total: all.length,
      next_offset: offset + page.length < all.length ? offset + page.length : null,
      per_unit: perUnit,
      per_factory: perFactory,
      company: sumGains(perUnit, financial),
    };
    if (kind === 'planned_downtime_above_target') {
      entry.per_reason = [...perReason.values()].map(({ units, ...r }) => {
        const ctx = contexts.get(r.production_unit_id)!;
        return { ...r, ...gainOf(r.lost_ms, units, ctx, factories.get(ctx.factoryId)!, financial) };
      });
    }
    out[kind] = entry;
  }
  return out;
}

function gainOf(ms: number, unitsGain: number, ctx: UnitContext, factory: FactoryInfo, financial: boolean): Gain {
  const g: Gain = { gain_hours: ms / HOUR, gain_units: unitsGain };
  if (financial) g.gain_currency = ctx.costPerHour === null ? [] : [{ amount: (ms / HOUR) * ctx.costPerHour, currency: factory.currency }];
  return g;
}

/** Sums of gains; currencies are kept apart (one entry per currency). */
function sumGains(list: ({ lost_ms: number } & Gain)[], financial: boolean): { lost_ms: number } & Gain {
  const total: { lost_ms: number } & Gain = { lost_ms: 0, gain_hours: 0, gain_units: 0 };
  const currencies = new Map<string, number>();
  for (const g of list) {
    total.lost_ms += g.lost_ms;
    total.gain_hours += g.gain_hours;
    total.gain_units += g.gain_units;
    for (const c of g.gain_currency ?? []) currencies.set(c.currency, (currencies.get(c.currency) ?? 0) + c.amount);
  }
  if (financial) total.gain_currency = [...currencies].map(([currency, amount]) => ({ currency, amount }));
  return total;
}

/** Downtimes overlapping [start, end): stored ones and those derived on the fly after the stored coverage. */
async function downtimesOf(db: Db, ctx: UnitContext, start: number, end: number, now: number): Promise<DowntimeRow[]> {
  const rows = await db.query<{ start_at: string; end_at: string; unplanned_ms: number; unjustified_ms: number; product_id: string | null; reasons: Record<string, number> | string }>(
    `SELECT start_at, end_at, unplanned_ms, unjustified_ms, product_id, reasons FROM derived_downtimes
      WHERE account_id = $1 AND production_unit_id = $2 AND start_at < $4 AND end_at > $3 ORDER BY start_at`,
    [ctx.accountId, ctx.unitId, iso(start), iso(end)],
  );
  const out: DowntimeRow[] = rows.map((r) => ({
    unitId: ctx.unitId, start: Date.parse(r.start_at), end: Date.parse(r.end_at),
    lost_ms: Number(r.unplanned_ms) + Number(r.unjustified_ms), productId: r.product_id,
    reasons: typeof r.reasons === 'string' ? (JSON.parse(r.reasons) as Record<string, number>) : r.reasons,
  }));
  const parts = livePartsOf(new Map([[ctx.unitId, ctx]]), start, end);
  for (const p of parts.live) {
    if (p.from === start) continue; // a window edge inside stored coverage: its downtimes are stored
    const d = await deriveSpan(db, ctx, p.from, p.to, now);
    for (const dt of d.downtimes) {
      if (out.some((o) => o.start === dt.start)) continue;
      out.push({ unitId: ctx.unitId, start: dt.start, end: dt.end, lost_ms: dt.unplanned_ms + dt.unjustified_ms, productId: dt.productId, reasons: Object.fromEntries(dt.reasons) });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * The downtimes containing an instant, in start order, for a list sorted by start: a binary search and
 * a walk back over the running maximum of ends (a year of shift changes times a year of downtimes,
 * filtered one by one, kept the event loop busy for seconds).
 */
function overlappingAt(sorted: readonly DowntimeRow[]): (t: number) => DowntimeRow[] {
  const maxEnd: number[] = [];
  for (const [i, d] of sorted.entries()) maxEnd.push(Math.max(d.end, i > 0 ? maxEnd[i - 1]! : -Infinity));
  return (t) => {
    let lo = 0;
    let hi = sorted.length; // first index whose start is after t
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]!.start <= t) lo = mid + 1;
      else hi = mid;
    }
    const out: DowntimeRow[] = [];
    for (let i = lo - 1; i >= 0 && maxEnd[i]! > t; i--) if (sorted[i]!.end > t) out.push(sorted[i]!);
    return out.reverse();
  };
}

