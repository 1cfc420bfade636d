import { Type, type Static } from 'typebox';
import { Uuid } from './schemas/common';
import {
  ALERT_DOWNTIME_TYPES,
  ALERT_KINDS,
  ALERT_METRICS,
  ALERT_MINUTES_MAX,
  ALERT_RECIPIENTS_MAX,
  type AlertDowntimeType,
  type AlertKind,
  type AlertMetric,
} from './alert-constants';

/**
 * Alerts (issue 25, docs/decisions/0051-alerts.md): rules an admin sets per factory, when its account
 * has the capability (`alert_capability`); episodes opened and resolved as events arrive, delivered by
 * e-mail, by a signed webhook and in the app.
 *
 * The wire schemas. The kinds, limits and delivery constants are in alert-constants.ts (no TypeBox: the
 * admin's rule form imports them), re-exported here.
 */

export * from './alert-constants';

const Email = Type.String({ format: 'email', maxLength: 254 });

export const AlertRuleInputSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    kind: Type.Unsafe<AlertKind>(Type.String({ enum: [...ALERT_KINDS] })),
    minutes: Type.Integer({ minimum: 1, maximum: ALERT_MINUTES_MAX }),
    /** line_down only (default any). */
    downtime_type: Type.Optional(Type.Unsafe<AlertDowntimeType>(Type.String({ enum: [...ALERT_DOWNTIME_TYPES] }))),
    /** shift_projection only, and required there (400 ALERT_METRIC_REQUIRED). */
    metric: Type.Optional(Type.Unsafe<AlertMetric>(Type.String({ enum: [...ALERT_METRICS] }))),
    /** The lines watched; empty: every line of the factory. */
    production_unit_ids: Type.Array(Uuid, { maxItems: 500 }),
    recipients: Type.Array(Email, { maxItems: ALERT_RECIPIENTS_MAX }),
    /** https (or http to localhost) URL receiving the JSON; null: no webhook. */
    webhook_url: Type.Union([Type.String({ format: 'uri', maxLength: 2000 }), Type.Null()]),
    /** Shared secret signing the webhook's body (at least 16 characters); kept, never shown again. */
    webhook_secret: Type.Optional(Type.String({ minLength: 16, maxLength: 200 })),
    in_app: Type.Boolean(),
    enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type AlertRuleInput = Static<typeof AlertRuleInputSchema>;

export const AlertRuleSchema = Type.Object({
  id: Uuid,
  factory_id: Uuid,
  name: Type.String(),
  kind: Type.Unsafe<AlertKind>(Type.String({ enum: [...ALERT_KINDS] })),
  minutes: Type.Integer(),
  downtime_type: Type.Unsafe<AlertDowntimeType>(Type.String({ enum: [...ALERT_DOWNTIME_TYPES] })),
  /** shift_projection's metric; null for the other kinds. */
  metric: Type.Union([Type.Unsafe<AlertMetric>(Type.String({ enum: [...ALERT_METRICS] })), Type.Null()]),
  production_unit_ids: Type.Array(Uuid),
  recipients: Type.Array(Type.String()),
  webhook_url: Type.Union([Type.String(), Type.Null()]),
  /** Whether a secret is set (it is never answered). */
  webhook_signed: Type.Boolean(),
  in_app: Type.Boolean(),
  enabled: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
});
export type AlertRule = Static<typeof AlertRuleSchema>;

export const AlertSchema = Type.Object({
  id: Uuid,
  rule_id: Uuid,
  rule_name: Type.String(),
  kind: Type.Unsafe<AlertKind>(Type.String({ enum: [...ALERT_KINDS] })),
  minutes: Type.Integer(),
  factory_id: Uuid,
  factory_name: Type.String(),
  production_unit_id: Uuid,
  production_unit_name: Type.String(),
  /** When the condition began (the stop, the last event, the shift's start). */
  since: Type.String({ format: 'date-time' }),
  /** shift_projection: the metric watched, the projection (percent) when the episode opened, and the objective. */
  metric: Type.Union([Type.Unsafe<AlertMetric>(Type.String({ enum: [...ALERT_METRICS] })), Type.Null()]),
  projected: Type.Union([Type.Number(), Type.Null()]),
  objective: Type.Union([Type.Number(), Type.Null()]),
  opened_at: Type.String({ format: 'date-time' }),
  /** null: still open. */
  resolved_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  acknowledged_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  acknowledged_by: Type.Union([Type.String(), Type.Null()]),
});
export type Alert = Static<typeof AlertSchema>;

export const AlertListSchema = Type.Object({
  alerts: Type.Array(AlertSchema),
  /** Alerts shown in the app, not yet acknowledged (the bell's count). */
  unacknowledged: Type.Integer(),
});
export type AlertList = Static<typeof AlertListSchema>;

export const AlertListQuerySchema = Type.Object(
  {
    status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('all')])),
    factory_id: Type.Optional(Uuid),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  },
  { additionalProperties: false },
);

/** The JSON a webhook receives (`event` opened or resolved). */
export interface AlertWebhookBody {
  event: 'alert.opened' | 'alert.resolved';
  delivery_id: string;
  alert: Alert;
}
