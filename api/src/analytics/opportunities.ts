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
import { loadUnitContexts, type UnitContext } from './facts.ts';
import { loadFactories, type FactoryInfo } from './engine.ts';
import { checkWindowDays, OPPORTUNITIES_MAX_DAYS, OPPORTUNITIES_PAGE_MAX } from './limits.ts';
import { applyTargets, excessUnits, HOUR, iso, KINDS, storedTargets, unitOccurrences, type Kind, type Occurrence, type ReasonInfo } from './opportunity-occurrences.ts';
import { prepareRead } from './query.ts';
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

interface Gain {
  gain_hours: number;
  gain_units: number;
  gain_currency?: { amount: number; currency: string }[];
}


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
  // Occurrences as found, one list per line and kind, each in time order; only the page asked for is
  // written out (a company's year holds hundreds of thousands of them).
  const found: Record<Kind, Found[][]> = { shift_changes: [], line_starts: [], product_changes: [], planned_downtime_above_target: [] };
  // Planned downtime above target per line and reason: what a summary needs without every occurrence.
  const perReason = new Map<string, { production_unit_id: string; factory_id: string; downtime_reason_id: string; downtime_reason: string; lost_ms: number; excess_ms: number; units: number }>();
  const unitGainMs = new Map<string, Map<Kind, { ms: number; units: number; lost: number }>>();
  const reasons = await db.query<ReasonInfo>(
    'SELECT id, name, target_seconds, is_planned FROM downtime_reasons WHERE account_id = $1 AND factory_id = ANY($2::uuid[])',
    [accountId, [...factories.keys()]],
  );
  const reasonById = new Map(reasons.map((r) => [r.id, r]));
  const targets = await storedTargets(db, accountId, selected.map((u) => u.id));
  const allKinds = new Set(KINDS);
  let windowOut: { start: number; end: number } | null = null;

  for (const factory of factories.values()) {
    const fUnits = [...contexts.values()].filter((c) => c.factoryId === factory.id);
    if (fUnits.length === 0) continue;
    const w = resolveWindow(body, factory.calendar, now, customPeriods);
    checkWindowDays(w.end - w.start, OPPORTUNITIES_MAX_DAYS);
    windowOut ??= w;
    // Freshness and the window's on-the-fly parts of every line at once (a line at a time was ten
    // queries each: 2 000 for a company of 200 lines).
    const { live } = await prepareRead(db, accountId, fUnits.map((c) => c.unitId), w.start, w.end, now);
    // A line at a time: four at once took a tenth off a company's year but held the event loop for up to
    // 140 ms at a time (the rows of four lines parsed back to back), delaying every other request.
    for (const ctx of fUnits) {
      const occurrences = await unitOccurrences(db, ctx, w, now, reasonById, allKinds, { live });
      for (const kind of KINDS) {
        const list = occurrences.filter((o) => o.kind === kind);
        if (list.length === 0) continue;
        // The same target as the unit's page: gains are the time beyond it (docs/decisions/0025).
        applyTargets(list, kind, targets.get(`${ctx.unitId}|${kind}`), reasonById);
        // Stable: occurrences of one instant keep the order they were found in.
        found[kind].push(list.map((o) => ({ o, ctx, factory })).sort((a, b) => a.o.at - b.o.at));
        for (const o of list) {
          const m = unitGainMs.get(ctx.unitId) ?? new Map();
          const g = m.get(kind) ?? { ms: 0, units: 0, lost: 0 };
          g.ms += o.excessMs;
          g.units += excessUnits(o);
          g.lost += o.lostMs;
          m.set(kind, g);
          unitGainMs.set(ctx.unitId, m);
          const reason = kind === 'planned_downtime_above_target' && o.reasonId ? reasonById.get(o.reasonId) : undefined;
          if (reason) {
            const key = `${ctx.unitId}|${reason.id}`;
            const r = perReason.get(key) ?? { production_unit_id: ctx.unitId, factory_id: factory.id, downtime_reason_id: reason.id, downtime_reason: reason.name, lost_ms: 0, excess_ms: 0, units: 0 };
            r.lost_ms += o.lostMs;
            r.excess_ms += o.excessMs;
            r.units += excessUnits(o);
            perReason.set(key, r);
          }
        }
      }
    }
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
      return { production_unit_id: unitId, production_unit_name: unitInfo.get(unitId)!.name, factory_id: ctx.factoryId, lost_ms: g.lost, ...gainOf(g.ms, g.units, ctx, factory, financial) };
    });
    const perFactory = [...factories.values()].map((f) => {
      const list = perUnit.filter((u) => u.factory_id === f.id);
      return { factory_id: f.id, factory_name: f.name, ...sumGains(list, financial) };
    }).filter((f) => f.lost_ms > 0);
    // Pages in a stable order: by time, then line (the lines' lists merged up to the page's end).
    const lists = found[kind];
    const total = lists.reduce((n, l) => n + l.length, 0);
    const page = pageOfMerged(lists, offset, limit).map((f) => occurrenceOut(kind, f, reasonById, financial));
    const entry: Record<string, unknown> = {
      occurrences: page,
      occurrences_total: total,
      next_offset: offset + page.length < total ? offset + page.length : null,
      per_unit: perUnit,
      per_factory: perFactory,
      company: sumGains(perUnit, financial),
    };
    if (kind === 'planned_downtime_above_target') {
      entry.per_reason = [...perReason.values()].map(({ units, excess_ms, ...r }) => {
        const ctx = contexts.get(r.production_unit_id)!;
        return { ...r, ...gainOf(excess_ms, units, ctx, factories.get(ctx.factoryId)!, financial) };
      });
    }
    out[kind] = entry;
  }
  return out;
}

