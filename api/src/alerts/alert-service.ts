/**
 * Alerts' evaluation and delivery (issue 25, decision 51). Every instance runs the same service; the
 * database decides who does what:
 * - A change heard on the live channel (a state, counts, a justification, a configuration) makes the
 *   instance look at the rules of that factory for the lines it names, right away: an episode opens once
 *   its condition has held for the rule's minutes, and resolves once it has been false for
 *   ALERT_RESOLVE_HOLD_MS (hysteresis). A condition that will be met later with no new event (a line
 *   still stopped when its minutes are up) leaves a timer row; instances take due timers with SKIP
 *   LOCKED. No job scans every line.
 * - Opening and resolving are single statements guarded by a unique index (one open episode per rule
 *   and line) and `resolved_at IS NULL`: whichever instance wins writes the episode's deliveries in the
 *   same transaction, so each is written once.
 * - Deliveries are claimed with SKIP LOCKED (held for a while: a killed sender's claim expires and
 *   another instance sends) and retried with backoff; a webhook carries its delivery id, the same on
 *   every retry, so a receiver can drop a copy sent again after a crash.
 */
import { createHmac } from 'node:crypto';
import {
  ALERT_DELIVERY_HEADER,
  ALERT_RESOLVE_HOLD_MS,
  ALERT_SIGNATURE_HEADER,
  ALERT_WEBHOOK_ATTEMPTS,
  type Alert,
  type AlertMetric,
  type AlertWebhookBody,
} from '@linepulse/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { DateTime } from 'luxon';
import { shiftIntervals, type UnitSetup } from '../analytics/derive.ts';
import { downtimeList } from '../analytics/downtime-list.ts';
import { kpisOf } from '../analytics/engine.ts';
import { readSums, zeroSums } from '../analytics/query.ts';
import type { ScheduleNow } from '../analytics/schedule-now.ts';
import type { Db, Queryable } from '../db/db.ts';
import { announceChange } from '../live/live-events.ts';
import { factoryLinesNow, type FactoryLinesNow } from '../live/unit-states.ts';
import { composeMessage, type Mailer } from '../reports/mail.ts';
import { hasAlertCapability, objectiveOf, type StoredRule } from './rules.ts';

/** Delays between attempts of a delivery (then it is failed). */
export const ALERT_RETRY_MS = [1000, 5000, 30_000, 120_000, 600_000];
/**
 * A claimed delivery is another instance's to take again after this long (ALERT_CLAIM_SECONDS, default
 * a minute): longer than a webhook call may take (10 s), short enough that a killed sender's alerts are
 * not late by much.
 */
export const ALERT_CLAIM_MS = Number(process.env.ALERT_CLAIM_SECONDS ?? 60) * 1000;
/** A shift projection above its objective is looked at again no sooner than this with no new event. */
const PROJECTION_RECHECK_MIN_MS = 30_000;
const DAY_MS = 86_400_000;

export interface AlertServiceOptions {
  db: Db;
  mailer: Mailer;
  mailFrom: string;
  publicUrl: string;
  log: FastifyBaseLogger;
  clock?: () => number;
  /** Webhook calls (tests may count them). */
  fetch?: typeof fetch;
}

/** A delivery taken by this instance. */
interface Claimed {
  account_id: string;
  id: string;
  episode_id: string;
  event: 'opened' | 'resolved';
  channel: 'email' | 'webhook';
  target: string;
  attempts: number;
}

interface EpisodeRow {
  id: string;
  account_id: string;
  rule_id: string;
  production_unit_id: string;
  since: string;
  opened_at: string;
  resolved_at: string | null;
  false_since: string | null;
}

/** What the rule's condition says of a line now. */
interface Verdict {
  /** Holding since then (the stop, the last event, the shift's start), or null when false. */
  since: number | null;
  /** False since then, when known (for the hold before resolving); else the episode's own record counts. */
  falseSince: number | null;
  /** The episode's reason is gone (its shift ended, its objective was removed): resolved without the hold. */
  ended?: boolean;
  /** Look again then even if no event comes (a shift's start or end; null: only events matter). */
  recheckAt?: number | null;
  /** shift_projection: the projection and the objective, in percent. */
  projected?: number;
  objective?: number;
}

