import type { UnitStateNow, UnitStatesNow } from '@linepulse/contracts';
import type { Queryable } from '../db/db.ts';
import { epochMs } from '../db/db.ts';
import type { UnitSetup } from '../analytics/derive.ts';
import { loadUnitContexts } from '../analytics/facts.ts';
import { scheduleNow, type ScheduleNow } from '../analytics/schedule-now.ts';

interface Row {
  id: string;
  delay_seconds: number | null;
  state_at: number | null;
  running: boolean | null;
  count_at: number | null;
}

/**
 * Each line's latest state event and latest count or counter reading up to now (index walks: the
 * newest row of each unit). Events dated in the future (a device with a wrong clock) are not "now".
 */
const LATEST = `
SELECT u.id, u.downtime_delay_seconds AS delay_seconds,
       ${epochMs('s.at')} AS state_at, s.running,
       ${epochMs('greatest(c.at, r.at)')} AS count_at
  FROM production_units u
  LEFT JOIN LATERAL (SELECT at, running FROM unit_state_events e
                      WHERE e.account_id = u.account_id AND e.production_unit_id = u.id AND e.at <= $3
                      ORDER BY at DESC LIMIT 1) s ON true
  LEFT JOIN LATERAL (SELECT at FROM unit_count_events e
                      WHERE e.account_id = u.account_id AND e.production_unit_id = u.id AND e.at <= $3
                      ORDER BY at DESC LIMIT 1) c ON true
  LEFT JOIN LATERAL (SELECT at FROM unit_counter_readings e
                      WHERE e.account_id = u.account_id AND e.production_unit_id = u.id AND e.at <= $3
                      ORDER BY at DESC LIMIT 1) r ON true
 WHERE u.account_id = $1 AND u.factory_id = $2
 ORDER BY u.sort_order, u.name`;

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

type ShiftNow = Pick<UnitStateNow, 'in_shift' | 'shift_changes_at'>;
/** A line with no work shift is scheduled all the time (DOMAIN.md). */
const ALWAYS_IN_SHIFT: ShiftNow = { in_shift: true, shift_changes_at: null };

/**
 * A unit's state at `now` by the domain's rules (DOMAIN.md, machine state): from its explicit state
 * events, or, for a unit with a downtime delay, from its counts — stopped since its last count once no
 * count came for longer than the delay.
 */
export function unitStateNow(row: Row, now: number, shift: ShiftNow = ALWAYS_IN_SHIFT): UnitStateNow {
  const lastEvent = Math.max(row.state_at ?? -Infinity, row.count_at ?? -Infinity);
  const base = { production_unit_id: row.id, last_event_at: Number.isFinite(lastEvent) ? iso(lastEvent) : null, ...shift };
  if (row.delay_seconds !== null) {
    if (row.count_at === null) return { ...base, state: 'unknown', since: null };
    const stopped = now - row.count_at > row.delay_seconds * 1000;
    return { ...base, state: stopped ? 'stopped' : 'running', since: stopped ? iso(row.count_at) : null };
  }
  if (row.state_at === null || row.running === null) return { ...base, state: 'unknown', since: null };
  return { ...base, state: row.running ? 'running' : 'stopped', since: iso(row.state_at) };
}

/** A factory's lines now: their states (the TV's line strip), their setups and where now falls in their shifts. */
export interface FactoryLinesNow {
  states: UnitStatesNow;
  setups: Map<string, UnitSetup>;
  /** null: a line without work shifts (scheduled all the time). */
  schedules: Map<string, ScheduleNow | null>;
}

/** The lines' states now with what was read to say whether each is in its shifts (the alerts' look reads both). */
export async function factoryLinesNow(db: Queryable, accountId: string, factoryId: string, now = Date.now()): Promise<FactoryLinesNow> {
  const rows = await db.query<Row>(LATEST, [accountId, factoryId, new Date(now).toISOString()]);
  const contexts = await loadUnitContexts(db, accountId, rows.map((row) => row.id));
  const setups = new Map([...contexts].map(([id, context]) => [id, context.setup]));
  const schedules = new Map(rows.map((row) => {
    const setup = setups.get(row.id);
    return [row.id, setup ? scheduleNow(setup, now) : null] as const;
  }));
  const shiftNow = (schedule: ScheduleNow | null): ShiftNow =>
    schedule ? { in_shift: schedule.inShift, shift_changes_at: iso(schedule.inShift ? schedule.until : schedule.nextStarts) } : ALWAYS_IN_SHIFT;
  const units = rows.map((row) => unitStateNow(row, now, shiftNow(schedules.get(row.id) ?? null)));
  return { states: { at: new Date(now).toISOString(), units }, setups, schedules };
}

/** The state now of every line of a factory (the TV's line strip), and whether it is inside its work shifts. */
export async function unitStatesNow(db: Queryable, accountId: string, factoryId: string, now = Date.now()): Promise<UnitStatesNow> {
  return (await factoryLinesNow(db, accountId, factoryId, now)).states;
}
