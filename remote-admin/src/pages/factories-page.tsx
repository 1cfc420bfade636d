import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { AppLink, EmptyState, PageFrame, useFactories } from '@linepulse/shared';
import { routePath } from '@linepulse/contracts';

/** /factories (admin): every factory of the account, each opening its settings. */
export function FactoriesPage(): ReactElement {
  const intl = useIntl();
  const factories = useFactories();
  const t = (id: string): string => intl.formatMessage({ id });
  return (
    <PageFrame title={t('admin.factories.title')} description={t('admin.factories.description')}>
      {factories.length === 0 ? (
        <EmptyState title={t('admin.factories.empty')} />
      ) : (
        <Table aria-label={t('admin.factories.title')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('admin.factories.name')}</TableHeaderCell>
              <TableHeaderCell>{t('admin.factories.timezone')}</TableHeaderCell>
              <TableHeaderCell>{t('admin.factories.currency')}</TableHeaderCell>
              <TableHeaderCell>{t('admin.factories.lines')}</TableHeaderCell>
              <TableHeaderCell>{t('admin.factories.oeeTarget')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {factories.map((factory) => (
              <TableRow key={factory.id}>
                <TableCell>
                  <AppLink to={routePath('factorySettings', { id: factory.id })}>{factory.name}</AppLink>
                </TableCell>
                <TableCell>{factory.timezone}</TableCell>
                <TableCell>{factory.currency}</TableCell>
                <TableCell>{intl.formatNumber(factory.production_units.length)}</TableCell>
                <TableCell>
                  {factory.oee_target === null
                    ? t('common.notAvailable')
                    : intl.formatNumber(factory.oee_target / 100, { style: 'percent', minimumFractionDigits: 2 })}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </PageFrame>
  );
}