/** What a look at a factory reads once for all its rules and lines (AlertService.lookInputs). */
interface LookInputs {
  /** The objectives of the metrics the shift projections watch. */
  objectives: Map<AlertMetric, number | null>;
  setups: Map<string, UnitSetup>;
  /** Where now falls in each line's shifts (null: a line without shifts). */
  schedules: Map<string, ScheduleNow | null>;
}

const iso = (t: number | string): string => new Date(t).toISOString();

/** An alert as the api answers it (and a webhook receives it). */
export const ALERT_SELECT = `SELECT e.id, e.rule_id, r.name AS rule_name, r.kind, r.minutes, e.factory_id, f.name AS factory_name, e.production_unit_id,
         u.name AS production_unit_name, e.since, r.metric, e.projected, e.objective, e.opened_at, e.resolved_at, e.acknowledged_at, e.acknowledged_by
    FROM alert_episodes e JOIN alert_rules r ON r.account_id = e.account_id AND r.id = e.rule_id JOIN factories f ON f.account_id = e.account_id AND f.id = e.factory_id
    JOIN production_units u ON u.account_id = e.account_id AND u.id = e.production_unit_id`;

export function alertView(row: Alert): Alert {
  const at = (v: string | null) => (v === null ? null : iso(v));
  return { ...row, since: iso(row.since), opened_at: iso(row.opened_at), resolved_at: at(row.resolved_at), acknowledged_at: at(row.acknowledged_at) };
}

export class AlertService {
  private readonly db: Db;
  private readonly clock: () => number;
  private readonly send: typeof fetch;
  private timers: ReturnType<typeof setInterval>[] = [];
  private working: Promise<unknown> | null = null;
  private stopped = false;
  /** Factories with a look pending, and the units named (null: all), gathered while one runs. */
  private pending = new Map<string, { accountId: string; units: Set<string> | null }>();
  private looking: Promise<void> | null = null;

  constructor(private readonly options: AlertServiceOptions) {
    this.db = options.db;
    this.clock = options.clock ?? Date.now;
    this.send = options.fetch ?? fetch;
  }

  /** Timers every second, deliveries every second (and at once after an episode opens or resolves). */
  start(everyMs = 1000): void {
    this.timers.push(setInterval(() => void this.tick(), everyMs));
    for (const t of this.timers) t.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    await this.looking;
    await this.working;
  }

  /** A change of a factory was heard: its rules look at the lines named (null: every line). */
  changed(accountId: string, factoryId: string, unitIds: readonly string[] | null): void {
    const entry = this.pending.get(factoryId) ?? { accountId, units: new Set<string>() };
    if (unitIds === null) entry.units = null;
    else if (entry.units) for (const id of unitIds) entry.units.add(id);
    this.pending.set(factoryId, entry);
    this.looking ??= (async () => {
      while (this.pending.size > 0 && !this.stopped) {
        const batch = this.pending;
        this.pending = new Map();
        for (const [factoryId, { accountId, units }] of batch) {
          await this.evaluateFactory(accountId, factoryId, units ? [...units] : null).catch((error: unknown) => this.options.log.warn({ err: error }, 'alert evaluation failed'));
        }
      }
      this.looking = null;
    })();
  }

  /** One round: due timers, then waiting deliveries. */
  async tick(): Promise<void> {
    if (this.stopped || this.working) return;
    this.working = (async () => {
      try {
        await this.dueTimers();
        await this.deliver();
      } catch (error) {
        this.options.log.warn({ err: error }, 'alert round failed');
      } finally {
        this.working = null;
      }
    })();
    await this.working;
  }

