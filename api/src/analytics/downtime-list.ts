/**
 * The downtime list and the distribution of downtime durations (issue 11): whole downtimes as the
 * engine derives them (`derived_downtimes`, plus the on-the-fly parts of a window), selected and paged
 * in SQL so that a year of a large factory stays one query.
 *
 * What a row is (docs/domain.md, "Downtime list and durations"): a downtime overlapping the window with
 * time inside scheduled time; its duration is that time (planned + unplanned + unjustified, the
 * measures the engine counts), whole; its type the kind holding most of it.
 */
import { DateTime } from 'luxon';
import type { Db } from '../db/db.ts';
import { listCustomPeriods } from '../db/custom-periods.ts';
import { apiError } from '../errors.ts';
import { durationStats, ERROR_CODES, type DowntimeFilter, type DowntimeListRequest, type DowntimeReasonRef, type DowntimeRow, type DowntimeSortField } from '@linepulse/contracts';
import { resolveUnits, type FactoryInfo, type UnitInfo } from './engine.ts';
import { groupStored, prepareRead } from './query.ts';
import { resolveWindow, type Window } from './window.ts';

/** The three-way type of a downtime from its times inside scheduled time (ties: unplanned, unjustified, planned). */
export const TYPE_SQL = `CASE WHEN unplanned_ms > 0 AND unplanned_ms >= planned_ms AND unplanned_ms >= unjustified_ms THEN 'unplanned'
  WHEN unjustified_ms > 0 AND unjustified_ms >= planned_ms THEN 'unjustified' ELSE 'planned' END`;

export interface Selection {
  units: UnitInfo[];
  factories: Map<string, FactoryInfo>;
  windows: Map<string, Window>;
  /** A CTE body (`WITH … sel AS (…)`) selecting the downtimes before the types and reason filters, and `filtered` after them. */
  cte: string;
  params: unknown[];
  /** Downtimes derived on the fly (already in the selection's SQL), with their reasons. */
  live: { unit: string; start_at: string; reasons: Record<string, number> }[];
}

const iso = (t: number): string => new Date(t).toISOString();

