import * as yup from 'yup';
import {
  ALERT_DOWNTIME_TYPES,
  ALERT_KINDS,
  ALERT_METRICS,
  ALERT_MINUTES_MAX,
  ALERT_RECIPIENTS_MAX,
  isReportRecipient,
  type AlertDowntimeType,
  type AlertKind,
  type AlertMetric,
  type AlertRule,
  type AlertRuleInput,
} from '@linepulse/contracts';

/**
 * An alert rule as the admin types it (issue 25, decision 51): the wire input with the minutes as typed,
 * "all lines" apart from the chosen ones (so unticking "all" keeps the choice made before), the
 * recipients as one text, and the webhook secret as typed — empty keeps the stored one.
 */
export interface AlertRuleFormValues {
  name: string;
  kind: AlertKind;
  minutes: string;
  downtime_type: AlertDowntimeType;
  metric: AlertMetric;
  allLines: boolean;
  production_unit_ids: string[];
  recipientsText: string;
  webhook_url: string;
  webhook_secret: string;
  in_app: boolean;
  enabled: boolean;
}

/** The form's fields, in the order it shows them, plus `channels` (the rule as a whole). */
export type AlertRuleField = keyof AlertRuleFormValues | 'channels';

/**
 * One problem per field: a message id of the admin area (`admin.alerts.problem.*`) or a shell error
 * code (`error.*`), with its values.
 */
export interface AlertRuleProblem {
  id: string;
  values?: Record<string, string | number>;
}
export type AlertRuleProblems = Partial<Record<AlertRuleField, AlertRuleProblem>>;

export const ALERT_RULE_NAME_MAX = 100;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_SECRET_MIN = 16;
export const WEBHOOK_SECRET_MAX = 200;

export function newAlertRuleValues(): AlertRuleFormValues {
  return {
    name: '',
    kind: 'line_down',
    minutes: '20',
    downtime_type: 'any',
    metric: 'availability',
    allLines: true,
    production_unit_ids: [],
    recipientsText: '',
    webhook_url: '',
    webhook_secret: '',
    in_app: true,
    enabled: true,
  };
}

export function alertRuleValuesOf(rule: AlertRule): AlertRuleFormValues {
  return {
    name: rule.name,
    kind: rule.kind,
    minutes: String(rule.minutes),
    downtime_type: rule.downtime_type,
    // null for the other kinds: switching such a rule to a projection starts from availability.
    metric: rule.metric ?? 'availability',
    allLines: rule.production_unit_ids.length === 0,
    production_unit_ids: rule.production_unit_ids,
    recipientsText: rule.recipients.join(', '),
    webhook_url: rule.webhook_url ?? '',
    // Never answered by the api: typing one replaces it, leaving it empty keeps it.
    webhook_secret: '',
    in_app: rule.in_app,
    enabled: rule.enabled,
  };
}

/** Addresses separated by commas, semicolons, spaces or lines. */
export function splitRecipients(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter((address) => address !== '');
}

/**
 * The api's rule for a webhook address (api/src/alerts/rules.ts, `webhookAllowed`): https, or http to
 * this machine (an on-premises receiver), without credentials in it.
 */
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
 * What is sent (POST or PUT): the downtime type for a stop and the metric for a shift projection only
 * (each kind takes its own), and no `webhook_secret` unless one was typed, so an edit keeps the stored one.
 */
export function toAlertRuleInput(values: AlertRuleFormValues): AlertRuleInput {
  const url = values.webhook_url.trim();
  return {
    name: values.name.trim(),
    kind: values.kind,
    minutes: Number(values.minutes.trim()),
    ...(values.kind === 'line_down' ? { downtime_type: values.downtime_type } : {}),
    ...(values.kind === 'shift_projection' ? { metric: values.metric } : {}),
    production_unit_ids: values.allLines ? [] : values.production_unit_ids,
    recipients: splitRecipients(values.recipientsText),
    webhook_url: url === '' ? null : url,
    ...(url !== '' && values.webhook_secret !== '' ? { webhook_secret: values.webhook_secret } : {}),
    in_app: values.in_app,
    enabled: values.enabled,
  };
}

/**
 * The api's refusals that need no database, checked before anything is sent (the api checks them again,
 * with the factory's lines, the account's recipients and the number of rules). Each message is a
 * problem's message id; its values are the error's params (`max`, `address`…).
 */
