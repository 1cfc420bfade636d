import { makeStyles, tokens } from '@fluentui/react-components';
import { WarningRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import type { IntlShape } from 'react-intl';
import { countColumn, formatPercent, type DataColumn } from '@linepulse/shared';
import { type Kpis } from '@linepulse/contracts';
import { INDICATOR_IDS, isAboveIdeal } from '../model/kpis';

const useStyles = makeStyles({
  flagged: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS, color: tokens.colorStatusWarningForeground1 },
});

/** A performance above 100 %, shown as computed with its warning (docs/domain.md §6: flagged, not capped). */
function FlaggedPercent({ text, warning }: { text: string; warning: string }): ReactElement {
  const styles = useStyles();
  return (
    <span className={styles.flagged} title={warning}>
      {/* An image with a name: screen readers say the warning with the figure. */}
      <WarningRegular role="img" aria-label={warning} />
      {text}
    </span>
  );
}

/**
 * The indicator columns (availability, performance, quality, OEE, OOE) of a table of KPI rows, the
 * same on the company overview and the dashboard: percentages as shown, fractions for Excel.
 */
export function indicatorColumns<T>(intl: IntlShape, kpisOf: (row: T) => Kpis): DataColumn<T>[] {
  const locale = intl.locale;
  return INDICATOR_IDS.map((id) => ({
    id,
    header: intl.formatMessage({ id: `overview.kpi.${id}` }),
    text: (row) => formatPercent(locale, kpisOf(row)[id]),
    ...(id === 'performance'
      ? {
          render: (row: T) => {
            const text = formatPercent(locale, kpisOf(row).performance);
            return isAboveIdeal(kpisOf(row)) ? <FlaggedPercent text={text} warning={intl.formatMessage({ id: 'overview.kpi.aboveIdeal' })} /> : text;
          },
        }
      : {}),
    value: (row) => kpisOf(row)[id],
    excelFormat: '0.00%',
    numeric: true,
  }));
}

/** The downtime occurrences column of a table of KPI rows. */
export function occurrencesColumn<T>(intl: IntlShape, kpisOf: (row: T) => Kpis): DataColumn<T> {
  return countColumn<T>(intl, 'occurrences', intl.formatMessage({ id: 'overview.dashboard.occurrences' }), (row) => kpisOf(row).downtime_occurrences);
}
