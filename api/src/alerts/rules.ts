/**
 * Alert rules of a factory (issue 25, decision 51): stored, checked, listed. Admins only (the route);
 * the factory's account must have the capability.
 */
import {
  ALERT_RULES_MAX,
  disallowedRecipients,
  ERROR_CODES,
  oeeTarget,
  type AlertMetric,
  type AlertRule,
  type AlertRuleInput,
  type Objective,
} from '@linepulse/contracts';
import type { Queryable } from '../db/db.ts';
import { apiError } from '../errors.ts';
import { recipientPolicy } from '../reports/recipients.ts';

export interface StoredRule extends AlertRule {
  account_id: string;
  webhook_secret: string | null;
}

const COLUMNS = `id, account_id, factory_id, name, kind, minutes, downtime_type, metric, production_unit_ids, recipients, webhook_url, webhook_secret,
  webhook_secret IS NOT NULL AS webhook_signed, in_app, enabled, created_at`;

/** What the api answers of a rule (never its secret). */
export function ruleView(rule: StoredRule): AlertRule {
  const { account_id: _account, webhook_secret: _secret, ...view } = rule;
  return { ...view, created_at: new Date(view.created_at).toISOString() };
}

/** Whether the factory's account may have alerts (`alert_capability`). */
export async function hasAlertCapability(db: Queryable, accountId: string, factoryId: string): Promise<boolean> {
  const [row] = await db.query<{ alert_capability: boolean }>('SELECT alert_capability FROM factories WHERE account_id = $1 AND id = $2', [accountId, factoryId]);
  return row?.alert_capability === true;
}

/** 403 unless the factory's account may have alerts. */
export async function checkCapability(db: Queryable, accountId: string, factoryId: string): Promise<void> {
  if (!(await hasAlertCapability(db, accountId, factoryId))) throw apiError(403, ERROR_CODES.alertCapabilityRequired, 'Alerts are not part of this factory’s subscription.');
}

/** Whether a webhook URL may be called: https, or http to this machine (an on-premises receiver, the tests). */
export function webhookAllowed(url: string): boolean {
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) return false;
    if (parsed.protocol === 'https:') return true;
    return parsed.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
  } catch {
    return false;
  }
}

/**
 * The objective a shift_projection rule compares with, in percent: the factory's availability objective,
 * or the OEE target its three objectives make; null when the factory has not set it.
 */
export async function objectiveOf(db: Queryable, accountId: string, factoryId: string, metric: AlertMetric): Promise<number | null> {
  const objectives = await db.query<Objective>('SELECT objective_type, value FROM factory_objectives WHERE account_id = $1 AND factory_id = $2', [accountId, factoryId]);
  if (metric === 'oee') return oeeTarget(objectives);
  return objectives.find((o) => o.objective_type === 'availability')?.value ?? null;
}

async function checkInput(db: Queryable, accountId: string, factoryId: string, input: AlertRuleInput): Promise<void> {
  if (input.kind === 'shift_projection') {
    if (input.metric === undefined) throw apiError(400, ERROR_CODES.alertMetricRequired, 'A shift projection rule needs its metric: availability or oee.');
    if ((await objectiveOf(db, accountId, factoryId, input.metric)) === null) {
      throw apiError(400, ERROR_CODES.alertObjectiveMissing, 'The factory has no objective for this metric (OEE needs availability, performance and quality).', { metric: input.metric });
    }
  }
  const units = await db.query<{ id: string }>('SELECT id FROM production_units WHERE account_id = $1 AND factory_id = $2', [accountId, factoryId]);
  const foreign = input.production_unit_ids.find((id) => !units.some((u) => u.id === id));
  if (foreign) throw apiError(400, ERROR_CODES.alertUnitNotInFactory, 'A watched line is not one of this factory’s.', { id: foreign });
  if (input.webhook_url !== null && !webhookAllowed(input.webhook_url)) {
    throw apiError(400, ERROR_CODES.alertWebhookInvalid, 'A webhook URL is https (http only to this machine), without credentials in it.');
  }
  if (input.recipients.length === 0 && input.webhook_url === null && !input.in_app) {
    throw apiError(400, ERROR_CODES.alertNoChannel, 'A rule needs recipients, a webhook or the in-app bell.');
  }
  const refused = disallowedRecipients(input.recipients.map((r) => r.toLowerCase()), await recipientPolicy(db, accountId));
  if (refused.length > 0) {
    throw apiError(400, ERROR_CODES.reportRecipientNotAllowed, 'A recipient is outside the account’s domain, users and allowed recipients.', { index: refused[0]!.index, address: refused[0]!.address });
  }
}

