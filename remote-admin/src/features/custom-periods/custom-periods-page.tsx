import {
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
import { DeleteRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { AppLink, EmptyState, ErrorState, LoadingState, PageFrame, customPeriodsQuery, errorMessage, genericErrorMessage, queryView, useNotifier } from '@linepulse/shared';
import { routePath, type CustomPeriod } from '@linepulse/contracts';
import { deleteCustomPeriod } from '../../api/delete-custom-period';
import { useCustomPeriodCache } from './custom-period-cache';

const useStyles = makeStyles({
  numeric: { textAlign: 'end' },
  message: { whiteSpace: 'pre-line' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** /customPeriods (admin): the account's custom periods, each to edit or delete; a new one. */
export function CustomPeriodsPage(): ReactElement {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>): string => intl.formatMessage({ id }, values);
  const view = queryView(useQuery(customPeriodsQuery()));
  const [deleting, setDeleting] = useState<CustomPeriod | null>(null);
  const periods = view.data;
  return (
    <PageFrame
      title={t('admin.customPeriods.title')}
      description={t('admin.customPeriods.description')}
      actions={<AppLink to={routePath('customPeriodCreation')}>{t('admin.customPeriods.new')}</AppLink>}
    >
      {view.loading ? (
        <LoadingState />
      ) : periods === undefined ? (
        <ErrorState title={t('admin.customPeriods.loadFailed')} message={errorMessage(intl, view.error) || t('state.error.message')} onRetry={view.reload} />
      ) : periods.length === 0 ? (
        <EmptyState title={t('admin.customPeriods.empty')} />
      ) : (
        <CustomPeriodTable periods={periods} onDelete={setDeleting} />
      )}
      {deleting ? <DeleteDialog period={deleting} onClose={() => setDeleting(null)} /> : null}
    </PageFrame>
  );
}

function CustomPeriodTable({ periods, onDelete }: { periods: CustomPeriod[]; onDelete(period: CustomPeriod): void }): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const t = (id: string, values?: Record<string, string | number>): string => intl.formatMessage({ id }, values);
  return (
    <Table aria-label={t('admin.customPeriods.title')}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('admin.customPeriods.name')}</TableHeaderCell>
          <TableHeaderCell>{t('admin.customPeriods.start')}</TableHeaderCell>
          <TableHeaderCell>{t('admin.customPeriods.end')}</TableHeaderCell>
          <TableHeaderCell className={styles.numeric}>{t('admin.customPeriods.days')}</TableHeaderCell>
          <TableHeaderCell>{t('admin.customPeriods.actions')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {periods.map((period) => (
          <TableRow key={period.id}>
            <TableCell>
              <AppLink to={routePath('customPeriodEdition', { id: period.id })}>{period.name}</AppLink>
            </TableCell>
            <TableCell>{period.start_date}</TableCell>
            <TableCell>{period.end_date}</TableCell>
            <TableCell className={styles.numeric}>{intl.formatNumber(period.days)}</TableCell>
            <TableCell>
              <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => onDelete(period)}>
                {t('admin.customPeriods.delete', { name: period.name })}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The confirmation before a deletion; the period leaves every period picker once deleted. */
function DeleteDialog({ period, onClose }: { period: CustomPeriod; onClose(): void }): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const cache = useCustomPeriodCache();
  const notifier = useNotifier();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const t = (id: string, values?: Record<string, string | number>): string => intl.formatMessage({ id }, values);
  const confirm = async (): Promise<void> => {
    setBusy(true);
    setFailure('');
    try {
      await deleteCustomPeriod(period.id);
      await cache.deleted(period.id);
      notifier.success(t('admin.customPeriods.deleted', { name: period.name }));
      onClose();
    } catch (error) {
      setFailure(errorMessage(intl, error) || genericErrorMessage(intl));
      setBusy(false);
    }
  };
  return (
    <Dialog open modalType="alert" onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('admin.customPeriods.deleteTitle', { name: period.name })}</DialogTitle>
          <DialogContent>
            <p>{t('admin.customPeriods.deleteMessage', { name: period.name, start: period.start_date, end: period.end_date })}</p>
            {failure ? (
              <p role="alert" className={`${styles.message} ${styles.error}`}>
                {failure}
              </p>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={busy} onClick={() => void confirm()}>
              {t('common.delete')}
            </Button>
            <Button disabled={busy} onClick={onClose}>
              {t('common.cancel')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
