/**
 * The "plain query" the engine is measured against: the same figures computed in one SQL statement
 * straight from the raw facts and the configuration, with no rollup. Per unit and bucket:
 * scheduled time (shift occurrences expanded in the factory's time zone), downtime inside it split
 * by the justifying reason's kind, occurrences (downtimes starting inside the window and scheduled
 * time), good and rejected counts (count increments and counter-reading increments with resets), and
 * justified time per reason.
 *
 * Counts follow docs/domain.md §4: the positive counts of one instant are production since the unit's
 * previous mark (any count event, empty ones included, or counter reading), spread over the running
 * time in between. Here with a "running clock" per unit (running ms accumulated along the timeline,
 * downtime excluded, read at every mark and bucket edge): the part of a span up to x gets
 * floor(n × (clock(x) − clock(previous)) / (clock(count) − clock(previous))) units; with no previous mark
 * or no running time in between, the whole count goes to the bucket holding its instant.
 *
 * Downtimes follow docs/domain.md §4: state units from state changes; units with a downtime delay from
 * gaps longer than the delay between non-empty counts (from the last count to the next one). A unit's
 * timeline starts at its first fact; a counter reading below the previous one is a reset. Assumes what the
 * simulator guarantees: every unit has shifts, justifications of one unit never overlap.
 */
import { DateTime } from 'luxon';
import type { Queryable } from '../src/db/db.ts';

export interface BaselineRow {
  unit_id: string;
  bucket_start: string;
  scheduled_ms: number;
  planned_ms: number;
  unplanned_ms: number;
  unjustified_ms: number;
  downtime_ms: number;
  occurrences: number;
  good: number;
  rejected: number;
}

export interface BaselineReasonRow {
  reason_id: string;
  ms: number;
}

