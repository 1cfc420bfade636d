import {
  Badge,
  Button,
  Card,
  CardHeader,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Switch,
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
import { DeleteRegular, LockClosedRegular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useState, type ReactElement } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { AppLink, EmptyState, ErrorState, FactoryPageFrame, LoadingState, errorMessage, useNotifier, useUser } from '@linepulse/shared';
import { REPORT_TEMPLATES, labelColon, canAuthorReports, type EmailReport, type Factory, type ReportQuota } from '@linepulse/contracts';
import { deleteEmailReport } from '../../api/delete-email-report';
import { emailReportsQuery } from '../../api/get-email-reports';
import { reportQuotaQuery } from '../../api/get-report-quota';
import { putReportActive } from '../../api/put-report-active';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  scroll: { overflowX: 'auto' },
  templates: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: tokens.spacingHorizontalM },
  card: { height: '100%' },
  heading: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, margin: 0 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  nowrap: { whiteSpace: 'nowrap' },
  // Columns sized by their content (Fluent's fixed layout gives every column the same width, and the
  // dates and addresses spilled into their neighbours at laptop widths); the panel scrolls instead.
  table: { tableLayout: 'auto' },
  recipients: { overflowWrap: 'anywhere', minWidth: '12em' },
});

/** "Daily at 07:00", "Weekly (Monday) at 07:00", "Monthly (15) at 07:00". */
export function scheduleLabel(intl: IntlShape, report: Pick<EmailReport, 'frequency' | 'day' | 'time'>): string {
  const frequency = intl.formatMessage({ id: `reports.frequency.${report.frequency}` });
  const day = report.day === null ? '' : report.frequency === 'weekly' ? ` (${intl.formatMessage({ id: `reports.weekday.${report.day}` })})` : ` (${report.day})`;
  return intl.formatMessage({ id: 'reports.frequency.at' }, { frequency: `${frequency}${day}`, time: report.time });
}

function instant(intl: IntlShape, iso: string, zone: string): string {
  return DateTime.fromISO(iso, { zone }).setLocale(intl.locale).toLocaleString(DateTime.DATETIME_MED);
}

/** /:factoryId/my-reports: the user's reports of the factory, their switches and deletion, and the templates. */
export function MyReportsPage(): ReactElement {
  const intl = useIntl();
  return (
    <FactoryPageFrame title={intl.formatMessage({ id: 'reports.list.title' })} description={intl.formatMessage({ id: 'reports.list.description' })}>
      {(factory) => <MyReports factory={factory} />}
    </FactoryPageFrame>
  );
}

