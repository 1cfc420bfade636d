import {
  Button,
  Checkbox,
  Field,
  Input,
  Radio,
  RadioGroup,
  Select,
  Switch,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { errorMessage, genericErrorMessage, isApiError, translateApiErrors } from '@linepulse/shared';
import {
  ALERT_DOWNTIME_TYPES,
  ALERT_KINDS,
  ALERT_METRICS,
  ALERT_MINUTES_MAX,
  ALERT_RECIPIENTS_MAX,
  ERROR_CODES,
  type AlertRule,
  type AlertRuleInput,
  type Factory,
} from '@linepulse/contracts';
import {
  ALERT_RULE_FIELD_ORDER,
  WEBHOOK_SECRET_MAX,
  WEBHOOK_SECRET_MIN,
  alertRuleProblems,
  alertRuleValuesOf,
  newAlertRuleValues,
  toAlertRuleInput,
  type AlertRuleField,
  type AlertRuleFormValues,
  type AlertRuleProblem,
} from '../../model/alert-rule-form';

const TOUCH = '44px';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    maxWidth: '720px',
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, outlineStyle: 'none' },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, '& > *': { minWidth: '200px', flexGrow: 1 } },
  fieldset: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    margin: 0,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  legend: { fontWeight: tokens.fontWeightSemibold, paddingInline: tokens.spacingHorizontalXS },
  lines: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL },
  touch: { minHeight: TOUCH },
  error: { color: tokens.colorPaletteRedForeground1, whiteSpace: 'pre-line' },
  note: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

/** A refusal of the api for one field, shown while that field still holds what was refused. */
interface ServerProblem {
  field: AlertRuleField;
  text: string;
  /** The field's value when it was refused (JSON): editing the field removes the message. */
  refused: string;
}

/** Where the api's codes belong on the form; any other code is said above the buttons. */
const FIELD_OF_CODE: Partial<Record<string, AlertRuleField>> = {
  [ERROR_CODES.reportRecipientNotAllowed]: 'recipientsText',
  [ERROR_CODES.alertWebhookInvalid]: 'webhook_url',
  [ERROR_CODES.alertUnitNotInFactory]: 'production_unit_ids',
  [ERROR_CODES.alertNoChannel]: 'channels',
  // A projection needs its metric, and the factory's objective for it (set in the factory's settings).
  [ERROR_CODES.alertMetricRequired]: 'metric',
  [ERROR_CODES.alertObjectiveMissing]: 'metric',
};

/** The values a field's message depends on (`channels`: every way of telling someone). */
function fieldValue(values: AlertRuleFormValues, field: AlertRuleField): string {
  if (field === 'channels') return JSON.stringify([values.recipientsText, values.webhook_url, values.in_app]);
  if (field === 'production_unit_ids') return JSON.stringify([values.allLines, values.production_unit_ids]);
  return JSON.stringify(values[field]);
}

export interface AlertRuleFormProps {
  factory: Factory;
  /** The rule edited; null for a new one. */
  rule: AlertRule | null;
  /** Sends the rule (POST or PUT); a rejection keeps the form as typed, with the api's messages. */
  onSubmit(input: AlertRuleInput): Promise<void>;
  onCancel(): void;
}

/**
 * One alert rule, new or edited (issue 25, decision 51): every rule the api checks without its database
 * shown under its field before anything is sent (yup, model/alert-rule-form.ts); the api's refusals
 * (ALERT_*, RPT_RECIPIENT_NOT_ALLOWED, GEN_VALIDATION) shown translated under the field they concern or
 * above the buttons, with everything typed kept. The webhook secret is write-only: left empty, the
 * stored one is kept.
 */