  /** Looks at every enabled rule of a factory for `unitIds` (null: their lines). */
  async evaluateFactory(accountId: string, factoryId: string, unitIds: readonly string[] | null): Promise<void> {
    const rules = await this.db.query<StoredRule>('SELECT * FROM alert_rules WHERE account_id = $1 AND factory_id = $2 AND enabled', [accountId, factoryId]);
    if (rules.length === 0) return;
    if (!(await hasAlertCapability(this.db, accountId, factoryId))) return;
    const now = this.clock();
    const lines = await factoryLinesNow(this.db, accountId, factoryId, now);
    const states = new Map(lines.states.units.map((u) => [u.production_unit_id, u]));
    const inputs = await this.lookInputs(accountId, factoryId, rules, lines);
    for (const rule of rules) {
      const watched = rule.production_unit_ids.length > 0 ? rule.production_unit_ids : [...states.keys()];
      for (const unitId of watched) {
        if (unitIds !== null && !unitIds.includes(unitId)) continue;
        const state = states.get(unitId);
        if (!state) continue;
        await this.evaluate(rule, unitId, await this.verdict(rule, accountId, unitId, state, now, inputs), now);
      }
    }
  }

  /**
   * What the factory's rules read once per look rather than once per rule and line: the objectives of
   * the metrics the shift projections watch; the lines' setups and shifts come with their states.
   */
  private async lookInputs(accountId: string, factoryId: string, rules: readonly StoredRule[], lines: FactoryLinesNow): Promise<LookInputs> {
    const metrics = [...new Set(rules.filter((r) => r.kind === 'shift_projection').map((r) => r.metric!))];
    const objectives = await Promise.all(metrics.map(async (metric) => [metric, await objectiveOf(this.db, accountId, factoryId, metric)] as const));
    return { objectives: new Map(objectives), setups: lines.setups, schedules: lines.schedules };
  }

  private async verdict(
    rule: StoredRule,
    accountId: string,
    unitId: string,
    state: { state: string; since: string | null; last_event_at: string | null },
    now: number,
    inputs: LookInputs,
  ): Promise<Verdict> {
    if (rule.kind === 'shift_projection') return this.shiftProjection(rule, accountId, unitId, now, inputs);
    // Only inside the line's work shifts (DOMAIN.md): a line stopped after its last shift is not down,
    // and one that sends nothing then is expected to be silent. Outside them nothing holds (an episode
    // resolves from the shift's end) until the next shift starts; inside, a stop or a silence that began
    // before counts from the shift's start, and the rule looks again at the shift's end.
    const schedule = inputs.schedules.get(unitId) ?? null;
    if (schedule && !schedule.inShift) {
      // Looked at again when the next shift starts only if the line may be down or silent then: a
      // running line says so when it stops.
      const mayHoldThen = rule.kind === 'no_data' || state.state === 'stopped';
      return { since: null, falseSince: schedule.lastEnded, recheckAt: mayHoldThen ? schedule.nextStarts : null };
    }
    const from = schedule?.since ?? -Infinity;
    const recheckAt = schedule?.until ?? null;
    if (rule.kind === 'no_data') {
      // Silent since the last event (a line that never sent one: since the rule was made).
      const last = state.last_event_at === null ? Date.parse(String(rule.created_at)) : Date.parse(state.last_event_at);
      return { since: Math.max(last, from), falseSince: null, recheckAt };
    }
    // Running (or nothing known): an event says when that changes.
    if (state.state !== 'stopped' || state.since === null) return { since: null, falseSince: state.since === null ? null : Date.parse(state.since) };
    const since = Math.max(Date.parse(state.since), from);
    if (rule.downtime_type === 'any') return { since, falseSince: null, recheckAt };
    // The downtime in progress as the engine justifies it now.
    const list = await downtimeList(this.db, accountId, { start: iso(since - 1000), end: iso(now + 60_000), production_unit_ids: [unitId], sort: { by: 'start', direction: 'desc' }, limit: 1 }, now);
    const row = list.items[0];
    const holds = row !== undefined && row.end_time === null && row.type === rule.downtime_type;
    // Not (or no longer) of that type while still stopped: since when is not known here; the episode
    // keeps the first time it was seen so.
    return holds ? { since, falseSince: null, recheckAt } : { since: null, falseSince: null, recheckAt };
  }

