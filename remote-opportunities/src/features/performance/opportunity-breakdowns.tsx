import { makeStyles, tokens } from '@fluentui/react-components';
import { Info } from 'luxon';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { DataTable, countColumn, durationColumn, formatDuration, type DataColumn } from '@linepulse/shared';
import { WEEK_DAYS, type OpportunityUnit } from '@linepulse/contracts';
import { breakdownLabel, inWeekOrder, productMatrix, type Breakdown, type BreakdownRow } from '../../model/breakdowns';
import { nameIn } from '../../model/occurrences';
import { useNameFallbacks } from './name-fallbacks';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))', gap: tokens.spacingHorizontalL },
});

/** Where the losses come from: one table per breakdown; product changes as a from × to matrix of the mean loss. */
export function OpportunityBreakdowns({ data, weekFirstDay, fileName }: { data: OpportunityUnit; weekFirstDay: string; fileName: string }): ReactElement {
  const styles = useStyles();
  return (
    <div className={styles.grid}>
      {data.breakdowns.map((b) =>
        b.by === 'product_pair' ? <ProductMatrixTable key={b.by} breakdown={b} data={data} fileName={fileName} /> : <BreakdownTable key={b.by} breakdown={b} data={data} weekFirstDay={weekFirstDay} fileName={fileName} />,
      )}
    </div>
  );
}

function BreakdownTable({ breakdown, data, weekFirstDay, fileName }: { breakdown: Breakdown; data: OpportunityUnit; weekFirstDay: string; fileName: string }): ReactElement {
  const intl = useIntl();
  const weekdays = Info.weekdays('long', { locale: intl.locale });
  const none = intl.formatMessage({ id: 'opportunities.breakdown.none' });
  const fallbacks = useNameFallbacks();
  const label = (row: BreakdownRow): string => breakdownLabel(breakdown.by, row.keys, data.names, (d) => weekdays[d - 1] ?? String(d), none, fallbacks);
  const firstDay = Math.max(1, WEEK_DAYS.indexOf(weekFirstDay as (typeof WEEK_DAYS)[number]) + 1);
  const rows = breakdown.by === 'weekday' ? inWeekOrder(breakdown.rows, firstDay) : breakdown.rows;
  const title = intl.formatMessage({ id: `opportunities.breakdown.${breakdown.by}` });
  const columns: DataColumn<BreakdownRow>[] = [
    { id: 'key', header: intl.formatMessage({ id: 'opportunities.breakdown.key' }), text: label },
    countColumn(intl, 'occurrences', intl.formatMessage({ id: 'opportunities.summary.occurrences' }), (row) => row.occurrences),
    durationColumn(intl, 'lost', intl.formatMessage({ id: 'opportunities.summary.lost' }), (row) => row.lost_ms),
    durationColumn(intl, 'mean', intl.formatMessage({ id: 'opportunities.summary.mean' }), (row) => row.mean_ms),
    durationColumn(intl, 'excess', intl.formatMessage({ id: 'opportunities.occurrences.excess' }), (row) => row.excess_ms),
  ];
  return <DataTable title={title} columns={columns} rows={rows} rowKey={(row) => row.keys.join('|')} fileName={`${fileName}_${breakdown.by}`} />;
}

type MatrixRow = { from: string };

function ProductMatrixTable({ breakdown, data, fileName }: { breakdown: Breakdown; data: OpportunityUnit; fileName: string }): ReactElement {
  const intl = useIntl();
  const locale = intl.locale;
  const matrix = productMatrix(breakdown.rows, data.names);
  const fallbacks = useNameFallbacks();
  const name = (id: string): string => nameIn(data.names, 'products', id, fallbacks);
  const columns: DataColumn<MatrixRow>[] = [
    { id: 'from', header: intl.formatMessage({ id: 'opportunities.breakdown.from' }), text: (row) => name(row.from) },
    ...matrix.to.map((to): DataColumn<MatrixRow> => ({
      id: `to-${to}`,
      header: name(to),
      text: (row) => {
        const cell = matrix.cell(row.from, to);
        return cell ? intl.formatMessage({ id: 'opportunities.breakdown.cell' }, { mean: formatDuration(locale, cell.mean_ms), count: cell.occurrences }) : '—';
      },
      value: (row) => matrix.cell(row.from, to)?.mean_ms ?? null,
      numeric: true,
    })),
  ];
  return (
    <DataTable
      title={intl.formatMessage({ id: 'opportunities.breakdown.product_pair' })}
      columns={columns}
      rows={matrix.from.map((from) => ({ from }))}
      rowKey={(row) => row.from}
      fileName={`${fileName}_product-matrix`}
    />
  );
}