/** Validates units, reasons and windows and builds the selection's SQL (parameters from $1). */
export async function selectDowntimes(db: Db, accountId: string, body: DowntimeFilter, now: number, options: { inProgressAtStart?: boolean } = {}): Promise<Selection> {
  const [{ units, factories }, customPeriods] = await Promise.all([resolveUnits(db, accountId, body.production_unit_ids), listCustomPeriods(db, accountId)]);
  if (body.reason_ids && body.reason_ids.length > 0) {
    const ids = [...new Set(body.reason_ids)];
    const found = await db.query<{ id: string }>('SELECT id FROM downtime_reasons WHERE account_id = $1 AND id = ANY($2::uuid[])', [accountId, ids]);
    const missing = ids.find((id) => !found.some((r) => r.id === id));
    if (missing) throw apiError(404, ERROR_CODES.downtimeReasonNotFound, 'Downtime reason not found.', { id: missing });
  }
  const windows = new Map<string, Window>();
  for (const f of factories.values()) windows.set(f.id, resolveWindow(body, f.calendar, now, customPeriods));

  // Where each unit's downtimes come from: stored ones starting in the hour-aligned part of the window,
  // on-the-fly ones starting at its edges and in the current hour, and the one in progress at the start.
  // These sets are disjoint: a downtime is derived on the fly only when it starts in an on-the-fly part.
  const params: unknown[] = [accountId];
  const branches: string[] = [];
  const starts: { unit: string; at: string }[] = [];
  const live: (Record<string, unknown> & { unit: string; start_at: string; reasons: Record<string, number> })[] = [];
  const cols = 'production_unit_id, start_at, end_at, is_open, work_shift_id, product_id, planned_ms, unplanned_ms, unjustified_ms, justification_type, reasons, main_reason_id';
  for (const [factoryId, w] of windows) {
    const unitIds = units.filter((u) => u.factory_id === factoryId).map((u) => u.id);
    const r = await prepareRead(db, accountId, unitIds, w.start, w.end, now);
    // Units of a factory share their ranges: one index range scan per unit and range.
    for (const g of groupStored(r.stored)) {
      params.push(g.unitIds, iso(g.from), iso(g.to));
      const n = params.length;
      branches.push(`SELECT ${cols} FROM derived_downtimes WHERE account_id = $1 AND production_unit_id = ANY($${n - 2}::uuid[]) AND start_at >= $${n - 1} AND start_at < $${n}`);
    }
    // An export read in consecutive chunks takes the downtime in progress at the first chunk's start only.
    if (options.inProgressAtStart !== false) for (const unit of unitIds) starts.push({ unit, at: iso(w.start) });
    for (const l of r.live) {
      for (const d of l.downtimes) {
        if (d.start < w.start || d.start >= w.end) continue;
        live.push({
          unit: l.unitId, start_at: iso(d.start), end_at: iso(d.end), is_open: d.open, work_shift_id: d.shiftId, product_id: d.productId,
          planned_ms: d.planned_ms, unplanned_ms: d.unplanned_ms, unjustified_ms: d.unjustified_ms, justification_type: d.justificationType,
          reasons: Object.fromEntries(d.reasons),
        });
      }
    }
  }
  if (starts.length > 0) {
    params.push(starts.map((x) => x.unit), starts.map((x) => x.at));
    const n = params.length;
    // Downtimes of a unit never overlap: at most one is in progress at the start, the latest before it.
    branches.push(`SELECT c.* FROM unnest($${n - 1}::uuid[], $${n}::timestamptz[]) AS s(unit, at)
        CROSS JOIN LATERAL (SELECT ${cols} FROM derived_downtimes d
          WHERE d.account_id = $1 AND d.production_unit_id = s.unit AND d.start_at < s.at ORDER BY d.start_at DESC LIMIT 1) c
        WHERE c.end_at > s.at OR c.is_open`);
  }
  if (live.length > 0) {
    params.push(JSON.stringify(live));
    branches.push(`SELECT unit, start_at, end_at, is_open, work_shift_id, product_id, planned_ms, unplanned_ms, unjustified_ms, justification_type, reasons,
          downtime_main_reason(reasons) AS main_reason_id
        FROM jsonb_to_recordset($${params.length}::jsonb) AS l(unit uuid, start_at timestamptz, end_at timestamptz, is_open boolean, work_shift_id uuid, product_id uuid,
          planned_ms bigint, unplanned_ms bigint, unjustified_ms bigint, justification_type text, reasons jsonb)`);
  }
  if (branches.length === 0) branches.push(`SELECT ${cols} FROM derived_downtimes WHERE false`);
  const where: string[] = ['planned_ms + unplanned_ms + unjustified_ms > 0'];
  if (body.work_shift_ids) {
    params.push(body.work_shift_ids);
    where.push(`work_shift_id = ANY($${params.length}::uuid[])`);
  }
  if (body.product_ids) {
    params.push(body.product_ids);
    where.push(`product_id = ANY($${params.length}::uuid[])`);
  }
  const narrow: string[] = [];
  if (body.types && body.types.length > 0) {
    params.push([...new Set(body.types)]);
    narrow.push(`type = ANY($${params.length}::text[])`);
  }
  if (body.reason_ids && body.reason_ids.length > 0) {
    params.push([...new Set(body.reason_ids)]);
    narrow.push(`jsonb_exists_any(reasons, $${params.length}::text[])`);
  }
  const cte = `WITH base AS (${branches.join('\n      UNION ALL\n      ')}),
    -- Not materialised: each use (count, facet, page) is planned on its own and reads only what it needs.
    sel AS NOT MATERIALIZED (
      SELECT ${cols}, planned_ms + unplanned_ms + unjustified_ms AS duration_ms, ${TYPE_SQL} AS type
        FROM base WHERE ${where.join(' AND ')}
    ),
    filtered AS NOT MATERIALIZED (SELECT * FROM sel${narrow.length ? ` WHERE ${narrow.join(' AND ')}` : ''})`;
  return { units, factories, windows, cte, params, live };
}

export interface Row {
  production_unit_id: string;
  start_at: string;
  end_at: string;
  is_open: boolean;
  work_shift_id: string | null;
  product_id: string | null;
  duration_ms: number;
  type: DowntimeRow['type'];
  justification_type: DowntimeRow['justification_type'];
  reasons: Record<string, number> | string;
}

/** A downtime's main reason: the one holding most of its justified time, ties by id (migration 026). */
const MAIN_REASON_JOIN = 'LEFT JOIN downtime_reasons r ON r.account_id = $1 AND r.id = f.main_reason_id';

