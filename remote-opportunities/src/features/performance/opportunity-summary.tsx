import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { formatDuration, formatMoney, formatNumber } from '@linepulse/shared';
import { hoursToMs, type OpportunityUnit } from '@linepulse/contracts';
import { formatTarget, targetState } from '../../model/targets';
import { TargetForm } from './target-form';

const useStyles = makeStyles({
  figures: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalXXL, rowGap: tokens.spacingVerticalS, margin: 0 },
  figure: { display: 'flex', flexDirection: 'column' },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase500, fontVariantNumeric: 'tabular-nums' },
  gain: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: tokens.spacingHorizontalL, marginTop: tokens.spacingVerticalL },
  gainFigure: { fontSize: tokens.fontSizeHero800, fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
});

export interface OpportunitySummaryProps {
  data: OpportunityUnit;
  /** Shown and editable only on the three kinds with a per-unit target, for admins and directors. */
  editTarget?: { onSave: (seconds: number | null) => Promise<void>; saving: boolean };
  /** The gain in money only for users with financial access (product §6). */
  financial: boolean;
}

/** Occurrences, losses and their percentiles, the target and the potential gain if every occurrence met it. */
export function OpportunitySummary({ data, editTarget, financial }: OpportunitySummaryProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const locale = intl.locale;
  const s = data.summary;
  const t = (id: string): string => intl.formatMessage({ id: `opportunities.summary.${id}` });
  const figure = (id: string, value: string): ReactElement => (
    <div className={styles.figure} key={id}>
      <dt className={styles.term}>{t(id)}</dt>
      <dd className={styles.value}>{value}</dd>
    </div>
  );
  // A target set for the line or the reason reads as entered (decision 42); the median is measured.
  const state = targetState(s);
  const target =
    state.kind === 'perReason'
      ? t('targetPerReason')
      : state.kind === 'none'
        ? t('targetNone')
        : state.kind === 'median'
          ? `${formatDuration(locale, state.ms)} (${t('targetSource.median')})`
          : `${formatTarget(locale, state.ms)} (${t(`targetSource.${state.source}`)})`;
  const money = financial && s.gain_currency ? s.gain_currency.map((c) => formatMoney(locale, c.amount, c.currency)).join(' + ') || '—' : null;
  return (
    <>
      <dl className={styles.figures}>
        {figure('occurrences', formatNumber(locale, s.occurrences))}
        {figure('aboveTarget', formatNumber(locale, s.above_target))}
        {figure('lost', formatDuration(locale, s.lost_ms))}
        {figure('mean', formatDuration(locale, s.mean_ms))}
        {figure('median', formatDuration(locale, s.median_ms))}
        {figure('p90', formatDuration(locale, s.p90_ms))}
        {figure('p95', formatDuration(locale, s.p95_ms))}
        {figure('target', target)}
      </dl>
      <section className={styles.gain} aria-label={t('gain')}>
        <Text weight="semibold">{t('gain')}</Text>
        <span className={styles.gainFigure} data-testid="opportunity-gain">
          {formatDuration(locale, hoursToMs(s.gain_hours))}
        </span>
        <dl className={styles.figures}>
          {figure('gainUnits', formatNumber(locale, s.gain_units))}
          {money !== null ? figure('gainMoney', money) : null}
        </dl>
      </section>
      {editTarget ? <TargetForm key={`${s.target_ms}-${s.target_source}`} currentMs={s.target_source === 'unit' ? s.target_ms : null} medianMs={s.median_ms} {...editTarget} /> : null}
    </>
  );
}
