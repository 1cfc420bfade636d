/**
 * Production data export (issue 11): downtimes, production by interval or raw machine events of a
 * factory's units over whole production days, as rows read in batches (keyset or chunks of days) so
 * that memory stays flat however long the period. The figures come from the same reads as the
 * analytics calls (intervalSums/readSums and the downtime list's selection).
 */
import type { Db } from '../db/db.ts';
import { addDateDays, productionDayStart, type ExportInterval, type ExportKind, type FactoryCalendar } from '@linepulse/contracts';
import { selectDowntimes, rowContext, ROW_COLUMNS, toDowntimeRow, zoned } from './downtime-list.ts';
import { intervalSums, kpisOf, type FactoryInfo, type UnitInfo } from './engine.ts';
import { readSums, zeroSums, type Sums } from './query.ts';
import { bucketsOf, type Window } from './window.ts';

export interface ExportPlan {
  accountId: string;
  factory: FactoryInfo;
  units: (UnitInfo & { converted_unit_name: string | null; packages: number | null })[];
  kind: ExportKind;
  interval: ExportInterval;
  window: Window;
  startDate: string;
  endDate: string;
  now: number;
}

export type Cell = string | number | boolean | null;

/**
 * Production days per chunk: two weeks of hours for 20 units is 6 720 rows (a few MiB held at once),
 * and each chunk costs the reads' fixed part (freshness, unit setups) once. Two weeks of a 20-unit
 * factory are also ~5 000 downtimes, one read.
 */
const CHUNK_DAYS = 14;
/** Rows per keyset read. */
const BATCH = 5000;
const DOWNTIME_BATCH = 20_000;
/** Rows handed to the writer at a time: built just before they are written, they die young (no heap growth). */
const SLICE = 1000;

const utc = (t: number): string => new Date(t).toISOString();

/** A duration column's header: its name and the form its values are written in (decision 40). */
const duration = (name: string): string => `${name} (h:mm:ss)`;

export const COLUMNS: Record<ExportKind, string[]> = {
  downtimes: [
    'start_local', 'end_local', 'start_utc', 'end_utc', 'production_unit', duration('duration'), 'type', 'justification_type',
    'reasons', 'category', 'work_shift', 'product_sku', 'product_name',
  ],
  production: [
    'start_local', 'end_local', 'start_utc', 'end_utc', 'production_unit', 'work_shift', 'good', 'rejected', 'converted_unit', 'packages',
    duration('calendar_time'), duration('scheduled_time'), duration('uptime'), duration('planned_downtime'), duration('unplanned_downtime'),
    duration('unjustified_downtime'), 'downtime_occurrences',
    'availability', 'performance', 'quality', 'oee', 'ooe', 'teep',
  ],
  events: ['at_local', 'at_utc', 'production_unit', 'event_type', 'event_id', 'running', 'good', 'rejected', 'counter_total', 'product_sku', 'reason', 'to_local', 'to_utc'],
};

/** The columns of each kind that hold a duration (read as milliseconds, written as decision 40 says). */
export const DURATION_COLUMNS: Record<ExportKind, number[]> = {
  downtimes: COLUMNS.downtimes.flatMap((name, i) => (name.endsWith(' (h:mm:ss)') ? [i] : [])),
  production: COLUMNS.production.flatMap((name, i) => (name.endsWith(' (h:mm:ss)') ? [i] : [])),
  events: [],
};

/** Excel's number format of a duration: hours past 24 keep counting ("37:05:12", not a day and 13:05:12). */
export const DURATION_EXCEL_FORMAT = '[h]:mm:ss';
const DAY_MS = 86_400_000;

/**
 * A duration as "h:mm:ss", rounded to the second: hours as many as there are ("0:25:00", "37:05:12").
 * Spreadsheet programs read this text as a duration (Excel, LibreOffice and Google Sheets alike), so a
 * sum or an average of the column is a duration too.
 */
