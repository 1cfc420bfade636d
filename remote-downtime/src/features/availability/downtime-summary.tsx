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
    // Figures at the top of every card, in one row, even when a label takes two lines ("Parcialmente justificados").
    justifyContent: 'flex-end',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  value: { margin: 0, fontSize: tokens.fontSizeHero700, fontWeight: tokens.fontWeightSemibold },
  label: { color: tokens.colorNeutralForeground2 },
  tables: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 360px), 1fr))', gap: tokens.spacingHorizontalL },
  none: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  noneTitle: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  noneText: { margin: 0, color: tokens.colorNeutralForeground2 },
});

const JUSTIFICATIONS = ['planned', 'unplanned', 'unjustified', 'mixed', 'partially_justified'] as const;

type ReasonRow = DowntimesSummary['top_unplanned_downtimes'][number];
type CategoryRow = DowntimesSummary['top_downtime_categories'][number];

/** Whether the summary has no downtime at all (its section then shows the page's empty state). */
export function summaryIsEmpty(summary: DowntimesSummary): boolean {
  return JUSTIFICATIONS.every((type) => summary.justification_type_count_summary[type] === 0) && summary.top_unplanned_downtimes.length === 0 && summary.top_downtime_categories.length === 0;
}

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
        {summary.top_unplanned_downtimes.length > 0 ? (
          <DataTable
            title={intl.formatMessage({ id: 'downtime.summary.topUnplanned' })}
            columns={reasonColumns}
            rows={summary.top_unplanned_downtimes}
            rowKey={(row) => row.downtime_reason_id}
            fileName={`${fileName}_top-unplanned-downtimes`}
          />
        ) : (
          <NoRows title={intl.formatMessage({ id: 'downtime.summary.topUnplanned' })} />
        )}
        {summary.top_downtime_categories.length > 0 ? (
          <DataTable
            title={intl.formatMessage({ id: 'downtime.summary.topCategories' })}
            columns={categoryColumns}
            rows={summary.top_downtime_categories}
            rowKey={(row) => row.category}
            fileName={`${fileName}_top-categories`}
          />
        ) : (
          <NoRows title={intl.formatMessage({ id: 'downtime.summary.topCategories' })} />
        )}
      </div>
    </>
  );
}

/** A table with no row: its title and a sentence, not a header row over nothing (and no export of an empty file). */
function NoRows({ title }: { title: string }): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  return (
    <div className={styles.none}>
      <span className={styles.noneTitle}>{title}</span>
      <p className={styles.noneText}>{intl.formatMessage({ id: 'downtime.top.none' })}</p>
    </div>
  );
}
