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
import { hoursToMs, type AnalyticsWindow, type Factory, type OpportunitiesResponse } from '@linepulse/contracts';
import { opportunitiesQuery } from '../api/post-opportunities';
import { useEarlyQuery } from '../api/use-early-query';
import { summariseOpportunities, KIND_ROUTE, type OpportunityRow } from '../model/opportunities';
import { queryView, type QueryView } from '../model/query-view';
import { TEST_IDS } from '../test-ids';
import { Section } from '@linepulse/shared';

const useStyles = makeStyles({
  gain: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: tokens.spacingHorizontalM },
  figure: { fontSize: tokens.fontSizeHero800, fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
  money: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase400 },
});

/** Whether the user may see opportunities: they come with insights (product §6; the api refuses the call without). */
function mayOpen(user: ReturnType<typeof useUser>): boolean {
  return !!user && (user.insights_enabled || user.is_wx_user);
}

/**
 * The opportunities' totals of the selection, asked for by the page with its figures (the panel renders
 * later in the same pass, and a request started there went out after the figures had answered).
 * Totals only (limit 0): the panel sums per line and kind, never lists occurrences.
 */
export function useOverviewOpportunities(window: AnalyticsWindow, productionUnitIds: string[] | undefined, enabled: boolean): QueryView<OpportunitiesResponse> {
  const canOpen = mayOpen(useUser());
  const body = { ...window, company: true as const, limit: 0, ...(productionUnitIds ? { production_unit_ids: productionUnitIds } : {}) };
  return queryView(useEarlyQuery({ ...opportunitiesQuery(body), enabled: enabled && canOpen }));
}

export interface OpportunitiesPanelProps {
  /** The page's `useOverviewOpportunities`. */
  query: QueryView<OpportunitiesResponse>;
  factories: Factory[];
  fileName: string;
}

/** The largest opportunities across the selected factories and their potential gain (product §2). */
export function OpportunitiesPanel({ query, factories, fileName }: OpportunitiesPanelProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const user = useUser();
  const financial = !!user?.is_financial_admin;
  const canOpen = mayOpen(user);
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
