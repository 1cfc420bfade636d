import type { AlertRule } from '@linepulse/contracts';
import { alertRuleProblems, alertRuleValuesOf, newAlertRuleValues, toAlertRuleInput, webhookAllowed, type AlertRuleFormValues } from './alert-rule-form';

const LINES = ['u-1', 'u-2'];
const values = (overrides: Partial<AlertRuleFormValues> = {}): AlertRuleFormValues => ({ ...newAlertRuleValues(), name: 'Line down', ...overrides });

describe('an alert rule as typed', () => {
  it('passes with a name, minutes and the bell, and is sent with every line and no webhook', () => {
    expect(alertRuleProblems(values(), LINES)).toEqual({});
    expect(toAlertRuleInput(values({ name: '  Line down ' }))).toEqual({
      name: 'Line down',
      kind: 'line_down',
      minutes: 20,
      downtime_type: 'any',
      production_unit_ids: [],
      recipients: [],
      webhook_url: null,
      in_app: true,
      enabled: true,
    });
  });

  it('says what is wrong with each field, with its values', () => {
    const problems = alertRuleProblems(
      values({ name: ' ', minutes: '1441', allLines: false, production_unit_ids: [], recipientsText: 'ana@plant.test, not-an-address', webhook_url: 'http://hooks.example.com/x', webhook_secret: 'short' }),
      LINES,
    );
    expect(problems).toEqual({
      name: { id: 'admin.alerts.problem.nameRequired', values: expect.any(Object) },
      minutes: { id: 'admin.alerts.problem.minutes', values: expect.objectContaining({ max: 1440 }) },
      production_unit_ids: { id: 'admin.alerts.problem.linesRequired', values: expect.any(Object) },
      recipientsText: { id: 'admin.alerts.problem.recipientInvalid', values: expect.objectContaining({ address: 'not-an-address' }) },
      webhook_url: { id: 'error.ALERT_WEBHOOK_INVALID', values: expect.any(Object) },
      webhook_secret: { id: 'admin.alerts.problem.secretLength', values: expect.objectContaining({ min: 16, max: 200 }) },
    });
    expect(alertRuleProblems(values({ minutes: '0' }), LINES).minutes?.id).toBe('admin.alerts.problem.minutes');
    expect(alertRuleProblems(values({ minutes: '2.5' }), LINES).minutes?.id).toBe('admin.alerts.problem.minutes');
    expect(alertRuleProblems(values({ name: 'x'.repeat(101) }), LINES).name).toEqual({ id: 'admin.alerts.problem.nameTooLong', values: expect.objectContaining({ max: 100 }) });
    const many = Array.from({ length: 21 }, (_, i) => `p${i}@plant.test`).join(' ');
    expect(alertRuleProblems(values({ recipientsText: many }), LINES).recipientsText).toEqual({ id: 'admin.alerts.problem.recipientsTooMany', values: expect.objectContaining({ max: 20 }) });
    expect(alertRuleProblems(values({ webhook_secret: 'a-secret-of-20-chars' }), LINES).webhook_secret?.id).toBe('admin.alerts.problem.secretWithoutWebhook');
  });

  it('needs a way to tell someone: recipients, a webhook or the bell', () => {
    expect(alertRuleProblems(values({ in_app: false }), LINES).channels).toEqual({ id: 'error.ALERT_NO_CHANNEL' });
    expect(alertRuleProblems(values({ in_app: false, recipientsText: 'ana@plant.test' }), LINES).channels).toBeUndefined();
  });

  it('sends the lines chosen, the downtime type only for a stop, and a secret only when one is typed', () => {
    const input = toAlertRuleInput(values({ kind: 'no_data', allLines: false, production_unit_ids: ['u-2'], recipientsText: 'ana@plant.test;\nbob@plant.test', webhook_url: ' https://hooks.example.com/x ', webhook_secret: '' }));
    expect(input).toEqual(expect.objectContaining({ kind: 'no_data', production_unit_ids: ['u-2'], recipients: ['ana@plant.test', 'bob@plant.test'], webhook_url: 'https://hooks.example.com/x' }));
    expect(input).not.toHaveProperty('downtime_type');
    expect(input).not.toHaveProperty('webhook_secret');
    expect(toAlertRuleInput(values({ webhook_url: 'https://hooks.example.com/x', webhook_secret: 'a-secret-of-20-chars' })).webhook_secret).toBe('a-secret-of-20-chars');
    // No webhook, no secret.
    expect(toAlertRuleInput(values({ webhook_url: '', webhook_secret: 'a-secret-of-20-chars' }))).not.toHaveProperty('webhook_secret');
  });

  it('sends the metric for a shift projection only, and no downtime type with it', () => {
    const projection = toAlertRuleInput(values({ kind: 'shift_projection', minutes: '60', metric: 'oee', downtime_type: 'unjustified' }));
    expect(projection).toEqual(expect.objectContaining({ kind: 'shift_projection', minutes: 60, metric: 'oee' }));
    expect(projection).not.toHaveProperty('downtime_type');
    expect(toAlertRuleInput(values({ kind: 'line_down', metric: 'oee' }))).not.toHaveProperty('metric');
    expect(toAlertRuleInput(values({ kind: 'no_data', metric: 'oee' }))).not.toHaveProperty('metric');
    expect(alertRuleProblems(values({ kind: 'shift_projection' }), LINES)).toEqual({});
  });

  it('edits a stored rule with its secret left out (the api never shows it)', () => {
    const rule: AlertRule = {
      id: 'r-1',
      factory_id: 'f-1',
      name: 'Silent',
      kind: 'no_data',
      minutes: 15,
      downtime_type: 'any',
      metric: null,
      production_unit_ids: ['u-1'],
      recipients: ['ana@plant.test', 'bob@plant.test'],
      webhook_url: 'https://hooks.example.com/x',
      webhook_signed: true,
      in_app: false,
      enabled: true,
      created_at: '2026-11-26T10:00:00.000Z',
    };
    expect(alertRuleValuesOf(rule)).toEqual(expect.objectContaining({ minutes: '15', metric: 'availability', allLines: false, recipientsText: 'ana@plant.test, bob@plant.test', webhook_secret: '' }));
    expect(alertRuleValuesOf({ ...rule, kind: 'shift_projection', metric: 'oee' })).toEqual(expect.objectContaining({ kind: 'shift_projection', metric: 'oee' }));
  });

  it('calls https webhooks, or http on this machine, without credentials', () => {
    expect(webhookAllowed('https://hooks.example.com/x')).toBe(true);
    expect(webhookAllowed('http://localhost:8080/hook')).toBe(true);
    expect(webhookAllowed('http://hooks.example.com/x')).toBe(false);
    expect(webhookAllowed('https://user:pass@hooks.example.com/x')).toBe(false);
    expect(webhookAllowed('not a url')).toBe(false);
  });
});
