import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { EmptyState, ErrorState, LoadingState, errorMessage } from '@linepulse/shared';
import type { EmailReport, ReportDelivery } from '@linepulse/contracts';
import { getReportDelivery, reportDeliveriesQuery } from '../../api/get-report-deliveries';
import { MessageFrame } from './message-frame';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '900px' },
  heading: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, margin: 0 },
  scroll: { overflowX: 'auto' },
  // Columns sized by their content, the panel scrolling when they do not fit (as the reports list).
  table: { tableLayout: 'auto' },
  answer: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, margin: 0 },
  surface: { maxWidth: '760px', width: '95vw' },
});

/** A report's deliveries: when, to whom, the outcome and the SMTP server's answer, and each message as sent. */
/** Recipients the delivery did not write to (decision 32); absent from answers of an api older than it. */
function skippedOf(delivery: ReportDelivery): string[] {
  return delivery.skipped_recipients ?? [];
}

export function DeliveryHistory({ report }: { report: EmailReport }): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const deliveries = useQuery(reportDeliveriesQuery(report.id));
  const [open, setOpen] = useState<ReportDelivery | null>(null);
  const message = useQuery({
    queryKey: ['email-report', report.id, 'deliveries', open?.id ?? ''],
    queryFn: ({ signal }) => getReportDelivery(report.id, open!.id, signal),
    enabled: open !== null,
  });
  const when = (iso: string): string => DateTime.fromISO(iso, { zone: report.timezone }).setLocale(intl.locale).toLocaleString(DateTime.DATETIME_MED_WITH_SECONDS);

  return (
    <section className={styles.section} aria-labelledby="report-history-heading">
      <h2 id="report-history-heading" className={styles.heading}>
        {intl.formatMessage({ id: 'reports.history.title' })}
      </h2>
      {deliveries.isPending ? (
        <LoadingState />
      ) : deliveries.isError ? (
        <ErrorState message={errorMessage(intl, deliveries.error)} onRetry={() => void deliveries.refetch()} />
      ) : deliveries.data.length === 0 ? (
        <EmptyState title={intl.formatMessage({ id: 'reports.history.empty' })} />
      ) : (
        <div className={styles.scroll}>
          <Table aria-labelledby="report-history-heading" size="small" className={styles.table}>
            <TableHeader>
              <TableRow>
                {['when', 'to', 'outcome', 'answer'].map((column) => (
                  <TableHeaderCell key={column}>{intl.formatMessage({ id: `reports.history.${column}` })}</TableHeaderCell>
                ))}
                <TableHeaderCell>{intl.formatMessage({ id: 'reports.column.actions' })}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {deliveries.data.map((delivery) => (
                <TableRow key={delivery.id}>
                  <TableCell>
                    {when(delivery.sent_at ?? delivery.created_at)} ({intl.formatMessage({ id: `reports.kind.${delivery.kind}` })})
                  </TableCell>
                  <TableCell>
                    {delivery.recipients.filter((address) => !skippedOf(delivery).includes(address)).join(', ')}
                    {skippedOf(delivery).length > 0 ? (
                      <div>{intl.formatMessage({ id: 'reports.history.skipped' }, { addresses: skippedOf(delivery).join(', ') })}</div>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    <Badge appearance="tint" color={delivery.status === 'sent' ? 'success' : delivery.status === 'failed' ? 'danger' : 'warning'}>
                      {intl.formatMessage({ id: `reports.status.${delivery.status}` })}
                    </Badge>
                  </TableCell>
                  <TableCell>
                    <pre className={styles.answer}>{delivery.smtp_response ?? ''}</pre>
                  </TableCell>
                  <TableCell>
                    <Button size="small" disabled={delivery.subject === null} onClick={() => setOpen(delivery)}>
                      {intl.formatMessage({ id: 'reports.history.view' })}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <Dialog open={open !== null} onOpenChange={(_event, data) => (data.open ? undefined : setOpen(null))}>
        <DialogSurface className={styles.surface}>
          <DialogBody>
            <DialogTitle>{message.data?.subject ?? intl.formatMessage({ id: 'reports.history.message' })}</DialogTitle>
            <DialogContent>
              {message.isPending ? (
                <LoadingState />
              ) : message.isError ? (
                <ErrorState message={errorMessage(intl, message.error)} />
              ) : message.data.html ? (
                <MessageFrame html={message.data.html} title={intl.formatMessage({ id: 'reports.history.message' })} />
              ) : (
                <pre className={styles.answer}>{message.data.text ?? ''}</pre>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setOpen(null)}>{intl.formatMessage({ id: 'reports.close' })}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </section>
  );
}