/** An occurrence as found, with its line and factory. */
interface Found {
  o: Occurrence;
  ctx: UnitContext;
  factory: FactoryInfo;
}

/** The occurrence as the answer gives it. */
function occurrenceOut(kind: Kind, { o, ctx, factory }: Found, reasonById: Map<string, ReasonInfo>, financial: boolean): Record<string, unknown> {
  const reason = o.reasonId ? reasonById.get(o.reasonId) : undefined;
  return {
    production_unit_id: ctx.unitId, factory_id: factory.id, at: iso(o.at),
    ...(o.fromShiftId ? { from_work_shift_id: o.fromShiftId, to_work_shift_id: o.shiftId ?? undefined } : {}),
    ...(kind === 'line_starts' && o.shiftId ? { work_shift_id: o.shiftId } : {}),
    ...(o.fromProductId ? { from_product_id: o.fromProductId, to_product_id: o.toProductId } : {}),
    ...(reason ? { downtime_reason_id: reason.id, downtime_reason: reason.name, target_seconds: reason.target_seconds } : {}),
    downtimes: o.parts.map((x) => ({ start_time: iso(x.d.start), end_time: iso(x.d.end), lost_ms: x.ms })),
    lost_ms: o.lostMs,
    target_ms: o.targetMs,
    excess_ms: o.excessMs,
    ...gainOf(o.excessMs, excessUnits(o), ctx, factory, financial),
  };
}

/**
 * Items [offset, offset + limit) of the lists merged by time, then line (each list one line's, in
 * time order): only as far as the page's end, never the whole year sorted (a quarter of a second of
 * the api's thread for a company). Each step looks at every list's head: lines × (offset + limit).
 */
export function pageOfMerged(lists: readonly Found[][], offset: number, limit: number): Found[] {
  const heads = lists.map(() => 0);
  const out: Found[] = [];
  for (let taken = 0; taken < offset + limit; taken += 1) {
    let best = -1;
    for (let i = 0; i < lists.length; i += 1) {
      const candidate = lists[i]![heads[i]!];
      if (!candidate) continue;
      const current = best < 0 ? undefined : lists[best]![heads[best]!]!;
      if (!current || candidate.o.at < current.o.at || (candidate.o.at === current.o.at && candidate.ctx.unitId < current.ctx.unitId)) best = i;
    }
    if (best < 0) break;
    if (taken >= offset) out.push(lists[best]![heads[best]!]!);
    heads[best]! += 1;
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