export function alertRuleSchema(lineIds: readonly string[]) {
  return yup.object({
    name: yup
      .string()
      .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value))
      .required('admin.alerts.problem.nameRequired')
      .max(ALERT_RULE_NAME_MAX, 'admin.alerts.problem.nameTooLong'),
    kind: yup.string().oneOf([...ALERT_KINDS]).required(),
    minutes: yup
      .string()
      .test('minutes', (value, context) => {
        const text = (value ?? '').trim();
        if (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= ALERT_MINUTES_MAX) return true;
        return context.createError({ message: 'admin.alerts.problem.minutes', params: { max: ALERT_MINUTES_MAX } });
      }),
    downtime_type: yup.string().oneOf([...ALERT_DOWNTIME_TYPES]).required(),
    metric: yup.string().oneOf([...ALERT_METRICS]).required(),
    allLines: yup.boolean().required(),
    production_unit_ids: yup
      .array(yup.string().required())
      .required()
      .when('allLines', {
        is: false,
        then: (schema) =>
          schema
            .min(1, 'admin.alerts.problem.linesRequired')
            .test('lines', 'admin.alerts.problem.linesRequired', (ids) => (ids ?? []).some((id) => lineIds.includes(id))),
      }),
    recipientsText: yup
      .string()
      .defined()
      .test('recipients', (text, context) => {
        const addresses = splitRecipients(text ?? '');
        const invalid = addresses.find((address) => !isReportRecipient(address));
        if (invalid !== undefined) return context.createError({ message: 'admin.alerts.problem.recipientInvalid', params: { address: invalid } });
        if (addresses.length > ALERT_RECIPIENTS_MAX) return context.createError({ message: 'admin.alerts.problem.recipientsTooMany', params: { max: ALERT_RECIPIENTS_MAX } });
        return true;
      }),
    webhook_url: yup
      .string()
      .defined()
      .test('webhook', 'error.ALERT_WEBHOOK_INVALID', (value) => {
        const url = (value ?? '').trim();
        return url === '' || (url.length <= WEBHOOK_URL_MAX && webhookAllowed(url));
      }),
    webhook_secret: yup
      .string()
      .defined()
      .test('secret', (secret, context) => {
        if (!secret) return true;
        if ((context.parent as AlertRuleFormValues).webhook_url.trim() === '') return context.createError({ message: 'admin.alerts.problem.secretWithoutWebhook' });
        if (secret.length < WEBHOOK_SECRET_MIN || secret.length > WEBHOOK_SECRET_MAX) {
          return context.createError({ message: 'admin.alerts.problem.secretLength', params: { min: WEBHOOK_SECRET_MIN, max: WEBHOOK_SECRET_MAX } });
        }
        return true;
      }),
    in_app: yup.boolean().required(),
    enabled: yup.boolean().required(),
  });
}

/** The values a problem's message needs, from the error's params (the value checked is left out: it may be any shape). */
function problemValues(params: Record<string, unknown> | undefined): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (key !== 'value' && key !== 'originalValue' && (typeof value === 'string' || typeof value === 'number')) values[key] = value;
  }
  return values;
}

/** Every problem of the values, one per field (the first), and `channels` when the rule would tell nobody. */
export function alertRuleProblems(values: AlertRuleFormValues, lineIds: readonly string[]): AlertRuleProblems {
  const problems: AlertRuleProblems = {};
  try {
    alertRuleSchema(lineIds).validateSync(values, { abortEarly: false });
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    for (const issue of error.inner.length > 0 ? error.inner : [error]) {
      const field = (issue.path ?? '').replace(/\[\d+\]$/, '') as AlertRuleField;
      problems[field] ??= { id: String(issue.message), values: problemValues(issue.params) };
    }
  }
  if (splitRecipients(values.recipientsText).length === 0 && values.webhook_url.trim() === '' && !values.in_app) {
    problems.channels = { id: 'error.ALERT_NO_CHANNEL' };
  }
  return problems;
}

/** The fields in the order the form shows them: the first with a problem takes the focus. */
export const ALERT_RULE_FIELD_ORDER: readonly AlertRuleField[] = [
  'name',
  'kind',
  'downtime_type',
  'metric',
  'minutes',
  'allLines',
  'production_unit_ids',
  'recipientsText',
  'webhook_url',
  'webhook_secret',
  'in_app',
  'channels',
  'enabled',
];
