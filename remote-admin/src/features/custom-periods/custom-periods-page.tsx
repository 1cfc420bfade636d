import {
  Button,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
} from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { AppLink, EmptyState, ErrorState, LoadingState, PageFrame, customPeriodsQuery, errorMessage, queryView, useNotifier } from '@linepulse/shared';
import { routePath, type CustomPeriod } from '@linepulse/contracts';
import { deleteCustomPeriod } from '../../api/delete-custom-period';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useCustomPeriodCache } from './custom-period-cache';

const useStyles = makeStyles({
  numeric: { textAlign: 'end' },
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
  const cache = useCustomPeriodCache();
  const notifier = useNotifier();
  const t = (id: string, values?: Record<string, string | number>): string => intl.formatMessage({ id }, values);
  return (
    <ConfirmDialog
      title={t('admin.customPeriods.deleteTitle', { name: period.name })}
      message={t('admin.customPeriods.deleteMessage', { name: period.name, start: period.start_date, end: period.end_date })}
      confirmLabel={t('common.delete')}
      onConfirm={async () => {
        await deleteCustomPeriod(period.id);
        await cache.deleted(period.id);
        notifier.success(t('admin.customPeriods.deleted', { name: period.name }));
      }}
      onClose={onClose}
    />
  );
}