export function AlertRuleForm({ factory, rule, onSubmit, onCancel }: AlertRuleFormProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const t = (id: string, values?: Record<string, string | number>): string => intl.formatMessage({ id }, values);
  const lineIds = factory.production_units.map((unit) => unit.id);
  const [serverProblems, setServerProblems] = useState<ServerProblem[]>([]);
  const [failure, setFailure] = useState('');

  const form = useFormik<AlertRuleFormValues>({
    initialValues: rule ? alertRuleValuesOf(rule) : newAlertRuleValues(),
    validate: (values) => {
      // formik wants a message per field; the texts are read from `problems` below.
      const problems = alertRuleProblems(values, lineIds);
      return Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, problem.id]));
    },
    onSubmit: async (values) => {
      setFailure('');
      setServerProblems([]);
      try {
        await onSubmit(toAlertRuleInput(values));
      } catch (error) {
        showRefusal(error, values);
      }
    },
  });

  const showRefusal = (error: unknown, values: AlertRuleFormValues): void => {
    if (isApiError(error)) {
      const located = error.items.filter((item) => FIELD_OF_CODE[item.code] !== undefined);
      if (located.length > 0) {
        setServerProblems(
          located.map((item) => {
            const field = FIELD_OF_CODE[item.code]!;
            return { field, text: translateApiErrors(intl, [item]) || genericErrorMessage(intl, item.code), refused: fieldValue(values, field) };
          }),
        );
        const rest = error.items.filter((item) => FIELD_OF_CODE[item.code] === undefined);
        setFailure(rest.length > 0 ? translateApiErrors(intl, rest) || t('admin.alerts.notSaved') : t('admin.alerts.notSaved'));
        return;
      }
    }
    setFailure(`${t('admin.alerts.saveFailed')}\n${errorMessage(intl, error) || genericErrorMessage(intl)}`);
  };

  const problems = alertRuleProblems(form.values, lineIds);
  const shown = (field: AlertRuleField): boolean => form.submitCount > 0 || (field in form.touched && form.touched[field as keyof AlertRuleFormValues] === true);
  const problemText = (problem: AlertRuleProblem): string => intl.formatMessage({ id: problem.id }, problem.values);
  /** The message under a field: the rule's own problem once touched or tried, else the api's refusal of what it still holds. */
  const messageOf = (field: AlertRuleField): string | undefined => {
    const own = problems[field];
    if (own && shown(field)) return problemText(own);
    const refusals = serverProblems.filter((p) => p.field === field && p.refused === fieldValue(form.values, field));
    return refusals.length > 0 ? refusals.map((p) => p.text).join('\n') : undefined;
  };
  const state = (field: AlertRuleField) => {
    const message = messageOf(field);
    return message ? { validationMessage: message, validationState: 'error' as const } : {};
  };

  // A new form takes the focus at its heading; a refused submit moves it to the first field in error.
  useEffect(() => headingRef.current?.focus(), []);
  const focusedFor = useRef(0);
  useEffect(() => {
    if (form.submitCount === focusedFor.current || form.isSubmitting) return;
    focusedFor.current = form.submitCount;
    const first = ALERT_RULE_FIELD_ORDER.find((field) => messageOf(field) !== undefined);
    if (!first) return;
    const name = first === 'channels' ? 'in_app' : first === 'production_unit_ids' ? 'allLines' : first;
    formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
  });

  const linesMessageId = useId();
  const linesMessage = messageOf('production_unit_ids');

  const setField = (field: keyof AlertRuleFormValues, value: unknown): void => {
    void form.setFieldValue(field, value);
    void form.setFieldTouched(field, true, false);
  };
  const toggleLine = (id: string, checked: boolean): void => {
    const ids = form.values.production_unit_ids;
    setField('production_unit_ids', checked ? [...ids.filter((x) => x !== id), id] : ids.filter((x) => x !== id));
  };

  const fieldset = (legend: string, children: ReactNode): ReactElement => (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      {children}
    </fieldset>
  );

  return (
    <form ref={formRef} className={styles.form} aria-labelledby={headingId} noValidate onSubmit={form.handleSubmit}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className={styles.heading}>
        {rule ? t('admin.alerts.editTitle', { name: rule.name }) : t('admin.alerts.newTitle')}
      </h3>
      <Field label={t('admin.alerts.name')} required {...state('name')}>
        <Input name="name" value={form.values.name} onChange={(_event, data) => void form.setFieldValue('name', data.value)} onBlur={form.handleBlur} />
      </Field>

      <Field label={t('admin.alerts.kind')} required {...state('kind')}>
        <RadioGroup name="kind" value={form.values.kind} onChange={(_event, data) => setField('kind', data.value)}>
          {ALERT_KINDS.map((kind) => (
            <Radio key={kind} value={kind} label={t(`admin.alerts.kind.${kind}`)} className={styles.touch} />
          ))}
        </RadioGroup>
      </Field>

      <div className={styles.row}>
        <Field label={t('admin.alerts.minutes')} required hint={t(`admin.alerts.minutesHint.${form.values.kind}`, { max: ALERT_MINUTES_MAX })} {...state('minutes')}>
          <Input
            name="minutes"
            inputMode="numeric"
            value={form.values.minutes}
            onChange={(_event, data) => void form.setFieldValue('minutes', data.value)}
            onBlur={form.handleBlur}
          />
        </Field>
        {form.values.kind === 'line_down' ? (
          <Field label={t('admin.alerts.downtimeType')} hint={t('admin.alerts.downtimeTypeHint')} {...state('downtime_type')}>
            <Select name="downtime_type" value={form.values.downtime_type} onChange={(_event, data) => setField('downtime_type', data.value)}>
              {ALERT_DOWNTIME_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`admin.alerts.downtimeType.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        {form.values.kind === 'shift_projection' ? (
          <Field label={t('admin.alerts.metric')} required hint={t('admin.alerts.metricHint')} {...state('metric')}>
            <Select name="metric" value={form.values.metric} onChange={(_event, data) => setField('metric', data.value)}>
              {ALERT_METRICS.map((metric) => (
                <option key={metric} value={metric}>
                  {t(`admin.alerts.metric.${metric}`)}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
      </div>

      {fieldset(
        t('admin.alerts.lines'),
        factory.production_units.length === 0 ? (
          <Text className={styles.note}>{t('admin.alerts.lines.none')}</Text>
        ) : (
          <>
            <RadioGroup
              name="allLines"
              aria-label={t('admin.alerts.lines')}
              value={form.values.allLines ? 'all' : 'some'}
              onChange={(_event, data) => setField('allLines', data.value === 'all')}
            >
              <Radio value="all" label={t('admin.alerts.lines.all')} className={styles.touch} />
              <Radio value="some" label={t('admin.alerts.lines.some')} className={styles.touch} />
            </RadioGroup>
            {form.values.allLines ? null : (
              <div className={styles.lines} role="group" aria-label={t('admin.alerts.lines.some')} aria-describedby={linesMessage ? linesMessageId : undefined}>
                {factory.production_units.map((unit) => (
                  <Checkbox
                    key={unit.id}
                    name="production_unit_ids"
                    className={styles.touch}
                    label={unit.name}
                    checked={form.values.production_unit_ids.includes(unit.id)}
                    onChange={(_event, data) => toggleLine(unit.id, data.checked === true)}
                  />
                ))}
              </div>
            )}
            {linesMessage ? (
              <Text id={linesMessageId} role="alert" className={styles.error}>
                {linesMessage}
              </Text>
            ) : null}
          </>
        ),
      )}

      {fieldset(
        t('admin.alerts.delivery'),
        <>
          <Field label={t('admin.alerts.recipients')} hint={t('admin.alerts.recipientsHint', { max: ALERT_RECIPIENTS_MAX })} {...state('recipientsText')}>
            <Textarea
              name="recipientsText"
              resize="vertical"
              value={form.values.recipientsText}
              onChange={(_event, data) => void form.setFieldValue('recipientsText', data.value)}
              onBlur={form.handleBlur}
            />
          </Field>
          <Field label={t('admin.alerts.webhookUrl')} hint={t('admin.alerts.webhookUrlHint')} {...state('webhook_url')}>
            <Input
              name="webhook_url"
              type="url"
              value={form.values.webhook_url}
              onChange={(_event, data) => void form.setFieldValue('webhook_url', data.value)}
              onBlur={form.handleBlur}
            />
          </Field>
          <Field
            label={t('admin.alerts.webhookSecret')}
            hint={t(rule?.webhook_signed ? 'admin.alerts.webhookSecretSet' : 'admin.alerts.webhookSecretHint', { min: WEBHOOK_SECRET_MIN, max: WEBHOOK_SECRET_MAX })}
            {...state('webhook_secret')}
          >
            <Input
              name="webhook_secret"
              type="password"
              autoComplete="new-password"
              value={form.values.webhook_secret}
              onChange={(_event, data) => void form.setFieldValue('webhook_secret', data.value)}
              onBlur={form.handleBlur}
            />
          </Field>
          <Switch name="in_app" className={styles.touch} label={t('admin.alerts.inApp')} checked={form.values.in_app} onChange={(_event, data) => setField('in_app', data.checked)} />
          {messageOf('channels') ? (
            <Text role="alert" className={styles.error}>
              {messageOf('channels')}
            </Text>
          ) : null}
        </>,
      )}

      <Switch name="enabled" className={styles.touch} label={t('admin.alerts.ruleEnabled')} checked={form.values.enabled} onChange={(_event, data) => setField('enabled', data.checked)} />

      {failure ? (
        <Text role="alert" className={styles.error}>
          {failure}
        </Text>
      ) : null}
      <div className={styles.actions}>
        <Button appearance="primary" type="submit" className={styles.touch} disabled={form.isSubmitting}>
          {t('admin.alerts.save')}
        </Button>
        <Button className={styles.touch} disabled={form.isSubmitting} onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