export function hms(ms: number): string {
  const seconds = Math.round(Math.abs(ms) / 1000);
  const sign = ms < 0 && seconds > 0 ? '-' : '';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${sign}${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** A row as the CSV writes it: durations as "h:mm:ss" text. */
export function csvCells(kind: ExportKind): (row: Cell[]) => Cell[] {
  const at = DURATION_COLUMNS[kind];
  if (at.length === 0) return (row) => row;
  return (row) => {
    const out = row.slice();
    for (const i of at) if (typeof out[i] === 'number') out[i] = hms(out[i]);
    return out;
  };
}

/**
 * A row as the workbook holds it: durations as days (Excel's unit of time), shown to the second by
 * DURATION_EXCEL_FORMAT and kept whole, so that the sheet's sums are the screens' to the millisecond.
 */
export function sheetCells(kind: ExportKind): (row: Cell[]) => Cell[] {
  const at = DURATION_COLUMNS[kind];
  if (at.length === 0) return (row) => row;
  return (row) => {
    const out = row.slice();
    for (const i of at) if (typeof out[i] === 'number') out[i] = out[i] / DAY_MS;
    return out;
  };
}

/** Consecutive windows of at most CHUNK_DAYS production days covering the plan's window. */
function chunks(plan: ExportPlan, days = CHUNK_DAYS): Window[] {
  const out: Window[] = [];
  const cal = plan.factory.calendar;
  for (let day = plan.startDate; day <= plan.endDate; day = addDateDays(day, days)) {
    const start = Math.max(productionDayStart(day, cal).toMillis(), plan.window.start);
    const end = Math.min(productionDayStart(addDateDays(day, days), cal).toMillis(), plan.window.end);
    if (start < end) out.push({ start, end, option: 'time_range' });
  }
  return out;
}

/** Shifts of the factory and which units they schedule. */
async function shiftsOf(db: Db, plan: ExportPlan): Promise<{ id: string; name: string; units: Set<string> }[]> {
  const rows = await db.query<{ id: string; name: string; units: string[] | null }>(
    `SELECT w.id, w.name, array_agg(su.production_unit_id) FILTER (WHERE su.production_unit_id IS NOT NULL) AS units
       FROM work_shifts w LEFT JOIN work_shift_units su ON su.account_id = w.account_id AND su.work_shift_id = w.id
      WHERE w.account_id = $1 AND w.factory_id = $2 GROUP BY w.id, w.name, w.sort_order ORDER BY w.sort_order, w.name`,
    [plan.accountId, plan.factory.id],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, units: new Set(r.units ?? []) }));
}

function days(plan: ExportPlan): string[] {
  return bucketsOf('day', plan.window, plan.factory.calendar).map((b) => b.key);
}

/** Data rows the export will hold, computed before streaming (X-Total-Rows). */
export async function countRows(db: Db, plan: ExportPlan): Promise<number> {
  const unitIds = plan.units.map((u) => u.id);
  if (plan.kind === 'production') {
    if (plan.interval === 'hour') return bucketsOf('hour', plan.window, plan.factory.calendar).length * unitIds.length;
    const n = days(plan).length;
    if (plan.interval === 'day') return n * unitIds.length;
    const shifts = await shiftsOf(db, plan);
    // Per unit and production day: one row per shift scheduling the unit, and one for the time outside shifts.
    return unitIds.reduce((sum, id) => sum + n * (shifts.filter((s) => s.units.has(id)).length + 1), 0);
  }
  if (plan.kind === 'downtimes') {
    const s = await selectDowntimes(db, plan.accountId, windowBody(plan, plan.window), plan.now);
    const [row] = await db.query<{ n: number }>(`${s.cte} SELECT count(*)::int AS n FROM filtered`, s.params);
    return Number(row?.n ?? 0);
  }
  const [row] = await db.query<{ n: number }>(
    `SELECT (${EVENT_TABLES.map((t) => `(SELECT count(*) FROM ${t.table} WHERE account_id = $1 AND production_unit_id = ANY($2::uuid[]) AND ${t.at} >= $3 AND ${t.at} < $4)`).join(' + ')})::int AS n`,
    [plan.accountId, unitIds, utc(plan.window.start), utc(plan.window.end)],
  );
  return Number(row?.n ?? 0);
}

const windowBody = (plan: ExportPlan, w: Window) => ({ start: utc(w.start), end: utc(w.end), production_unit_ids: plan.units.map((u) => u.id) });

/** A production row's measures: the analytics calls' figures for the same unit and interval. */
function productionCells(s: Sums, calendarMs: number, unit: ExportPlan['units'][number]): Cell[] {
  const k = kpisOf(s, calendarMs);
  return [
    k.good, k.rejected, unit.converted_unit_name, unit.packages ? Math.floor(k.good / unit.packages) : null,
    k.calendar_ms, k.scheduled_ms, k.uptime_ms, k.planned_downtime_ms, k.unplanned_downtime_ms, k.unjustified_downtime_ms, k.downtime_occurrences,
    k.availability, k.performance, k.quality, k.oee, k.ooe, k.teep,
  ];
}