/** Sort expressions over `filtered f` (joins named u, r, w, p). Text sorts put nulls last either way. */
const SORTS: Record<DowntimeSortField, { expr: string; join?: string }> = {
  start: { expr: 'f.start_at' },
  end: { expr: "CASE WHEN f.is_open THEN 'infinity'::timestamptz ELSE f.end_at END" },
  duration: { expr: 'f.duration_ms' },
  type: { expr: 'f.type' },
  unit: { expr: 'u.name', join: 'JOIN production_units u ON u.account_id = $1 AND u.id = f.production_unit_id' },
  reason: { expr: 'r.name', join: MAIN_REASON_JOIN },
  category: { expr: 'r.category', join: MAIN_REASON_JOIN },
  shift: { expr: 'w.name', join: 'LEFT JOIN work_shifts w ON w.account_id = $1 AND w.id = f.work_shift_id' },
  product: { expr: 'p.name', join: 'LEFT JOIN products p ON p.account_id = $1 AND p.id = f.product_id' },
};


const QUARTER_HOUR = 900_000;
/** Offset per zone and UTC quarter hour (every time-zone transition falls on one): ms and luxon's suffix. */
const offsets = new Map<string, { ms: number; suffix: string }>();

/**
 * ISO 8601 with the factory's offset, exactly as luxon writes it (`2024-05-06T08:00:00.000+02:00`, `Z`
 * for UTC), without a luxon DateTime per value: an export writes hundreds of thousands of them.
 */
