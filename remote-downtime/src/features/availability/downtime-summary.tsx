import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { DataTable, durationColumn, formatNumber, type DataColumn } from '@linepulse/shared';
import type { DowntimesSummary } from '@linepulse/contracts';

const useStyles = makeStyles({
  counts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
    gap: tokens.spacingHorizontalM,
    margin: 0,
  },
  count: {
    display: 'flex',
    flexDirection: 'column-reverse',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  value: { margin: 0, fontSize: tokens.fontSizeHero700, fontWeight: tokens.fontWeightSemibold },
  label: { color: tokens.colorNeutralForeground2 },
  tables: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 360px), 1fr))', gap: tokens.spacingHorizontalL },
});

const JUSTIFICATIONS = ['planned', 'unplanned', 'unjustified', 'mixed', 'partially_justified'] as const;

type ReasonRow = DowntimesSummary['top_unplanned_downtimes'][number];
type CategoryRow = DowntimesSummary['top_downtime_categories'][number];

/** Downtime summary (v2): counts by justification type, top unplanned downtimes and top categories. */
export function DowntimeSummaryView({ summary, fileName }: { summary: DowntimesSummary; fileName: string }): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const seconds = (s: number): number => s * 1000;
  const reasonColumns: DataColumn<ReasonRow>[] = [
    { id: 'reason', header: intl.formatMessage({ id: 'topCauses.cause' }), text: (row) => row.downtime_reason },
    { id: 'category', header: intl.formatMessage({ id: 'topCauses.category' }), text: (row) => row.category },
    durationColumn<ReasonRow>(intl, 'duration', intl.formatMessage({ id: 'topCauses.duration' }), (row) => seconds(row.total_downtime_duration_seconds)),
  ];
  const categoryColumns: DataColumn<CategoryRow>[] = [
    { id: 'category', header: intl.formatMessage({ id: 'topCauses.category' }), text: (row) => row.category },
    durationColumn<CategoryRow>(intl, 'duration', intl.formatMessage({ id: 'topCauses.duration' }), (row) => seconds(row.total_downtime_duration_seconds)),
  ];
  const counts = summary.justification_type_count_summary;
  const countRows = JUSTIFICATIONS.map((type) => ({ type, count: counts[type] }));
  return (
    <>
      <dl className={styles.counts} aria-label={intl.formatMessage({ id: 'downtime.summary.counts' })}>
        {countRows.map(({ type, count }) => (
          <div key={type} className={styles.count}>
            <dt className={styles.label}>{intl.formatMessage({ id: `downtime.justification.${type}` })}</dt>
            <dd className={styles.value}>{formatNumber(intl.locale, count)}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.tables}>
        <DataTable
          title={intl.formatMessage({ id: 'downtime.summary.topUnplanned' })}
          columns={reasonColumns}
          rows={summary.top_unplanned_downtimes}
          rowKey={(row) => row.downtime_reason_id}
          fileName={`${fileName}_top-unplanned-downtimes`}
        />
        <DataTable
          title={intl.formatMessage({ id: 'downtime.summary.topCategories' })}
          columns={categoryColumns}
          rows={summary.top_downtime_categories}
          rowKey={(row) => row.category}
          fileName={`${fileName}_top-categories`}
        />
      </div>
    </>
  );
}
