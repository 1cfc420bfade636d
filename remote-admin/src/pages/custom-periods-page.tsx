import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { AppLink, EmptyState, PageFrame, useCustomPeriods } from '@linepulse/shared';
import { routePath } from '@linepulse/contracts';

/** /customPeriods (admin): the account's custom periods. */
export function CustomPeriodsPage(): ReactElement {
  const intl = useIntl();
  const periods = useCustomPeriods();
  const t = (id: string): string => intl.formatMessage({ id });
  return (
    <PageFrame
      title={t('admin.customPeriods.title')}
      description={t('admin.customPeriods.description')}
      actions={<AppLink to={routePath('customPeriodCreation')}>{t('admin.customPeriods.new')}</AppLink>}
    >
      {periods.length === 0 ? (
        <EmptyState title={t('admin.customPeriods.empty')} />
      ) : (
        <Table aria-label={t('admin.customPeriods.title')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('admin.customPeriods.name')}</TableHeaderCell>
              <TableHeaderCell>{t('admin.customPeriods.start')}</TableHeaderCell>
              <TableHeaderCell>{t('admin.customPeriods.end')}</TableHeaderCell>
              <TableHeaderCell>{t('admin.customPeriods.days')}</TableHeaderCell>
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
                <TableCell>{intl.formatNumber(period.days)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </PageFrame>
  );
}
