import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { AppLink, EmptyState, PageFrame, useFactories } from '@linepulse/shared';
import { routePath, type Factory } from '@linepulse/contracts';
import { EmailRecipientsPanel } from '../features/email-recipients/email-recipients-panel';
import { NEW_FACTORY_ID } from '../features/factory-settings/new-factory-id';

/**
 * /factories (admin): every factory of the account, each opening its settings, then the account's
 * e-mail report recipients (decision 32).
 */
export function FactoriesPage(): ReactElement {
  const intl = useIntl();
  const factories = useFactories();
  const t = (id: string): string => intl.formatMessage({ id });
  // Availability, performance and quality objectives in that order, or N/D when the factory has none.
  const objectivesText = (factory: Factory): string => {
    const values = (['availability', 'performance', 'quality'] as const).map((type) => factory.objectives.find((o) => o.objective_type === type)?.value);
    return values.every((value) => value !== undefined)
      ? intl.formatMessage({ id: 'admin.factories.objectivesValue' }, { availability: values[0], performance: values[1], quality: values[2] })
      : t('common.notAvailable');
  };
  return (
    <PageFrame
      title={t('admin.factories.title')}
      description={t('admin.factories.description')}
      actions={<AppLink to={routePath('factorySettings', { id: NEW_FACTORY_ID })}>{t('admin.factories.new')}</AppLink>}
    >
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
              <TableHeaderCell>{t('admin.factories.objectives')}</TableHeaderCell>
              <TableHeaderCell>{t('admin.factories.oeeTarget')}</TableHeaderCell>
              <TableHeaderCell>{t('admin.factories.changedAt')}</TableHeaderCell>
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
                <TableCell>{objectivesText(factory)}</TableCell>
                <TableCell>
                  {factory.oee_target === null
                    ? t('common.notAvailable')
                    : intl.formatNumber(factory.oee_target / 100, { style: 'percent', minimumFractionDigits: 2 })}
                </TableCell>
                <TableCell>
                  {factory.updated_at
                    ? intl.formatDate(factory.updated_at, { dateStyle: 'medium', timeStyle: 'short', timeZone: factory.timezone })
                    : t('common.notAvailable')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <EmailRecipientsPanel />
    </PageFrame>
  );
}
