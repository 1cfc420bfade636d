import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowTrendingDownRegular, CheckmarkCircleRegular, WarningRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { formatDuration, formatPercent } from '@linepulse/shared';
import { type Kpis } from '@linepulse/contracts';
import { formatKpi, isAboveIdeal, kpiValue, meetsObjective, type KpiId } from '../model/kpis';
import { FIGURES_PAINTED, TEST_IDS } from '../test-ids';

const useStyles = makeStyles({
  list: {
    display: 'grid',
    // Six tiles fit one row from ~1 000 px of content.
    gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
    gap: tokens.spacingHorizontalM,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  listLarge: { gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))', gap: tokens.spacingHorizontalXL },
  tile: {
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    borderTop: `4px solid ${tokens.colorNeutralStroke2}`,
  },
  selected: { borderTopColor: tokens.colorBrandStroke1 },
  // The tile's group (named by its KPI) inside the list item: a list holds list items only, and a role
  // on the item itself would take its list-item role away from screen readers.
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, height: '100%' },
  label: { color: tokens.colorNeutralForeground2, fontWeight: tokens.fontWeightSemibold },
  value: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
  valueLarge: { fontSize: '64px', lineHeight: '72px' },
  // A duration ("1 817 h 56 min") is longer than a percentage: smaller, so it keeps to one or two lines.
  duration: { fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600, paddingTop: tokens.spacingVerticalXS },
  // The objective, then whether it is met on a line of its own: side by side, each wrapped into a narrow
  // column of two or three lines in a tile of ~160 px (six tiles on a laptop's width).
  objective: { color: tokens.colorNeutralForeground3, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', rowGap: tokens.spacingVerticalXXS },
  status: { display: 'inline-flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXS },
  meets: { color: tokens.colorPaletteGreenForeground1 },
  below: { color: tokens.colorPaletteRedForeground1 },
  warning: { color: tokens.colorStatusWarningForeground1, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  labelLarge: { fontSize: tokens.fontSizeBase600 },
  objectiveLarge: { fontSize: tokens.fontSizeBase500 },
});

export type TileObjective = number | null | 'differs';

export interface KpiTilesProps {
  kpis: Kpis | undefined;
  /** Objectives as fractions, per KPI (null: none; 'differs': the factories shown have different ones). */
  objectives: Partial<Record<KpiId, TileObjective>>;
  tiles: readonly KpiId[];
  selected?: KpiId;
  large?: boolean;
}

/** One tile per KPI: the figure, its objective, and whether it is met (said in words, not colour only). */
export function KpiTiles({ kpis, objectives, tiles, selected, large = false }: KpiTilesProps): ReactElement {
  const styles = useStyles();
  const intl = useIntl();
  const locale = intl.locale;
  return (
    <ul className={mergeClasses(styles.list, large && styles.listLarge)}>
      {tiles.map((kpi) => {
        const label = intl.formatMessage({ id: `overview.kpi.${kpi}` });
        const value = kpiValue(kpis, kpi);
        const given = objectives[kpi] ?? null;
        const objective = given === 'differs' ? null : given;
        const met = meetsObjective(value, objective);
        return (
          <li key={kpi} className={mergeClasses(styles.tile, kpi === selected && styles.selected)}>
            <div className={styles.body} role="group" aria-label={label}>
              <span className={mergeClasses(styles.label, large && styles.labelLarge)}>{label}</span>
              <span
                // Keyed on whether there are figures: Element Timing reports an element's first paint only.
                key={kpis ? 'figures' : 'none'}
                className={mergeClasses(styles.value, kpi === 'downtime' && !large && styles.duration, large && styles.valueLarge)}
                data-testid={TEST_IDS.kpiValue}
                {...(kpis ? { elementtiming: FIGURES_PAINTED } : {})}
              >
                {formatKpi(locale, kpi, value)}
              </span>
              {kpi === 'downtime' && kpis ? (
                <span className={mergeClasses(styles.objective, large && styles.objectiveLarge)}>
                  {intl.formatMessage(
                    { id: 'overview.kpi.downtimeSplit' },
                    {
                      planned: formatDuration(locale, kpis.planned_downtime_ms),
                      unplanned: formatDuration(locale, kpis.unplanned_downtime_ms),
                      unjustified: formatDuration(locale, kpis.unjustified_downtime_ms),
                    },
                  )}
                </span>
              ) : kpi !== 'downtime' ? (
                <span className={mergeClasses(styles.objective, large && styles.objectiveLarge)}>
                  <span>
                    {given === 'differs'
                      ? intl.formatMessage({ id: 'overview.kpi.objectivesDiffer' })
                      : objective === null
                      ? intl.formatMessage({ id: 'overview.kpi.noObjective' })
                      : intl.formatMessage({ id: 'overview.kpi.objective' }, { value: formatPercent(locale, objective) })}
                  </span>
                  {met === true ? (
                    <span className={mergeClasses(styles.status, styles.meets)}>
                      <CheckmarkCircleRegular aria-hidden /> {intl.formatMessage({ id: 'overview.kpi.meets' })}
                    </span>
                  ) : null}
                  {met === false ? (
                    <span className={mergeClasses(styles.status, styles.below)}>
                      <ArrowTrendingDownRegular aria-hidden /> {intl.formatMessage({ id: 'overview.kpi.below' })}
                    </span>
                  ) : null}
                </span>
              ) : null}
              {kpi === 'performance' && isAboveIdeal(kpis) ? (
                <span className={mergeClasses(styles.warning, large && styles.objectiveLarge)}>
                  <WarningRegular aria-hidden /> {intl.formatMessage({ id: 'overview.kpi.aboveIdeal' })}
                </span>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
