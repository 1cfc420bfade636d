import type { ReactElement } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Card, CardHeader, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AppLink, EmptyState, PageFrame, routePath, useFactories } from '@linepulse/shared';
import { formatPercent } from '../format';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    listStyleType: 'none',
    padding: 0,
    margin: 0,
  },
  facts: { display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: tokens.spacingHorizontalM, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0 },
});

/** /company-overview: the account's factories; KPIs, trends and opportunities arrive with the analytics. */
export function CompanyOverviewPage(): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const factories = useFactories();
  return (
    <PageFrame
      title={intl.formatMessage({ id: 'overview.company.title' })}
      description={intl.formatMessage({ id: 'overview.company.description' })}
    >
      <h2>
        <FormattedMessage id="overview.company.factories" />
      </h2>
      {factories.length === 0 ? (
        <EmptyState title={intl.formatMessage({ id: 'overview.company.empty' })} />
      ) : (
        <ul className={styles.grid}>
          {factories.map((factory) => (
            <li key={factory.id}>
              <Card>
                <CardHeader
                  header={
                    <AppLink
                      to={routePath('factoryDashboard', { factoryId: factory.id })}
                      aria-label={intl.formatMessage({ id: 'overview.factory.openDashboard' }, { factory: factory.name })}
                    >
                      <Text weight="semibold" size={500}>
                        {factory.name}
                      </Text>
                    </AppLink>
                  }
                  description={intl.formatMessage({ id: 'overview.factory.lines' }, { count: factory.production_units.length })}
                />
                <dl className={styles.facts}>
                  <dt className={styles.term}>
                    <FormattedMessage id="overview.factory.timezone" />
                  </dt>
                  <dd className={styles.value}>{factory.timezone}</dd>
                  <dt className={styles.term}>
                    <FormattedMessage id="overview.factory.currency" />
                  </dt>
                  <dd className={styles.value}>{factory.currency}</dd>
                  <dt className={styles.term}>
                    <FormattedMessage id="overview.factory.oeeTarget" />
                  </dt>
                  <dd className={styles.value}>{formatPercent(intl, factory.oee_target)}</dd>
                </dl>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