/** The metric is a shift_projection rule's only (the table refuses it on the other kinds). */
const metricOf = (input: AlertRuleInput): AlertMetric | null => (input.kind === 'shift_projection' ? input.metric! : null);

export async function listRules(db: Queryable, accountId: string, factoryId: string): Promise<StoredRule[]> {
  return db.query<StoredRule>(`SELECT ${COLUMNS} FROM alert_rules WHERE account_id = $1 AND factory_id = $2 ORDER BY created_at, id`, [accountId, factoryId]);
}

export async function findRule(db: Queryable, accountId: string, factoryId: string, id: string): Promise<StoredRule> {
  const [rule] = await db.query<StoredRule>(`SELECT ${COLUMNS} FROM alert_rules WHERE account_id = $1 AND factory_id = $2 AND id = $3`, [accountId, factoryId, id]);
  if (!rule) throw apiError(404, ERROR_CODES.alertRuleNotFound, 'Alert rule not found.', { id });
  return rule;
}

export async function createRule(db: Queryable, accountId: string, factoryId: string, input: AlertRuleInput): Promise<StoredRule> {
  await checkInput(db, accountId, factoryId, input);
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_rules WHERE account_id = $1 AND factory_id = $2', [accountId, factoryId]);
  if (n >= ALERT_RULES_MAX) throw apiError(409, ERROR_CODES.alertRulesTooMany, `A factory has at most ${ALERT_RULES_MAX} alert rules.`, { max: ALERT_RULES_MAX });
  const [rule] = await db.query<StoredRule>(
    `INSERT INTO alert_rules (account_id, factory_id, name, kind, minutes, downtime_type, metric, production_unit_ids, recipients, webhook_url, webhook_secret, in_app, enabled)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::uuid[], $9::text[], $10, $11, $12, $13) RETURNING ${COLUMNS}`,
    [accountId, factoryId, input.name.trim(), input.kind, input.minutes, input.downtime_type ?? 'any', metricOf(input), input.production_unit_ids, input.recipients.map((r) => r.toLowerCase()), input.webhook_url, input.webhook_secret ?? null, input.in_app, input.enabled],
  );
  return rule!;
}

/** Replaces a rule's settings; a secret not sent is kept (unless the webhook is removed). */
export async function updateRule(db: Queryable, accountId: string, factoryId: string, id: string, input: AlertRuleInput): Promise<StoredRule> {
  await findRule(db, accountId, factoryId, id);
  await checkInput(db, accountId, factoryId, input);
  const [rule] = await db.query<StoredRule>(
    `UPDATE alert_rules SET name = $4, kind = $5, minutes = $6, downtime_type = $7, metric = $8, production_unit_ids = $9::uuid[], recipients = $10::text[], webhook_url = $11,
            webhook_secret = CASE WHEN $11::text IS NULL THEN NULL ELSE coalesce($12, webhook_secret) END, in_app = $13, enabled = $14
      WHERE account_id = $1 AND factory_id = $2 AND id = $3 RETURNING ${COLUMNS}`,
    [accountId, factoryId, id, input.name.trim(), input.kind, input.minutes, input.downtime_type ?? 'any', metricOf(input), input.production_unit_ids, input.recipients.map((r) => r.toLowerCase()), input.webhook_url, input.webhook_secret ?? null, input.in_app, input.enabled],
  );
  // Its timers and open episodes were for the old settings: looked at again from scratch.
  await db.query('DELETE FROM alert_timers WHERE account_id = $1 AND rule_id = $2', [accountId, id]);
  return rule!;
}

export async function deleteRule(db: Queryable, accountId: string, factoryId: string, id: string): Promise<void> {
  await findRule(db, accountId, factoryId, id);
  await db.query('DELETE FROM alert_rules WHERE account_id = $1 AND factory_id = $2 AND id = $3', [accountId, factoryId, id]);
}
