import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import {
  AppLink,
  DataTable,
  durationColumn,
  formatDuration,
  formatMoney,
  formatNumber,
  useUser,
  type DataColumn,
} from '@linepulse/shared';
import { hoursToMs, type AnalyticsWindow, type Factory } from '@linepulse/contracts';
import { opportunitiesQuery } from '../api/post-opportunities';
import { useEarlyQuery } from '../api/use-early-query';
import { summariseOpportunities, KIND_ROUTE, type OpportunityRow } from '../model/opportunities';
import { queryView } from '../model/query-view';
import { TEST_IDS } from '../test-ids';
import { Section } from '@linepulse/shared';

const useStyles = makeStyles({
  gain: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: tokens.spacingHorizontalM },
  figure: { fontSize: tokens.fontSizeHero800, fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
  money: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase400 },
});

export interface OpportunitiesPanelProps {
  window: AnalyticsWindow;
  factories: Factory[];
  /** The lines in scope; undefined = every line of the account. */
  productionUnitIds?: string[];
  fileName: string;
  enabled: boolean;
}

/** The largest opportunities across the selected factories and their potential gain (product §2). */
export function OpportunitiesPanel({ window, factories, productionUnitIds, fileName, enabled }: OpportunitiesPanelProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const user = useUser();
  const financial = !!user?.is_financial_admin;
  const canOpen = !!user && (user.insights_enabled || user.is_wx_user);
  // Totals only (limit 0): the panel sums per line and kind, never lists occurrences.
  const body = { ...window, company: true as const, limit: 0, ...(productionUnitIds ? { production_unit_ids: productionUnitIds } : {}) };
  // Opportunities come with insights (product §6; the api refuses the call without them): not asked for.
  const query = queryView(useEarlyQuery({ ...opportunitiesQuery(body), enabled: enabled && canOpen }));
  const summary = useMemo(() => (query.data ? summariseOpportunities(query.data, factories) : null), [query.data, factories]);
  const locale = intl.locale;
  const kindName = (row: OpportunityRow): string => intl.formatMessage({ id: `page.${KIND_ROUTE[row.kind]}` });

  const columns: DataColumn<OpportunityRow>[] = [
    {
      id: 'kind',
      header: intl.formatMessage({ id: 'overview.opportunities.kind' }),
      text: kindName,
      render: (row) =>
        canOpen ? (
          <AppLink to={row.href} aria-label={intl.formatMessage({ id: 'overview.opportunities.open' }, { kind: kindName(row), line: row.productionUnitName })}>
            {kindName(row)}
          </AppLink>
        ) : (
          kindName(row)
        ),
    },
    { id: 'factory', header: intl.formatMessage({ id: 'overview.comparison.factory' }), text: (row) => row.factoryName },
    { id: 'line', header: intl.formatMessage({ id: 'overview.opportunities.line' }), text: (row) => row.productionUnitName },
    { id: 'reason', header: intl.formatMessage({ id: 'overview.opportunities.reason' }), text: (row) => row.downtimeReason ?? '' },
    // Hours and minutes like every duration (product §9), an [h]:mm time in Excel.
    durationColumn(intl, 'hours', intl.formatMessage({ id: 'overview.opportunities.gainHours' }), (row) => hoursToMs(row.gainHours)),
    {
      id: 'units',
      header: intl.formatMessage({ id: 'overview.opportunities.gainUnits' }),
      text: (row) => formatNumber(locale, row.gainUnits),
      value: (row) => row.gainUnits,
      excelFormat: '0',
      numeric: true,
    },
  ];
  if (financial) {
    columns.push({
      id: 'money',
      header: intl.formatMessage({ id: 'overview.opportunities.gainMoney' }),
      text: (row) => (row.gainCurrency ?? []).map((c) => formatMoney(locale, c.amount, c.currency)).join(' + '),
      numeric: true,
    });
  }

  if (!canOpen) {
    return (
      <Section title={intl.formatMessage({ id: 'overview.opportunities.title' })}>
        <Text data-testid={TEST_IDS.opportunitiesNeedInsights}>{intl.formatMessage({ id: 'overview.opportunities.needsInsights' })}</Text>
      </Section>
    );
  }

  return (
    <Section
      title={intl.formatMessage({ id: 'overview.opportunities.title' })}
      loading={query.loading}
      error={query.error}
      onRetry={query.reload}
    >
      {summary ? (
        <>
          <div className={styles.gain}>
            <Text weight="semibold">{intl.formatMessage({ id: 'overview.opportunities.potentialGain' })}</Text>
            <span className={styles.figure} data-testid={TEST_IDS.potentialGain}>
              {formatDuration(locale, hoursToMs(summary.totalHours))}
            </span>
            {financial && summary.totalCurrency ? (
              <span className={styles.money}>{summary.totalCurrency.map((c) => formatMoney(locale, c.amount, c.currency)).join(' + ')}</span>
            ) : null}
          </div>
          {summary.rows.length === 0 ? (
            <Text>{intl.formatMessage({ id: 'overview.opportunities.empty' })}</Text>
          ) : (
            <DataTable
              title={intl.formatMessage({ id: 'overview.opportunities.table' })}
              columns={columns}
              rows={summary.rows}
              rowKey={(row) => row.id}
              fileName={`${fileName}_opportunities`}
            />
          )}
        </>
      ) : null}
    </Section>
  );
}