/** Rows of the export, batch by batch. Stops as soon as the consumer stops asking (an aborted download). */
export async function* exportRows(db: Db, plan: ExportPlan): AsyncGenerator<Cell[][]> {
  const zone = plan.factory.calendar.timezone;
  const times = (a: number, b: number): Cell[] => [zoned(a, zone), zoned(b, zone), utc(a), utc(b)];
  const unitIds = plan.units.map((u) => u.id);
  if (plan.kind === 'production') {
    const cal: FactoryCalendar = plan.factory.calendar;
    const shifts = plan.interval === 'shift' ? await shiftsOf(db, plan) : [];
    for (const w of chunks(plan)) {
      let out: Cell[][] = [];
      if (plan.interval === 'hour' || plan.interval === 'day') {
        const series = await intervalSums(db, plan.accountId, unitIds, w, plan.interval, cal, plan.now, { shiftIds: null, productIds: null });
        for (const b of series.buckets) {
          // The bucket's four times are the same for every unit: formatted once (luxon is the cost here).
          const t = times(b.start, b.end);
          for (const u of plan.units) {
            out.push([...t, u.name, null, ...productionCells(series.sums.get(u.id)?.get(b.key) ?? zeroSums(), b.end - b.start, u)]);
          }
          if (out.length >= SLICE) {
            yield out;
            out = [];
          }
        }
      } else {
        const buckets = bucketsOf('day', w, cal);
        const all = await readSums(db, { accountId: plan.accountId, unitIds, start: w.start, end: w.end, keyBy: 'day', now: plan.now });
        const byShift = [];
        for (const shift of shifts) {
          const r = await readSums(db, { accountId: plan.accountId, unitIds, start: w.start, end: w.end, keyBy: 'day', now: plan.now, shiftIds: [shift.id] });
          byShift.push({ shift, sums: r.sums });
        }
        for (const b of buckets) {
          const t = times(b.start, b.end);
          for (const u of plan.units) {
            const rest = { ...zeroSums(), ...(all.sums.get(u.id)?.get(b.key) ?? {}) };
            for (const { shift, sums } of byShift) {
              if (!shift.units.has(u.id)) continue;
              const s = sums.get(u.id)?.get(b.key) ?? zeroSums();
              for (const key of Object.keys(rest) as (keyof Sums)[]) rest[key] -= s[key];
              // A shift's calendar time is its scheduled time: the shift is the interval.
              out.push([...t, u.name, shift.name, ...productionCells(s, s.calendar_ms, u)]);
            }
            out.push([...t, u.name, null, ...productionCells(rest, rest.calendar_ms, u)]);
          }
          if (out.length >= SLICE) {
            yield out;
            out = [];
          }
        }
      }
      if (out.length > 0) yield out;
    }
    return;
  }
  if (plan.kind === 'downtimes') {
    let first = true;
    for (const w of chunks(plan)) {
      const s = await selectDowntimes(db, plan.accountId, windowBody(plan, w), plan.now, { inProgressAtStart: first });
      first = false;
      // Keyset over (start, unit) inside the chunk: a week of a large factory is a few thousand rows.
      let after: [string, string] | null = null;
      for (;;) {
        const params: unknown[] = [...s.params, after?.[0] ?? null, after?.[1] ?? null, DOWNTIME_BATCH];
        const n = s.params.length;
        const rows: DowntimeDbRow[] = await db.query<DowntimeDbRow>(
          `${s.cte} SELECT ${ROW_COLUMNS} FROM filtered f
            WHERE $${n + 1}::timestamptz IS NULL OR (f.start_at, f.production_unit_id) > ($${n + 1}::timestamptz, $${n + 2}::uuid)
            ORDER BY f.start_at, f.production_unit_id LIMIT $${n + 3}`,
          params,
        );
        if (rows.length === 0) break;
        const ids = [...new Set(rows.flatMap((r) => Object.keys(typeof r.reasons === 'string' ? (JSON.parse(r.reasons) as object) : r.reasons)))];
        const ctx = await rowContext(db, plan.accountId, s, ids);
        for (let i = 0; i < rows.length; i += SLICE) {
          yield rows.slice(i, i + SLICE).map((r) => {
            const d = toDowntimeRow(r, ctx);
            const end = r.is_open ? null : Date.parse(r.end_at);
            return [
              d.start_time, d.end_time, utc(Date.parse(r.start_at)), end === null ? null : utc(end), d.production_unit_name, d.duration_ms, d.type, d.justification_type,
              d.reasons.map((x) => x.name).join('; '), d.category, d.shift_name, d.product_sku, d.product_name,
            ];
          });
        }
        const last: DowntimeDbRow = rows[rows.length - 1]!;
        after = [last.start_at, last.production_unit_id];
        if (rows.length < DOWNTIME_BATCH) break;
      }
    }
    return;
  }
  // Raw events: per production day (a bounded sort), keyset reads over the five fact tables in time order.
  const names = new Map(plan.units.map((u) => [u.id, u.name]));
  const branch = (t: (typeof EVENT_TABLES)[number]) =>
    `(SELECT ${t.columns} FROM ${t.table} e WHERE e.account_id = $1 AND e.production_unit_id = ANY($2::uuid[]) AND e.${t.at} >= $3 AND e.${t.at} < $4
        AND ($5::timestamptz IS NULL OR (e.${t.at}, '${t.kind}', e.event_id) > ($5::timestamptz, $6::text, $7::text))
      ORDER BY e.${t.at}, e.event_id LIMIT $8)`;
  const sql = `SELECT x.*, p.sku AS product_sku, r.name AS reason FROM (${EVENT_TABLES.map(branch).join(' UNION ALL ')}) x
       LEFT JOIN products p ON p.account_id = $1 AND p.id = x.product_id
       LEFT JOIN downtime_reasons r ON r.account_id = $1 AND r.id = x.reason_id
      ORDER BY x.at, x.kind, x.event_id LIMIT $8`;
  for (const day of bucketsOf('day', plan.window, plan.factory.calendar)) {
    let after: [string, string, string] | null = null;
    for (;;) {
      const rows: EventRow[] = await db.query<EventRow>(sql, [plan.accountId, unitIds, utc(day.start), utc(day.end), after?.[0] ?? null, after?.[1] ?? null, after?.[2] ?? null, BATCH]);
      if (rows.length === 0) break;
      for (let i = 0; i < rows.length; i += SLICE) {
        yield rows.slice(i, i + SLICE).map((e) => {
          const at = Date.parse(e.at);
          const to = e.to_at ? Date.parse(e.to_at) : null;
          return [
            zoned(at, zone), utc(at), names.get(e.production_unit_id) ?? '', e.kind, e.event_id, e.running, e.good === null ? null : Number(e.good),
            e.rejected === null ? null : Number(e.rejected), e.total === null ? null : Number(e.total), e.product_sku, e.reason,
            to === null ? null : zoned(to, zone), to === null ? null : utc(to),
          ];
        });
      }
      const last: EventRow = rows[rows.length - 1]!;
      after = [last.at, last.kind, last.event_id];
      if (rows.length < BATCH) break;
    }
  }
}

