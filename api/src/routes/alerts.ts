import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AlertListQuerySchema,
  AlertListSchema,
  AlertRuleInputSchema,
  AlertRuleSchema,
  AlertSchema,
  ERROR_CODES,
  FactoryIdParams,
  mayJustify,
  Uuid,
  withErrors,
  type Alert,
} from '@linepulse/contracts';
import { ALERT_SELECT, alertView } from '../alerts/alert-service.ts';
import { checkCapability, createRule, deleteRule, listRules, ruleView, updateRule } from '../alerts/rules.ts';
import { factoryExists } from '../db/factories.ts';
import { announceChange } from '../live/live-events.ts';
import { apiError, errors } from '../errors.ts';
import { currentUser } from '../plugins/app/auth.ts';

const RuleParams = Type.Object({ id: Uuid, ruleId: Uuid });

/** Alerts (issue 25, decision 51): the rules of a factory (admins), the account's alerts and their acknowledgement. */
export const alertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const common = { tags: ['alerts'], security: [{ bearerAuth: [] }] };
  const admin = { access: 'admin' as const };
  const factoryOf = async (accountId: string, factoryId: string): Promise<void> => {
    if (!(await factoryExists(db, accountId, factoryId))) throw errors.factoryNotFound(factoryId);
    await checkCapability(db, accountId, factoryId);
  };

  app.get(
    '/factories/:id/alert-rules',
    { config: admin, schema: { ...common, summary: 'The alert rules of a factory (403 ALERT_CAPABILITY_REQUIRED without the capability)', params: FactoryIdParams, response: withErrors({ 200: Type.Array(AlertRuleSchema) }) } },
    async (request) => {
      const user = currentUser(request);
      await factoryOf(user.account_id, request.params.id);
      return (await listRules(db, user.account_id, request.params.id)).map(ruleView);
    },
  );

  app.post(
    '/factories/:id/alert-rules',
    {
      config: admin,
      schema: {
        ...common,
        summary: 'A new alert rule: a line down for more than N minutes (any, unplanned or unjustified downtime), or no data from a line for N minutes; e-mail, a signed webhook and the in-app bell',
        params: FactoryIdParams,
        body: AlertRuleInputSchema,
        response: withErrors({ 201: AlertRuleSchema }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await factoryOf(user.account_id, request.params.id);
      const rule = await createRule(db, user.account_id, request.params.id, request.body);
      app.alerts.changed(user.account_id, request.params.id, null);
      return reply.status(201).send(ruleView(rule));
    },
  );

  app.put(
    '/factories/:id/alert-rules/:ruleId',
    { config: admin, schema: { ...common, summary: 'Changes an alert rule (a webhook secret not sent is kept)', params: RuleParams, body: AlertRuleInputSchema, response: withErrors({ 200: AlertRuleSchema }) } },
    async (request) => {
      const user = currentUser(request);
      await factoryOf(user.account_id, request.params.id);
      const rule = await updateRule(db, user.account_id, request.params.id, request.params.ruleId, request.body);
      app.alerts.changed(user.account_id, request.params.id, null);
      return ruleView(rule);
    },
  );

  app.delete(
    '/factories/:id/alert-rules/:ruleId',
    { config: admin, schema: { ...common, summary: 'Deletes an alert rule and its alerts', params: RuleParams, response: withErrors({ 204: Type.Null() }) } },
    async (request, reply) => {
      const user = currentUser(request);
      await factoryOf(user.account_id, request.params.id);
      await deleteRule(db, user.account_id, request.params.id, request.params.ruleId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/alerts',
    {
      schema: {
        ...common,
        summary: 'The account’s alerts, newest first (open ones, or all: the history), and how many shown in the app are not acknowledged',
        querystring: AlertListQuerySchema,
        response: withErrors({ 200: AlertListSchema }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { status = 'all', factory_id: factoryId, limit = 100 } = request.query;
      const rows = await db.query<Alert>(
        `${ALERT_SELECT} WHERE e.account_id = $1 AND ($2::boolean IS FALSE OR e.resolved_at IS NULL) AND ($3::uuid IS NULL OR e.factory_id = $3)
          ORDER BY e.opened_at DESC, e.id LIMIT $4`,
        [user.account_id, status === 'open', factoryId ?? null, limit],
      );
      const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM alert_episodes e JOIN alert_rules r ON r.account_id = e.account_id AND r.id = e.rule_id WHERE e.account_id = $1 AND r.in_app AND e.acknowledged_at IS NULL`,
        [user.account_id],
      );
      return { alerts: rows.map(alertView), unacknowledged: n };
    },
  );

  app.post(
    '/alerts/:id/acknowledge',
    {
      schema: {
        ...common,
        summary: 'Acknowledges an alert (again: nothing changes). Not for the display role (403 JUST_ROLE_FORBIDDEN).',
        params: Type.Object({ id: Uuid }),
        response: withErrors({ 200: AlertSchema }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!mayJustify(user)) throw apiError(403, ERROR_CODES.justificationRoleForbidden, 'The display role shows alerts; it does not acknowledge them.');
      const [updated] = await db.query<{ factory_id: string; production_unit_id: string }>(
        `UPDATE alert_episodes SET acknowledged_at = coalesce(acknowledged_at, now()), acknowledged_by = coalesce(acknowledged_by, $3)
          WHERE account_id = $1 AND id = $2 RETURNING factory_id, production_unit_id`,
        [user.account_id, request.params.id, user.display_name || user.email],
      );
      if (!updated) throw apiError(404, ERROR_CODES.alertNotFound, 'Alert not found.', { id: request.params.id });
      await announceChange(db, user.account_id, updated.factory_id, ['alert'], [updated.production_unit_id]);
      const [row] = await db.query<Alert>(`${ALERT_SELECT} WHERE e.account_id = $1 AND e.id = $2`, [user.account_id, request.params.id]);
      return alertView(row!);
    },
  );
};
