import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { AppLink, DataTable, Section, durationColumn, formatMoney, formatNumber, queryView, type DataColumn, type TableSort } from '@linepulse/shared';
import type { OpportunityOccurrenceRow, OpportunitySort, OpportunityUnitRequest } from '@linepulse/contracts';
import { opportunityOccurrencesQuery } from '../../api/post-opportunity-occurrences';
import { downtimeLink, occurrenceDowntimes, occurrenceSubject } from '../../model/occurrences';
import { useNameFallbacks } from './name-fallbacks';

export const OCCURRENCES_PAGE_SIZE = 50;

const useStyles = makeStyles({
  pager: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

/** Column id → the server's sort. */
const SORTS: Record<string, OpportunitySort> = { at: 'at', lost: 'lost', excess: 'excess' };

export interface OccurrencesListProps {
  request: OpportunityUnitRequest;
  financial: boolean;
  fileName: string;
  enabled: boolean;
}

/** The occurrences of the page's choice: sorted and paged on the server, each linking to its downtime. */
export function OccurrencesList({ request, financial, fileName, enabled }: OccurrencesListProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const locale = intl.locale;
  const [sort, setSort] = useState<TableSort>({ column: 'lost', direction: 'descending' });
  const [offset, setOffset] = useState(0);
  const body = { ...request, sort: SORTS[sort.column] ?? 'at', direction: sort.direction === 'ascending' ? ('asc' as const) : ('desc' as const), offset, limit: OCCURRENCES_PAGE_SIZE };
  const view = queryView(useQuery({ ...opportunityOccurrencesQuery(body), enabled }));
  const list = view.data;
  const zone = list?.timezone ?? 'UTC';
  const title = intl.formatMessage({ id: 'opportunities.occurrences.title' });
  const when = (row: OpportunityOccurrenceRow): string => DateTime.fromISO(row.at, { zone }).setLocale(locale).toLocaleString(DateTime.DATETIME_MED_WITH_WEEKDAY);
  const time = (iso: string): string => DateTime.fromISO(iso, { zone }).setLocale(locale).toLocaleString(DateTime.TIME_SIMPLE);
  const fallbacks = useNameFallbacks();

  const columns: DataColumn<OpportunityOccurrenceRow>[] = [
    { id: 'at', header: intl.formatMessage({ id: 'opportunities.occurrences.at' }), text: when, sortable: true },
    { id: 'subject', header: intl.formatMessage({ id: 'opportunities.occurrences.subject' }), text: (row) => (list ? occurrenceSubject(row, list.names, fallbacks) : '') },
    {
      id: 'downtimes',
      header: intl.formatMessage({ id: 'opportunities.occurrences.downtimes' }),
      text: (row) => (list ? occurrenceDowntimes(row, list.names, fallbacks, time) : ''),
    },
    { ...durationColumn<OpportunityOccurrenceRow>(intl, 'lost', intl.formatMessage({ id: 'opportunities.occurrences.lost' }), (row) => row.lost_ms), sortable: true },
    { ...durationColumn<OpportunityOccurrenceRow>(intl, 'excess', intl.formatMessage({ id: 'opportunities.occurrences.excess' }), (row) => row.excess_ms), sortable: true },
    {
      id: 'units',
      header: intl.formatMessage({ id: 'opportunities.occurrences.units' }),
      text: (row) => formatNumber(locale, row.lost_units),
      value: (row) => row.lost_units,
      excelFormat: '0',
      numeric: true,
    },
  ];
  if (financial) {
    columns.push({
      id: 'money',
      header: intl.formatMessage({ id: 'opportunities.occurrences.money' }),
      text: (row) => (row.lost_currency ?? []).map((c) => formatMoney(locale, c.amount, c.currency)).join(' + ') || '—',
      numeric: true,
    });
  }
  columns.push({
    id: 'open',
    header: intl.formatMessage({ id: 'opportunities.occurrences.open' }),
    text: (row) => downtimeLink(request.factory_id, request.production_unit_id, row),
    render: (row) => (
      <AppLink to={downtimeLink(request.factory_id, request.production_unit_id, row)} aria-label={intl.formatMessage({ id: 'opportunities.occurrences.openLabel' }, { when: when(row) })}>
        {intl.formatMessage({ id: 'opportunities.occurrences.open' })}
      </AppLink>
    ),
  });

  const onSortChange = (column: string): void => {
    setSort((current) => (current.column === column ? { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' } : { column, direction: column === 'at' ? 'ascending' : 'descending' }));
    setOffset(0);
  };
  const total = list?.occurrences_total ?? 0;
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + OCCURRENCES_PAGE_SIZE, total);

  return (
    <Section
      title={title}
      loading={view.loading}
      error={view.error}
      onRetry={view.reload}
      empty={list !== undefined && total === 0}
      emptyMessage={intl.formatMessage({ id: 'opportunities.summary.empty' })}
    >
      <DataTable
        title={title}
        hideCaption
        columns={columns}
        rows={list?.occurrences ?? []}
        rowKey={(row) => row.at + (row.downtime_reason_id ?? '')}
        fileName={`${fileName}_occurrences_${first}-${last}`}
        sort={sort}
        onSortChange={onSortChange}
      />
      <nav className={styles.pager} aria-label={intl.formatMessage({ id: 'opportunities.occurrences.pages' })}>
        <Button icon={<ChevronLeftRegular />} disabled={offset === 0 || view.refreshing} onClick={() => setOffset(Math.max(0, offset - OCCURRENCES_PAGE_SIZE))}>
          {intl.formatMessage({ id: 'opportunities.occurrences.previous' })}
        </Button>
        <Text aria-live="polite">{intl.formatMessage({ id: 'opportunities.occurrences.range' }, { first, last, total })}</Text>
        <Button icon={<ChevronRightRegular />} iconPosition="after" disabled={last >= total || view.refreshing} onClick={() => setOffset(offset + OCCURRENCES_PAGE_SIZE)}>
          {intl.formatMessage({ id: 'opportunities.occurrences.next' })}
        </Button>
      </nav>
    </Section>
  );
}
