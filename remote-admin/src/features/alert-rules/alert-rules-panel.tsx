import {
  Button,
  MessageBar,
  MessageBarBody,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { EmptyState, ErrorState, LoadingState, errorMessage, isApiError, queryView, useNotifier } from '@linepulse/shared';
import { ALERT_RULES_MAX, ERROR_CODES, type AlertRule, type AlertRuleInput, type Factory } from '@linepulse/contracts';
import { deleteAlertRule } from '../../api/delete-alert-rule';
import { alertRulesQuery } from '../../api/get-alert-rules';
import { postAlertRule } from '../../api/post-alert-rule';
import { putAlertRule } from '../../api/put-alert-rule';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { AlertRuleForm } from './alert-rule-form';

const TOUCH = '44px';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, outlineStyle: 'none' },
  note: { color: tokens.colorNeutralForeground2 },
  scroll: { overflowX: 'auto' },
  table: { tableLayout: 'auto' },
  cell: { verticalAlign: 'top', paddingBlock: tokens.spacingVerticalS },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  touch: { minHeight: TOUCH },
});

type Editing = { rule: AlertRule | null } | null;

/** Whether the api refused because alerts are not part of the factory's subscription. */
function withoutCapability(error: unknown): boolean {
  return isApiError(error) && error.items.some((item) => item.code === ERROR_CODES.alertCapabilityRequired);
}

/**
 * A factory's alert rules (issue 25, decision 51), for admins: the list, a rule added or edited in a
 * form under it, and deleted after a confirmation. Each change is saved at once, apart from the
 * wizard's settings. A factory without the alert capability (or the api's 403 ALERT_CAPABILITY_REQUIRED)
 * is told that alerts are not part of its subscription instead.
 */
export function AlertRulesPanel({ factory }: { factory: Factory }): ReactElement {
  return factory.alert_capability ? <AlertRulesEditor factory={factory} /> : <NoCapability />;
}

function NoCapability(): ReactElement {
  const intl = useIntl();
  return (
    <MessageBar intent="info">
      <MessageBarBody>{intl.formatMessage({ id: 'admin.alerts.noCapability' })}</MessageBarBody>
    </MessageBar>
  );
}

function AlertRulesEditor({ factory }: { factory: Factory }): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const t = (id: string, values?: Record<string, string | number>): string => intl.formatMessage({ id }, values);
  const client = useQueryClient();
  const notifier = useNotifier();
  const query = alertRulesQuery(factory.id);
  const view = queryView(useQuery(query));
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AlertRule | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  if (withoutCapability(view.error)) return <NoCapability />;

  const save = async (rule: AlertRule | null, input: AlertRuleInput): Promise<void> => {
    const saved = rule ? await putAlertRule(factory.id, rule.id, input) : await postAlertRule(factory.id, input);
    client.setQueryData<AlertRule[]>(query.queryKey, (rules = []) => (rule ? rules.map((r) => (r.id === saved.id ? saved : r)) : [...rules, saved]));
    notifier.success(t('admin.alerts.saved', { name: saved.name }));
    setEditing(null);
    headingRef.current?.focus();
  };

  const rules = view.data;
  const full = (rules?.length ?? 0) >= ALERT_RULES_MAX;
  const lineNames = (rule: AlertRule): string =>
    rule.production_unit_ids.length === 0
      ? t('admin.alerts.allLines')
      : rule.production_unit_ids.map((id) => factory.production_units.find((unit) => unit.id === id)?.name ?? id).join(', ');
  const delivery = (rule: AlertRule): string =>
    [
      rule.recipients.length > 0 ? t('admin.alerts.recipientsCount', { count: rule.recipients.length }) : null,
      rule.webhook_url !== null ? t(rule.webhook_signed ? 'admin.alerts.webhookSigned' : 'admin.alerts.webhookUnsigned') : null,
      rule.in_app ? t('admin.alerts.bell') : null,
    ]
      .filter((part) => part !== null)
      .join(', ');
  const condition = (rule: AlertRule): string =>
    t(`admin.alerts.condition.${rule.kind}`, {
      minutes: rule.minutes,
      type: t(`admin.alerts.downtimeType.${rule.downtime_type}`).toLowerCase(),
      // A shift projection's only (null for the other kinds).
      metric: rule.metric === null ? '' : t(`admin.alerts.metric.${rule.metric}`),
    });

  return (
    <section className={styles.panel} aria-labelledby="alert-rules-heading">
      <div className={styles.header}>
        <h2 id="alert-rules-heading" ref={headingRef} tabIndex={-1} className={styles.heading}>
          {t('admin.alerts.title')}
        </h2>
        {rules && editing === null ? (
          <Button appearance="primary" icon={<AddRegular />} className={styles.touch} disabled={full} onClick={() => setEditing({ rule: null })}>
            {t('admin.alerts.add')}
          </Button>
        ) : null}
      </div>
      <Text className={styles.note}>{t('admin.alerts.description')}</Text>
      {full ? <Text className={styles.note}>{t('admin.alerts.tooMany', { max: ALERT_RULES_MAX })}</Text> : null}
      {view.loading ? (
        <LoadingState />
      ) : rules === undefined ? (
        <ErrorState title={t('admin.alerts.loadFailed')} message={errorMessage(intl, view.error) || t('state.error.message')} onRetry={view.reload} />
      ) : rules.length === 0 ? (
        editing === null ? <EmptyState title={t('admin.alerts.empty')} /> : null
      ) : (
        <div className={styles.scroll}>
          <Table className={styles.table} aria-label={t('admin.alerts.title')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('admin.alerts.column.name')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.alerts.column.condition')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.alerts.column.lines')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.alerts.column.delivery')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.alerts.column.state')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.alerts.column.actions')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rules.map((rule) => (
                <TableRow key={rule.id}>
                  <TableCell className={styles.cell}>{rule.name}</TableCell>
                  <TableCell className={styles.cell}>{condition(rule)}</TableCell>
                  <TableCell className={styles.cell}>{lineNames(rule)}</TableCell>
                  <TableCell className={styles.cell}>{delivery(rule)}</TableCell>
                  <TableCell className={styles.cell}>{t(rule.enabled ? 'admin.alerts.enabled' : 'admin.alerts.disabled')}</TableCell>
                  <TableCell className={styles.cell}>
                    <div className={styles.actions}>
                      <Button appearance="subtle" icon={<EditRegular />} className={styles.touch} aria-label={t('admin.alerts.edit', { name: rule.name })} onClick={() => setEditing({ rule })} />
                      <Button appearance="subtle" icon={<DeleteRegular />} className={styles.touch} aria-label={t('admin.alerts.delete', { name: rule.name })} onClick={() => setDeleting(rule)} />
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {editing !== null ? (
        <AlertRuleForm
          key={editing.rule?.id ?? 'new'}
          factory={factory}
          rule={editing.rule}
          onSubmit={(input) => save(editing.rule, input)}
          onCancel={() => {
            setEditing(null);
            headingRef.current?.focus();
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t('admin.alerts.deleteTitle', { name: deleting.name })}
          message={t('admin.alerts.deleteMessage')}
          confirmLabel={t('common.delete')}
          onConfirm={async () => {
            await deleteAlertRule(factory.id, deleting.id);
            client.setQueryData<AlertRule[]>(query.queryKey, (list) => list?.filter((r) => r.id !== deleting.id));
            if (editing?.rule?.id === deleting.id) setEditing(null);
            notifier.success(t('admin.alerts.deleted', { name: deleting.name }));
          }}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}