  /**
   * The current shift's availability or OEE at the current pace — the shift's figure so far, which is
   * also where it ends if the rest goes alike — against the factory's objective, once the shift has run
   * the rule's minutes. Below: holding since the shift's start. Not below: with no new event the figure
   * can fall no faster than if all time from now were lost (its numerator stays, its planned production
   * time grows), so the rule looks again when that would reach the objective, or at the shift's end.
   */
  private async shiftProjection(rule: StoredRule, accountId: string, unitId: string, now: number, inputs: LookInputs): Promise<Verdict> {
    const setup = inputs.setups.get(unitId);
    const objective = inputs.objectives.get(rule.metric!) ?? null;
    if (!setup || objective === null) return { since: null, falseSince: null, ended: true, recheckAt: null };
    const minutesMs = rule.minutes * 60_000;
    const shift = shiftIntervals(setup, now - DAY_MS, now + 1).find((s) => s.start <= now && now < s.end);
    if (!shift) {
      // Between shifts: looked at again once the next one has run its minutes.
      const next = shiftIntervals(setup, now, now + 8 * DAY_MS).find((s) => s.start > now);
      return { since: null, falseSince: null, ended: true, recheckAt: next ? next.start + minutesMs : null };
    }
    if (now < shift.start + minutesMs) return { since: null, falseSince: null, recheckAt: shift.start + minutesMs };
    const read = await readSums(this.db, { accountId, unitIds: [unitId], start: shift.start, end: now, keyBy: 'none', now });
    const kpis = kpisOf(read.sums.get(unitId)?.get('') ?? zeroSums(), now - shift.start);
    const value = rule.metric === 'oee' ? kpis.oee : kpis.availability;
    // No planned production time yet (a planned stop since the start): nothing to project.
    if (value === null) return { since: null, falseSince: null, recheckAt: shift.end };
    const projected = value * 100;
    if (projected < objective) return { since: shift.start, falseSince: null, recheckAt: shift.end, projected, objective };
    const crossing = now + kpis.planned_production_ms * (projected / objective - 1);
    return { since: null, falseSince: null, recheckAt: Math.min(shift.end, Math.max(crossing, now + PROJECTION_RECHECK_MIN_MS)) };
  }

  /** Opens, resolves or schedules, as the verdict says. */
  private async evaluate(rule: StoredRule, unitId: string, verdict: Verdict, now: number): Promise<void> {
    const minutesMs = rule.minutes * 60_000;
    const [open] = await this.db.query<EpisodeRow>('SELECT * FROM alert_episodes WHERE account_id = $1 AND rule_id = $2 AND production_unit_id = $3 AND resolved_at IS NULL', [rule.account_id, rule.id, unitId]);
    // The first of a due instant and the verdict's own (a shift's end), or null for neither.
    const soonest = (...at: (number | null | undefined)[]): number | null => {
      const first = Math.min(...at.map((t) => t ?? Infinity));
      return Number.isFinite(first) ? first : null;
    };
    if (rule.kind === 'no_data' && verdict.since !== null) {
      // A line silent for `minutes` is an episode; an event after the episode began ends it, and the
      // next silence is watched from that event.
      const last = verdict.since;
      const due = last + minutesMs;
      if (open && last > Date.parse(open.since)) {
        await this.resolve(rule, open, now);
        await this.timer(rule, unitId, soonest(due, verdict.recheckAt));
      } else if (open) await this.timer(rule, unitId, soonest(verdict.recheckAt));
      else if (now >= due) await this.openThenRecheck(rule, unitId, last, verdict);
      else await this.timer(rule, unitId, soonest(due, verdict.recheckAt));
      return;
    }
    if (rule.kind === 'shift_projection') {
      // An episode is one shift's: one open from an earlier shift, or whose objective is gone, is over.
      let current = open;
      if (current && (verdict.ended || (verdict.since !== null && Date.parse(current.since) !== verdict.since))) {
        await this.resolve(rule, current, now);
        current = undefined;
      }
      let resolveAt: number | null = null;
      if (verdict.since !== null) {
        if (current) await this.stillHolding(current);
        else await this.open(rule, unitId, verdict.since, verdict);
      } else if (current) resolveAt = await this.afterHold(rule, current, verdict, now);
      await this.timer(rule, unitId, soonest(resolveAt, verdict.recheckAt));
      return;
    }
    if (verdict.since !== null) {
      const due = verdict.since + minutesMs;
      if (open) {
        await this.stillHolding(open);
        await this.timer(rule, unitId, soonest(verdict.recheckAt));
      } else if (now >= due) await this.openThenRecheck(rule, unitId, verdict.since, verdict);
      else await this.timer(rule, unitId, soonest(due, verdict.recheckAt));
      return;
    }
    await this.timer(rule, unitId, soonest(open ? await this.afterHold(rule, open, verdict, now) : null, verdict.recheckAt));
  }

