/**
 * Alerts (issue 25, docs/decisions/0051-alerts.md): the kinds of rule, their limits, how episodes
 * resolve and how webhooks are delivered, without the wire schemas (alerts.ts), so the admin's rule form
 * does not load TypeBox.
 */

/**
 * - line_down: a line stopped for more than `minutes` (of the `downtime_type` asked: any, unplanned,
 *   unjustified — the latter two as the engine justifies the downtime in progress);
 * - no_data: nothing received from a line for `minutes`;
 * - shift_projection: the current shift's `metric` (availability or OEE) projected at the current pace
 *   below the factory's objective, judged once the shift has run `minutes` (its first minutes say too
 *   little); resolved when the projection is back at the objective or the shift ends.
 */
export const ALERT_KINDS = ['line_down', 'no_data', 'shift_projection'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
/** What a shift_projection rule watches; its objective is the factory's (OEE: the target the three objectives make). */
export const ALERT_METRICS = ['availability', 'oee'] as const;
export type AlertMetric = (typeof ALERT_METRICS)[number];
export const ALERT_DOWNTIME_TYPES = ['any', 'unplanned', 'unjustified'] as const;
export type AlertDowntimeType = (typeof ALERT_DOWNTIME_TYPES)[number];

/** Minutes a rule may wait, from 1 to a day. */
export const ALERT_MINUTES_MAX = 1440;
/** Recipients of one rule at most. */
export const ALERT_RECIPIENTS_MAX = 20;
/** Rules of one factory at most. */
export const ALERT_RULES_MAX = 50;
/**
 * Hysteresis: an episode is resolved only once its condition has been false this long (a line that
 * runs for ten seconds between two stops is still down), so a flapping line does not spam.
 */
export const ALERT_RESOLVE_HOLD_MS = 2 * 60_000;
/** A webhook delivery is tried this many times (1 s, 5 s, 30 s, 2 min, 10 min apart). */
export const ALERT_WEBHOOK_ATTEMPTS = 6;
/** The header carrying `sha256=<hex HMAC-SHA256 of the body with the rule's secret>`. */
export const ALERT_SIGNATURE_HEADER = 'x-linepulse-signature';
/** The header carrying the delivery's id: the same on every retry, so a receiver can drop a copy. */
export const ALERT_DELIVERY_HEADER = 'x-linepulse-delivery';