function MyReports({ factory }: { factory: Factory }): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const notifier = useNotifier();
  const client = useQueryClient();
  const reports = useQuery(emailReportsQuery(factory.id));
  const quota = useQuery(reportQuotaQuery());
  const [deleting, setDeleting] = useState<EmailReport | null>(null);
  const refresh = async (): Promise<void> => {
    await client.invalidateQueries({ queryKey: ['email-reports'] });
  };
  const toggle = useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => putReportActive(id, active),
    onSuccess: refresh,
    onError: (error) => notifier.error(errorMessage(intl, error)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteEmailReport(id),
    onSuccess: async () => {
      setDeleting(null);
      notifier.success(intl.formatMessage({ id: 'reports.deleted' }));
      await refresh();
    },
    onError: (error) => notifier.error(errorMessage(intl, error)),
  });

  return (
    <div className={styles.root}>
      <section className={styles.section} aria-labelledby="reports-list-heading">
        <h2 id="reports-list-heading" className={styles.heading}>
          {intl.formatMessage({ id: 'reports.list.title' })}
        </h2>
        {reports.isPending ? (
          <LoadingState />
        ) : reports.isError ? (
          <ErrorState message={errorMessage(intl, reports.error)} onRetry={() => void reports.refetch()} />
        ) : reports.data.length === 0 ? (
          <EmptyState title={intl.formatMessage({ id: 'reports.list.empty' })} />
        ) : (
          <div className={styles.scroll}>
            <Table aria-labelledby="reports-list-heading" size="small" className={styles.table}>
              <TableHeader>
                <TableRow>
                  {['title', 'template', 'frequency', 'next', 'recipients', 'active', 'last', 'actions'].map((column) => (
                    <TableHeaderCell key={column}>{intl.formatMessage({ id: `reports.column.${column}` })}</TableHeaderCell>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {reports.data.map((report) => (
                  <TableRow key={report.id}>
                    <TableCell>
                      <AppLink to={`/${factory.id}/my-reports/${report.id}`}>{report.title}</AppLink>
                    </TableCell>
                    <TableCell>{intl.formatMessage({ id: `reports.template.${report.template}` })}</TableCell>
                    <TableCell>{scheduleLabel(intl, report)}</TableCell>
                    <TableCell className={styles.nowrap}>
                      {report.next_delivery_at ? `${instant(intl, report.next_delivery_at, report.timezone)} (${report.timezone})` : intl.formatMessage({ id: 'reports.none' })}
                    </TableCell>
                    <TableCell className={styles.recipients}>{report.recipients.join(', ') || intl.formatMessage({ id: 'reports.none' })}</TableCell>
                    <TableCell>
                      <Switch
                        checked={report.active}
                        disabled={toggle.isPending}
                        aria-label={intl.formatMessage({ id: 'reports.active.toggle' }, { title: report.title })}
                        onChange={(_event, data) => toggle.mutate({ id: report.id, active: data.checked })}
                      />
                    </TableCell>
                    <TableCell className={styles.nowrap}>
                      {report.last_delivery ? (
                        <>
                          {instant(intl, report.last_delivery.at, report.timezone)}{' '}
                          <Badge appearance="tint" color={report.last_delivery.status === 'sent' ? 'success' : report.last_delivery.status === 'failed' ? 'danger' : 'warning'}>
                            {intl.formatMessage({ id: `reports.status.${report.last_delivery.status}` })}
                          </Badge>
                        </>
                      ) : (
                        intl.formatMessage({ id: 'reports.none' })
                      )}
                    </TableCell>
                    <TableCell>
                      <Button
                        appearance="subtle"
                        icon={<DeleteRegular />}
                        aria-label={intl.formatMessage({ id: 'reports.delete.named' }, { title: report.title })}
                        onClick={() => setDeleting(report)}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </section>
      <Templates factory={factory} quota={quota.data} />
      {/* Mounted only while a deletion is asked: a dialog kept mounted and toggled closed stays in the
          DOM, hidden, through its exit motion, and a quick second opening could find that one. */}
      {deleting ? (
        <Dialog open onOpenChange={(_event, data) => (data.open ? undefined : setDeleting(null))}>
          <DialogSurface>
            <DialogBody>
              <DialogTitle>{intl.formatMessage({ id: 'reports.delete.confirmTitle' })}</DialogTitle>
              <DialogContent>{intl.formatMessage({ id: 'reports.delete.confirmBody' }, { title: deleting.title })}</DialogContent>
              <DialogActions>
                <Button appearance="primary" disabled={remove.isPending} onClick={() => remove.mutate(deleting.id)}>
                  {intl.formatMessage({ id: 'reports.delete' })}
                </Button>
                <Button onClick={() => setDeleting(null)}>{intl.formatMessage({ id: 'reports.cancel' })}</Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      ) : null}
    </div>
  );
}

/** The four templates; creation is a locked feature once the package's reports are all used (product §5, §8). */
function Templates({ factory, quota }: { factory: Factory; quota: ReportQuota | undefined }): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const user = useUser();
  // The display (presenter) writes no report (decision 32): the templates are shown, not offered.
  const display = user !== null && !canAuthorReports(user.role);
  const locked = display || (quota !== undefined && quota.used >= quota.max);
  return (
    <section className={styles.section} aria-labelledby="reports-templates-heading">
      <h2 id="reports-templates-heading" className={styles.heading}>
        {intl.formatMessage({ id: 'reports.templates.heading' })}
      </h2>
      {quota ? <Text>{intl.formatMessage({ id: 'reports.list.quota' }, { used: quota.used, max: quota.max })}</Text> : null}
      {display ? (
        <MessageBar intent="info" icon={<LockClosedRegular />}>
          <MessageBarBody>{intl.formatMessage({ id: 'error.RPT_ROLE_FORBIDDEN' })}</MessageBarBody>
        </MessageBar>
      ) : locked && quota ? (
        <MessageBar intent="warning" icon={<LockClosedRegular />}>
          <MessageBarBody>
            <MessageBarTitle>{intl.formatMessage({ id: 'reports.locked.title' })}</MessageBarTitle>
            {quota.max === 0
              ? intl.formatMessage({ id: 'report.status.subscriptionLimit' })
              : intl.formatMessage({ id: 'report.status.maxReports' }, { max: quota.max })}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.templates}>
        {REPORT_TEMPLATES.map((template) => (
          <Card key={template} className={styles.card}>
            <CardHeader
              header={<Text weight="semibold">{intl.formatMessage({ id: `reports.template.${template}` })}</Text>}
              description={<Text>{intl.formatMessage({ id: `reports.template.${template}.about` })}</Text>}
            />
            {locked ? (
              <Button icon={<LockClosedRegular />} disabled>
                {intl.formatMessage({ id: 'reports.templates.use' })}
              </Button>
            ) : (
              <AppLink to={`/${factory.id}/my-reports/creation/${template}`} aria-label={`${intl.formatMessage({ id: 'reports.templates.use' })}${labelColon(intl.locale)}${intl.formatMessage({ id: `reports.template.${template}` })}`}>
                {intl.formatMessage({ id: 'reports.templates.use' })}
              </AppLink>
            )}
          </Card>
        ))}
      </div>
    </section>
  );
}