  /** Opens the episode, then looks again when the verdict says (the shift's end: its stop no longer counts). */
  private async openThenRecheck(rule: StoredRule, unitId: string, since: number, verdict: Verdict): Promise<void> {
    await this.open(rule, unitId, since, verdict);
    const recheckAt = verdict.recheckAt ?? null;
    if (recheckAt !== null) await this.timer(rule, unitId, recheckAt);
  }

  /** The condition holds again: the hold before resolving starts over when it next turns false. */
  private async stillHolding(open: EpisodeRow): Promise<void> {
    if (open.false_since !== null) await this.db.query('UPDATE alert_episodes SET false_since = NULL WHERE account_id = $1 AND id = $2', [open.account_id, open.id]);
  }

  /**
   * The condition is false: resolved once it has been false for the hold (counted from when it turned
   * false, as the verdict knows it or as the episode first saw it); else the instant to look again.
   */
  private async afterHold(rule: StoredRule, open: EpisodeRow, verdict: Verdict, now: number): Promise<number | null> {
    let falseSince = verdict.falseSince ?? (open.false_since === null ? null : Date.parse(open.false_since));
    if (falseSince === null) {
      falseSince = now;
      await this.db.query('UPDATE alert_episodes SET false_since = $3 WHERE account_id = $1 AND id = $2 AND false_since IS NULL', [open.account_id, open.id, iso(now)]);
    }
    const resolveAt = falseSince + ALERT_RESOLVE_HOLD_MS;
    if (now < resolveAt) return resolveAt;
    await this.resolve(rule, open, now);
    return null;
  }

  private async timer(rule: StoredRule, unitId: string, dueAt: number | null): Promise<void> {
    if (dueAt === null) await this.db.query('DELETE FROM alert_timers WHERE account_id = $1 AND rule_id = $2 AND production_unit_id = $3', [rule.account_id, rule.id, unitId]);
    else {
      await this.db.query(
        `INSERT INTO alert_timers (account_id, rule_id, production_unit_id, due_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account_id, rule_id, production_unit_id) DO UPDATE SET due_at = excluded.due_at`,
        [rule.account_id, rule.id, unitId, iso(dueAt)],
      );
    }
  }

  /** The rule's deliveries for an episode's event (one per recipient, one for the webhook). */
  private async enqueue(tx: Queryable, rule: StoredRule, episodeId: string, event: 'opened' | 'resolved'): Promise<void> {
    const targets: [string, string][] = rule.recipients.map((r) => ['email', r]);
    if (rule.webhook_url) targets.push(['webhook', rule.webhook_url]);
    if (targets.length === 0) return;
    await tx.query(
      `INSERT INTO alert_deliveries (account_id, episode_id, event, channel, target) SELECT $1, $2, $3, c, t FROM unnest($4::text[], $5::text[]) AS x(c, t)
       ON CONFLICT DO NOTHING`,
      [rule.account_id, episodeId, event, targets.map((t) => t[0]), targets.map((t) => t[1])],
    );
  }