const SQL = `
WITH
units AS (
  SELECT id, downtime_delay_seconds AS delay FROM production_units WHERE account_id = $1 AND id = ANY($2::uuid[])
),
buckets AS (SELECT * FROM unnest($3::timestamptz[], $4::timestamptz[]) AS b(bs, be)),
win AS (SELECT min(bs) AS ws, max(be) AS we FROM buckets),
days AS (
  SELECT d::date AS d FROM win, generate_series((timezone($5::text, win.ws))::date - 1, (timezone($5::text, win.we))::date, interval '1 day') AS d
),
-- A unit's timeline starts at its first state, count or counter fact (nothing is scheduled before).
origin AS (
  SELECT units.id AS u, least(
    (SELECT min(at) FROM unit_state_events e WHERE e.account_id = $1 AND e.production_unit_id = units.id),
    (SELECT min(at) FROM unit_count_events e WHERE e.account_id = $1 AND e.production_unit_id = units.id),
    (SELECT min(at) FROM unit_counter_readings e WHERE e.account_id = $1 AND e.production_unit_id = units.id)) AS o
  FROM units
),
sched_all AS (
  SELECT wsu.production_unit_id AS u,
         timezone($5::text, days.d + ws.start_local::time) AS s,
         timezone($5::text, days.d + ws.end_local::time + CASE WHEN ws.end_local <= ws.start_local THEN interval '1 day' ELSE interval '0' END) AS e
    FROM work_shifts ws
    JOIN work_shift_units wsu ON wsu.account_id = ws.account_id AND wsu.work_shift_id = ws.id
    JOIN days ON ws.days @> ARRAY[to_char(days.d, 'fmday')]
   WHERE ws.account_id = $1 AND wsu.production_unit_id = ANY($2::uuid[])
),
sched AS (
  SELECT sa.u, greatest(sa.s, origin.o) AS s, sa.e FROM sched_all sa JOIN origin ON origin.u = sa.u WHERE sa.e > origin.o
),
st AS (
  SELECT e.production_unit_id AS u, e.at, e.running,
         lag(e.running) OVER (PARTITION BY e.production_unit_id ORDER BY e.at, e.event_id) AS prev
    FROM unit_state_events e, win
   WHERE e.account_id = $1 AND e.production_unit_id IN (SELECT id FROM units WHERE delay IS NULL)
     AND e.at >= win.ws - interval '4 days' AND e.at < win.we + interval '4 days'
),
changes AS (
  SELECT u, at, running, lead(at) OVER (PARTITION BY u ORDER BY at) AS nxt FROM st WHERE prev IS DISTINCT FROM running
),
sig AS (
  SELECT c.production_unit_id AS u, c.at FROM unit_count_events c, win
   WHERE c.account_id = $1 AND c.production_unit_id IN (SELECT id FROM units WHERE delay IS NOT NULL) AND c.good + c.rejected > 0
     AND c.at >= win.ws - interval '4 days' AND c.at < win.we + interval '4 days'
  UNION
  SELECT c.production_unit_id, c.at FROM unit_counter_readings c, win
   WHERE c.account_id = $1 AND c.production_unit_id IN (SELECT id FROM units WHERE delay IS NOT NULL)
     AND c.at >= win.ws - interval '4 days' AND c.at < win.we + interval '4 days'
),
gaps AS (
  SELECT sig.u, sig.at, lead(sig.at) OVER (PARTITION BY sig.u ORDER BY sig.at) AS nxt, units.delay
    FROM sig JOIN units ON units.id = sig.u
),
downs AS (
  SELECT changes.u, changes.at AS s, coalesce(changes.nxt, 'infinity'::timestamptz) AS e FROM changes WHERE NOT changes.running
  UNION ALL
  SELECT u, at, nxt FROM gaps WHERE nxt IS NOT NULL AND nxt - at > make_interval(secs => delay)
),
pieces AS (
  SELECT d.u, b.bs, d.s AS ds, greatest(d.s, sc.s, b.bs) AS a, least(d.e, sc.e, b.be) AS z
    FROM downs d
    JOIN sched sc ON sc.u = d.u AND sc.s < d.e AND sc.e > d.s
    JOIN buckets b ON b.bs < least(d.e, sc.e) AND b.be > greatest(d.s, sc.s)
),
justified AS (
  SELECT p.u, p.bs, r.id AS reason_id, r.is_planned,
         sum(extract(epoch FROM least(p.z, j.to_at) - greatest(p.a, j.from_at)) * 1000) AS ms
    FROM pieces p
    JOIN downtime_justifications j ON j.account_id = $1 AND j.production_unit_id = p.u AND j.from_at < p.z AND j.to_at > p.a
    JOIN downtime_reasons r ON r.account_id = $1 AND r.id = j.downtime_reason_id
   WHERE p.a < p.z
   GROUP BY 1, 2, 3, 4
),
down_tot AS (
  SELECT u, bs, sum(extract(epoch FROM z - a) * 1000) AS ms FROM pieces WHERE a < z GROUP BY 1, 2
),
just_tot AS (
  SELECT u, bs, sum(ms) FILTER (WHERE is_planned) AS planned, sum(ms) FILTER (WHERE NOT is_planned) AS unplanned FROM justified GROUP BY 1, 2
),
occ AS (
  SELECT d.u, b.bs, count(DISTINCT d.s) AS n
    FROM downs d
    JOIN buckets b ON d.s >= b.bs AND d.s < b.be
    JOIN sched sc ON sc.u = d.u AND d.s >= sc.s AND d.s < sc.e
   GROUP BY 1, 2
),
sch AS (
  SELECT sc.u, b.bs, sum(extract(epoch FROM least(sc.e, b.be) - greatest(sc.s, b.bs)) * 1000) AS ms
    FROM sched sc JOIN buckets b ON sc.s < b.be AND sc.e > b.bs
   GROUP BY 1, 2
),
readings AS (
  SELECT c.production_unit_id AS u, c.at,
         CASE WHEN lag(c.total) OVER w IS NULL THEN 0
              WHEN c.total >= lag(c.total) OVER w AND c.rejected >= lag(c.rejected) OVER w THEN c.total - lag(c.total) OVER w ELSE c.total END AS total,
         CASE WHEN lag(c.total) OVER w IS NULL THEN 0
              WHEN c.total >= lag(c.total) OVER w AND c.rejected >= lag(c.rejected) OVER w THEN c.rejected - lag(c.rejected) OVER w ELSE c.rejected END AS rejected
    FROM unit_counter_readings c, win
   WHERE c.account_id = $1 AND c.production_unit_id = ANY($2::uuid[]) AND c.at >= win.ws - interval '4 days' AND c.at < win.we + interval '4 days'
  WINDOW w AS (PARTITION BY c.production_unit_id ORDER BY c.at, c.event_id)
),
-- One row per count mark (any count event, empty ones too, or counter reading) and instant, with the
-- positive counts it carries.
marks AS (
  SELECT u, at, sum(good) AS good, sum(rejected) AS rejected FROM (
    SELECT production_unit_id AS u, at, CASE WHEN good + rejected > 0 THEN good ELSE 0 END AS good, CASE WHEN good + rejected > 0 THEN rejected ELSE 0 END AS rejected
      FROM unit_count_events, win
     WHERE account_id = $1 AND production_unit_id = ANY($2::uuid[]) AND at >= win.ws - interval '4 days' AND at < win.we + interval '4 days'
    UNION ALL
    SELECT u, at, CASE WHEN total + rejected > 0 THEN greatest(total - rejected, 0) ELSE 0 END, CASE WHEN total + rejected > 0 THEN rejected ELSE 0 END FROM readings
  ) x GROUP BY 1, 2
),
-- Each unit's timeline as one ordered stream: downtime edges (+1 start, -1 end), bucket edges and
-- marks; at one instant bucket edges come before the mark (a count at a bucket's start is its own).
stream AS (
  SELECT u, s AS t, 0 AS ord, 1 AS d, false AS is_mark, 0::numeric AS good, 0::numeric AS rejected FROM downs
  UNION ALL SELECT u, e, 0, -1, false, 0, 0 FROM downs WHERE e < 'infinity'::timestamptz
  UNION ALL SELECT units.id, e.t, 1, 0, false, 0, 0 FROM units, (SELECT bs AS t FROM buckets UNION SELECT be FROM buckets) e
  UNION ALL SELECT u, at, 2, 0, true, good, rejected FROM marks
),
depths AS (
  SELECT *, sum(d) OVER w AS depth, lead(t) OVER w AS nt FROM stream
  WINDOW w AS (PARTITION BY u ORDER BY t, ord, d ROWS UNBOUNDED PRECEDING)
),
-- The running clock at each row: running ms (depth 0) of the stream before it; the units counted
-- before it (marks strictly earlier); the clock at the previous mark.
clocked AS (
  SELECT *,
         coalesce(sum(CASE WHEN depth = 0 AND nt IS NOT NULL THEN extract(epoch FROM nt - t) * 1000 ELSE 0 END) OVER before, 0) AS rc,
         coalesce(sum(good) OVER before, 0) AS good_before,
         coalesce(sum(rejected) OVER before, 0) AS rejected_before
    FROM depths
  WINDOW before AS (PARTITION BY u ORDER BY t, ord, d ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
),
spans AS (
  SELECT *, max(CASE WHEN is_mark THEN rc END) OVER (PARTITION BY u ORDER BY t, ord, d ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS rc_prev,
         -- Rows up to and including a mark share its group: that mark is the next one at or after them.
         count(*) FILTER (WHERE is_mark) OVER (PARTITION BY u ORDER BY t DESC, ord DESC, d DESC ROWS UNBOUNDED PRECEDING) AS grp
    FROM clocked
),
nexts AS (
  SELECT *,
         max(CASE WHEN is_mark THEN good END) OVER g AS n_good,
         max(CASE WHEN is_mark THEN rejected END) OVER g AS n_rejected,
         max(CASE WHEN is_mark THEN rc_prev END) OVER g AS n_rc_prev,
         max(CASE WHEN is_mark THEN rc - rc_prev END) OVER g AS n_run
    FROM spans
  WINDOW g AS (PARTITION BY u, grp)
),
-- Units booked before each bucket edge: every count before it, plus the part of the span it cuts.
edge_totals AS (
  SELECT u, t,
         good_before + CASE WHEN n_run > 0 THEN div(n_good * (rc - n_rc_prev), n_run) ELSE 0 END AS good,
         rejected_before + CASE WHEN n_run > 0 THEN div(n_rejected * (rc - n_rc_prev), n_run) ELSE 0 END AS rejected
    FROM nexts WHERE ord = 1
),
cnt AS (
  SELECT a.u, b.bs, z.good - a.good AS good, z.rejected - a.rejected AS rejected
    FROM buckets b JOIN edge_totals a ON a.t = b.bs JOIN edge_totals z ON z.u = a.u AND z.t = b.be
),
grid AS (SELECT units.id AS u, buckets.bs FROM units, buckets)
SELECT grid.u AS unit_id, grid.bs AS bucket_start,
       coalesce(sch.ms, 0)::float8 AS scheduled_ms,
       coalesce(jt.planned, 0)::float8 AS planned_ms,
       coalesce(jt.unplanned, 0)::float8 AS unplanned_ms,
       (coalesce(dt.ms, 0) - coalesce(jt.planned, 0) - coalesce(jt.unplanned, 0))::float8 AS unjustified_ms,
       coalesce(dt.ms, 0)::float8 AS downtime_ms,
       coalesce(occ.n, 0)::int AS occurrences,
       coalesce(cnt.good, 0)::float8 AS good,
       coalesce(cnt.rejected, 0)::float8 AS rejected,
       (SELECT coalesce(json_agg(json_build_object('reason_id', j.reason_id, 'ms', j.ms)), '[]'::json) FROM justified j WHERE j.u = grid.u AND j.bs = grid.bs) AS reasons
  FROM grid
  LEFT JOIN sch ON sch.u = grid.u AND sch.bs = grid.bs
  LEFT JOIN down_tot dt ON dt.u = grid.u AND dt.bs = grid.bs
  LEFT JOIN just_tot jt ON jt.u = grid.u AND jt.bs = grid.bs
  LEFT JOIN occ ON occ.u = grid.u AND occ.bs = grid.bs
  LEFT JOIN cnt ON cnt.u = grid.u AND cnt.bs = grid.bs
 ORDER BY 1, 2`;