export function zoned(t: string | number, zone: string): string {
  const ms = typeof t === 'number' ? t : Date.parse(t);
  const key = `${zone}|${Math.floor(ms / QUARTER_HOUR)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const d = DateTime.fromMillis(ms, { zone });
    offset = { ms: d.offset * 60_000, suffix: d.toISO()!.slice(23) };
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(key, offset);
  }
  return `${new Date(ms + offset.ms).toISOString().slice(0, 23)}${offset.suffix}`;
}

/** Reasons of a row, longest justified time first. */
function reasonIds(reasons: Row['reasons']): string[] {
  const m = typeof reasons === 'string' ? (JSON.parse(reasons) as Record<string, number>) : reasons;
  return Object.entries(m).sort((a, b) => Number(b[1]) - Number(a[1]) || a[0].localeCompare(b[0])).map(([id]) => id);
}

export interface RowContext {
  units: Map<string, UnitInfo>;
  zones: Map<string, string>;
  reasons: Map<string, DowntimeReasonRef>;
  shifts: Map<string, string>;
  products: Map<string, { sku: string; name: string }>;
}

export async function rowContext(db: Db, accountId: string, s: Selection, reasonIdsNeeded: readonly string[]): Promise<RowContext> {
  const factoryIds = [...s.factories.keys()];
  const [reasons, shifts, products] = await Promise.all([
    db.query<DowntimeReasonRef>('SELECT id, name, category, is_planned FROM downtime_reasons WHERE account_id = $1 AND id = ANY($2::uuid[]) ORDER BY name, id', [accountId, reasonIdsNeeded]),
    db.query<{ id: string; name: string }>('SELECT id, name FROM work_shifts WHERE account_id = $1 AND factory_id = ANY($2::uuid[])', [accountId, factoryIds]),
    db.query<{ id: string; sku: string; name: string }>('SELECT id, sku, name FROM products WHERE account_id = $1 AND factory_id = ANY($2::uuid[])', [accountId, factoryIds]),
  ]);
  return {
    units: new Map(s.units.map((u) => [u.id, u])),
    zones: new Map(s.units.map((u) => [u.id, s.factories.get(u.factory_id)!.calendar.timezone])),
    reasons: new Map(reasons.map((r) => [r.id, r])),
    shifts: new Map(shifts.map((w) => [w.id, w.name])),
    products: new Map(products.map((p) => [p.id, { sku: p.sku, name: p.name }])),
  };
}

export function toDowntimeRow(r: Row, c: RowContext): DowntimeRow {
  const zone = c.zones.get(r.production_unit_id)!;
  const reasons = reasonIds(r.reasons).map((id) => c.reasons.get(id)).filter((x): x is DowntimeReasonRef => !!x);
  const product = r.product_id ? c.products.get(r.product_id) : undefined;
  return {
    id: `${r.production_unit_id}:${new Date(r.start_at).toISOString()}`,
    production_unit_id: r.production_unit_id,
    production_unit_name: c.units.get(r.production_unit_id)?.name ?? '',
    start_time: zoned(r.start_at, zone),
    end_time: r.is_open ? null : zoned(r.end_at, zone),
    duration_ms: Number(r.duration_ms),
    type: r.type,
    justification_type: r.justification_type,
    reasons,
    category: reasons[0]?.category ?? null,
    shift_name: r.work_shift_id ? (c.shifts.get(r.work_shift_id) ?? null) : null,
    product_sku: product?.sku ?? null,
    product_name: product?.name ?? null,
  };
}

/** A page's columns: all but the reasons, so that the page is read from the index alone (migration 015). */
const PAGE_COLUMNS = 'f.production_unit_id, f.start_at, f.end_at, f.is_open, f.work_shift_id, f.product_id, f.duration_ms, f.type, f.justification_type';

/** The reasons of a page's rows: stored ones by primary key, on-the-fly ones from the selection. */
async function withReasons(db: Db, accountId: string, s: Selection, rows: Omit<Row, 'reasons'>[]): Promise<Row[]> {
  if (rows.length === 0) return [];
  const key = (unit: string, at: string): string => `${unit}|${Date.parse(at)}`;
  const found = await db.query<{ production_unit_id: string; start_at: string; reasons: Row['reasons'] }>(
    `SELECT d.production_unit_id, d.start_at, d.reasons FROM unnest($2::uuid[], $3::timestamptz[]) AS k(unit, at)
       JOIN derived_downtimes d ON d.account_id = $1 AND d.production_unit_id = k.unit AND d.start_at = k.at`,
    [accountId, rows.map((r) => r.production_unit_id), rows.map((r) => new Date(r.start_at).toISOString())],
  );
  const reasons = new Map<string, Row['reasons']>(s.live.map((l) => [key(l.unit, l.start_at), l.reasons]));
  for (const f of found) reasons.set(key(f.production_unit_id, f.start_at), f.reasons);
  return rows.map((r) => ({ ...r, reasons: reasons.get(key(r.production_unit_id, r.start_at)) ?? {} }));
}

export const ROW_COLUMNS = 'f.production_unit_id, f.start_at, f.end_at, f.is_open, f.work_shift_id, f.product_id, f.duration_ms, f.type, f.justification_type, f.reasons';

/** POST /production-units/downtimes */
export async function downtimeList(db: Db, accountId: string, body: DowntimeListRequest, now = Date.now()) {
  const s = await selectDowntimes(db, accountId, body, now);
  const offset = body.offset ?? 0;
  const limit = body.limit ?? 100;
  const sort = SORTS[body.sort?.by ?? 'start'];
  const dir = body.sort?.direction === 'asc' ? 'ASC' : 'DESC';
  const params = [...s.params, limit, offset, [...s.factories.keys()]];
  const n = params.length;
  // One statement, two reads of the selection: the page with the count of every row (a window
  // count, so the rows are read once for both), and the reasons facet, which asks per reason of the
  // factories whether any selected downtime carries it (it stops at the first one).
  const [head] = await db.query<{ reason_ids: string[]; items: (Omit<Row, 'reasons'> & { total: number })[] }>(
    `${s.cte}
     SELECT (SELECT coalesce(json_agg(r.id), '[]'::json) FROM downtime_reasons r
              WHERE r.account_id = $1 AND r.factory_id = ANY($${n}::uuid[]) AND EXISTS (SELECT 1 FROM sel WHERE jsonb_exists(sel.reasons, r.id::text))) AS reason_ids,
            (SELECT coalesce(json_agg(x), '[]'::json) FROM (
               SELECT ${PAGE_COLUMNS}, count(*) OVER () AS total FROM filtered f ${sort.join ?? ''}
                ORDER BY ${sort.expr} ${dir} NULLS LAST, f.start_at DESC, f.production_unit_id
                LIMIT $${n - 2} OFFSET $${n - 1}) x) AS items`,
    params,
  );
  const items = head?.items ?? [];
  // A page past the end has no row to carry the count.
  const total = items.length > 0
    ? Number(items[0]!.total)
    : offset === 0 ? 0 : Number((await db.query<{ n: number }>(`${s.cte} SELECT count(*)::int AS n FROM filtered`, s.params))[0]?.n ?? 0);
  const rows = await withReasons(db, accountId, s, items);
  const ctx = await rowContext(db, accountId, s, head?.reason_ids ?? []);
  return {
    total,
    offset,
    limit,
    items: rows.map((r) => toDowntimeRow(r, ctx)),
    reasons: [...ctx.reasons.values()],
  };
}

/** POST /production-units/downtime-durations */
export async function downtimeDurations(db: Db, accountId: string, body: DowntimeFilter, now = Date.now()) {
  const s = await selectDowntimes(db, accountId, body, now);
  const rows = await db.query<{ d: number }>(`${s.cte} SELECT duration_ms AS d FROM filtered`, s.params);
  return durationStats(rows.map((r) => Number(r.d)));
}