  private async open(rule: StoredRule, unitId: string, since: number, verdict: Verdict): Promise<void> {
    const opened = await this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO alert_episodes (rule_id, account_id, factory_id, production_unit_id, since, projected, objective) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (account_id, rule_id, production_unit_id) WHERE resolved_at IS NULL DO NOTHING RETURNING id`,
        [rule.id, rule.account_id, rule.factory_id, unitId, iso(since), verdict.projected ?? null, verdict.objective ?? null],
      );
      if (!row) return false;
      await this.enqueue(tx, rule, row.id, 'opened');
      await tx.query('DELETE FROM alert_timers WHERE account_id = $1 AND rule_id = $2 AND production_unit_id = $3', [rule.account_id, rule.id, unitId]);
      await announceChange(tx, rule.account_id, rule.factory_id, ['alert'], [unitId]);
      return true;
    });
    if (opened) void this.tick();
  }

  private async resolve(rule: StoredRule, episode: EpisodeRow, now: number): Promise<void> {
    const resolved = await this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string }>('UPDATE alert_episodes SET resolved_at = $3 WHERE account_id = $1 AND id = $2 AND resolved_at IS NULL RETURNING id', [rule.account_id, episode.id, iso(now)]);
      if (!row) return false;
      await this.enqueue(tx, rule, row.id, 'resolved');
      await tx.query('DELETE FROM alert_timers WHERE account_id = $1 AND rule_id = $2 AND production_unit_id = $3', [rule.account_id, rule.id, episode.production_unit_id]);
      await announceChange(tx, rule.account_id, rule.factory_id, ['alert'], [episode.production_unit_id]);
      return true;
    });
    if (resolved) void this.tick();
  }

  /** Takes the timers that are due (SKIP LOCKED: each instance its own) and looks at their rule and line again. */
  private async dueTimers(): Promise<void> {
    const due = await this.db.query<{ rule_id: string; production_unit_id: string; account_id: string; factory_id: string }>(
      `/* all accounts: alert timers */ DELETE FROM alert_timers t USING alert_rules r
        WHERE r.account_id = t.account_id AND r.id = t.rule_id AND (t.account_id, t.rule_id, t.production_unit_id) IN (
              SELECT account_id, rule_id, production_unit_id FROM alert_timers WHERE due_at <= $1 ORDER BY due_at LIMIT 100 FOR UPDATE SKIP LOCKED)
        RETURNING t.rule_id, t.production_unit_id, r.account_id, r.factory_id`,
      [iso(this.clock())],
    );
    // Through the same queue as the looks that changes ask for (which gathers the lines per factory): two
    // looks at one factory at once could each read the episode before the other wrote it (one clearing
    // the hold the other had just started).
    for (const t of due) this.changed(t.account_id, t.factory_id, [t.production_unit_id]);
    await this.looking;
  }

  /** Sends what is waiting until nothing is due. */
  private async deliver(): Promise<void> {
    for (;;) {
      const now = this.clock();
      const claimed = await this.db.query<Claimed>(
        `/* all accounts: alert deliveries */ UPDATE alert_deliveries d SET status = 'sending', attempts = d.attempts + 1, claimed_until = $2
          WHERE d.id IN (SELECT id FROM alert_deliveries
                          WHERE (status = 'pending' AND next_attempt_at <= $1) OR (status = 'sending' AND claimed_until < $1)
                          ORDER BY next_attempt_at LIMIT 20 FOR UPDATE SKIP LOCKED)
          RETURNING d.account_id, d.id, d.episode_id, d.event, d.channel, d.target, d.attempts`,
        [iso(now), iso(now + ALERT_CLAIM_MS)],
      );
      if (claimed.length === 0) return;
      await Promise.all(claimed.map((d) => this.deliverOne(d)));
    }
  }

  private async deliverOne(d: Claimed): Promise<void> {
    const [row] = await this.db.query<Alert & { secret: string | null; language: string; timezone: string }>(
      `${ALERT_SELECT.replace('SELECT e.id,', 'SELECT r.webhook_secret AS secret, f.primary_language AS language, f.timezone, e.id,')} WHERE e.account_id = $1 AND e.id = $2`,
      [d.account_id, d.episode_id],
    );
    if (!row) return;
    const { secret, language, timezone, ...alert } = row;
    const view = alertView(alert);
    try {
      let response: string;
      if (d.channel === 'webhook') {
        const body = JSON.stringify({ event: d.event === 'opened' ? 'alert.opened' : 'alert.resolved', delivery_id: d.id, alert: view } satisfies AlertWebhookBody);
        const headers: Record<string, string> = { 'content-type': 'application/json', [ALERT_DELIVERY_HEADER]: d.id, 'user-agent': 'Linepulse-Alerts' };
        if (secret) headers[ALERT_SIGNATURE_HEADER] = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
        const answer = await this.send(d.target, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000), redirect: 'error' });
        await answer.arrayBuffer().catch(() => undefined);
        if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
        response = `HTTP ${answer.status}`;
      } else {
        const text = alertText(view, d.event, language, timezone, this.options.publicUrl);
        const message = await composeMessage({ from: this.options.mailFrom, to: d.target, subject: text.subject, text: text.body, messageId: `<${d.id}@linepulse>`, headers: { 'Auto-Submitted': 'auto-generated' } });
        response = await this.options.mailer.send(message);
      }
      await this.db.query(`UPDATE alert_deliveries SET status = 'sent', sent_at = now(), response = $3, claimed_until = NULL WHERE account_id = $1 AND id = $2`, [d.account_id, d.id, response]);
    } catch (error) {
      const failed = d.attempts >= ALERT_WEBHOOK_ATTEMPTS;
      const delay = ALERT_RETRY_MS[Math.min(d.attempts - 1, ALERT_RETRY_MS.length - 1)]!;
      await this.db.query(`UPDATE alert_deliveries SET status = $3, next_attempt_at = $4, response = $5, claimed_until = NULL WHERE account_id = $1 AND id = $2`, [
        d.account_id,
        d.id,
        failed ? 'failed' : 'pending',
        iso(this.clock() + delay),
        (error as Error).message.slice(0, 500),
      ]);
    }
  }
}

interface AlertWords {
  opened: string;
  resolved: string;
  line_down: string;
  no_data: string;
  shift_projection: string;
  availability: string;
  oee: string;
  open: string;
}

const TEXTS: Record<string, AlertWords> = {
  en: {
    opened: 'Alert',
    resolved: 'Resolved',
    line_down: '{unit} ({factory}) has been down since {since} — rule “{rule}”, {minutes} min',
    no_data: 'No data from {unit} ({factory}) since {since} — rule “{rule}”, {minutes} min',
    shift_projection: '{unit} ({factory}): {metric} of the shift started {since} projected at {projected}, below the objective of {objective} — rule “{rule}”',
    availability: 'availability',
    oee: 'OEE',
    open: 'Open Linepulse',
  },
  fr: {
    opened: 'Alerte',
    resolved: 'Résolue',
    line_down: '{unit} ({factory}) est à l’arrêt depuis {since} — règle « {rule} », {minutes} min',
    no_data: 'Aucune donnée de {unit} ({factory}) depuis {since} — règle « {rule} », {minutes} min',
    shift_projection: '{unit} ({factory})\u00a0: projection de {metric} du quart commencé le {since}, {projected}, sous l’objectif de {objective} — règle « {rule} »',
    availability: 'disponibilité',
    oee: 'TRG',
    open: 'Ouvrir Linepulse',
  },
  es: {
    opened: 'Alerta',
    resolved: 'Resuelta',
    line_down: '{unit} ({factory}) está parada desde {since} — regla «{rule}», {minutes} min',
    no_data: 'Sin datos de {unit} ({factory}) desde {since} — regla «{rule}», {minutes} min',
    shift_projection: '{unit} ({factory}): proyección de {metric} del turno iniciado el {since}, {projected}, por debajo del objetivo de {objective} — regla «{rule}»',
    availability: 'disponibilidad',
    oee: 'OEE',
    open: 'Abrir Linepulse',
  },
};

/** The e-mail of an alert, in the factory's language. */
export function alertText(alert: Alert, event: 'opened' | 'resolved', language: string, timezone: string, publicUrl: string): { subject: string; body: string } {
  const t = TEXTS[language] ?? TEXTS.en!;
  const percent = (value: number | null): string =>
    value === null ? '' : new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
  const fill = (s: string) =>
    s
      .replace('{unit}', alert.production_unit_name)
      .replace('{factory}', alert.factory_name)
      .replace('{since}', DateTime.fromISO(alert.since, { zone: timezone }).setLocale(language).toLocaleString(DateTime.DATETIME_SHORT))
      .replace('{rule}', alert.rule_name)
      .replace('{minutes}', String(alert.minutes))
      .replace('{metric}', alert.metric === null ? '' : t[alert.metric])
      .replace('{projected}', percent(alert.projected))
      .replace('{objective}', percent(alert.objective));
  const line = fill(t[alert.kind]);
  return { subject: `${event === 'opened' ? t.opened : t.resolved}: ${line}`, body: `${line}\n\n${t.open}: ${publicUrl}/alerts\n` };
}