export interface BaselineResult {
  rows: (BaselineRow & { reasons: BaselineReasonRow[] })[];
}

/** One factory's units over the given buckets (sorted, contiguous [start, end) instants). */
export async function baseline(q: Queryable, accountId: string, timezone: string, unitIds: readonly string[], buckets: [number, number][]): Promise<BaselineResult> {
  const rows = await q.query<BaselineRow & { reasons: BaselineReasonRow[] | string }>(SQL, [
    accountId,
    unitIds,
    buckets.map(([a]) => new Date(a).toISOString()),
    buckets.map(([, b]) => new Date(b).toISOString()),
    timezone,
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      bucket_start: new Date(r.bucket_start).toISOString(),
      scheduled_ms: Number(r.scheduled_ms),
      planned_ms: Number(r.planned_ms),
      unplanned_ms: Number(r.unplanned_ms),
      unjustified_ms: Number(r.unjustified_ms),
      downtime_ms: Number(r.downtime_ms),
      occurrences: Number(r.occurrences),
      good: Number(r.good),
      rejected: Number(r.rejected),
      reasons: typeof r.reasons === 'string' ? (JSON.parse(r.reasons) as BaselineReasonRow[]) : r.reasons,
    })),
  };
}

/** Local wall-clock hour buckets over [from, to). */
export function hourBuckets(from: number, to: number, zone: string): [number, number][] {
  const out: [number, number][] = [];
  let t = DateTime.fromMillis(from, { zone }).startOf('hour');
  while (t.toMillis() < to) {
    const next = t.plus({ hours: 1 });
    out.push([Math.max(t.toMillis(), from), Math.min(next.toMillis(), to)]);
    t = next;
  }
  return out;
}

/** Production-month buckets (calendar months of production days starting `offsetMinutes` after midnight). */
export function monthBuckets(from: number, to: number, zone: string, offsetMinutes: number): [number, number][] {
  const out: [number, number][] = [];
  const startOfMonth = (d: DateTime): DateTime => d.startOf('month').set({ hour: Math.floor(offsetMinutes / 60), minute: offsetMinutes % 60 });
  let m = startOfMonth(DateTime.fromMillis(from, { zone }).minus({ minutes: offsetMinutes }));
  while (m.toMillis() < to) {
    const next = startOfMonth(m.plus({ months: 1 }).startOf('month'));
    out.push([Math.max(m.toMillis(), from), Math.min(next.toMillis(), to)]);
    m = next;
  }
  return out;
}