type DowntimeDbRow = Parameters<typeof toDowntimeRow>[0];

interface EventRow {
  kind: string;
  event_id: string;
  production_unit_id: string;
  at: string;
  running: boolean | null;
  good: number | null;
  rejected: number | null;
  total: number | null;
  product_id: string | null;
  reason_id: string | null;
  to_at: string | null;
  product_sku: string | null;
  reason: string | null;
}

const NULLS = { running: 'NULL::boolean', good: 'NULL::bigint', rejected: 'NULL::bigint', total: 'NULL::bigint', product_id: 'NULL::uuid', reason_id: 'NULL::uuid', to_at: 'NULL::timestamptz' };
const eventColumns = (kind: string, at: string, set: Partial<Record<keyof typeof NULLS, string>>): string =>
  [`'${kind}'::text AS kind`, 'e.event_id', 'e.production_unit_id', `e.${at} AS at`, ...Object.entries(NULLS).map(([k, v]) => `${set[k as keyof typeof NULLS] ?? v} AS ${k}`)].join(', ');

/** The raw fact tables (api/README.md, Ingestion): kinds in the order ties on the same instant are listed. */
const EVENT_TABLES = [
  { kind: 'count', table: 'unit_count_events', at: 'at', columns: eventColumns('count', 'at', { good: 'e.good', rejected: 'e.rejected' }) },
  { kind: 'counter', table: 'unit_counter_readings', at: 'at', columns: eventColumns('counter', 'at', { total: 'e.total', rejected: 'e.rejected' }) },
  { kind: 'justification', table: 'downtime_justifications', at: 'from_at', columns: eventColumns('justification', 'from_at', { reason_id: 'e.downtime_reason_id', to_at: 'e.to_at' }) },
  { kind: 'product', table: 'product_run_events', at: 'at', columns: eventColumns('product', 'at', { product_id: 'e.product_id' }) },
  { kind: 'state', table: 'unit_state_events', at: 'at', columns: eventColumns('state', 'at', { running: 'e.running' }) },
] as const;

/** yyyy-LL-dd of the file name and the window's production days. */
export function fileName(plan: ExportPlan, format: string): string {
  const safe = plan.factory.name.normalize('NFKD').replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '') || 'factory';
  const kind = plan.kind === 'production' ? `production-by-${plan.interval}` : plan.kind;
  // One production day is named once (as the screens name their files, shared export-file).
  const days = plan.startDate === plan.endDate ? plan.startDate : `${plan.startDate}_${plan.endDate}`;
  return `${safe}_${kind}_${days}.${format}`;
}

/**
 * Bytes per data row for X-Estimated-Bytes: CSV and Excel production and CSV downtimes and events as
 * measured by `pnpm bench:downtimes` on the simulated factory; Excel downtimes and events from the
 * production rows' Excel/CSV ratio (0.48).
 */
export const BYTES_PER_ROW: Record<ExportKind, { csv: number; xlsx: number }> = {
  downtimes: { csv: 212, xlsx: 102 },
  production: { csv: 240, xlsx: 116 },
  events: { csv: 123, xlsx: 59 },
};
