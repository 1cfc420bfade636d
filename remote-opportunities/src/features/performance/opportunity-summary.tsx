import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useFormik } from 'formik';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { number, object } from 'yup';
import { formatDuration, formatHours, formatMoney, formatNumber } from '@linepulse/shared';
import { OPPORTUNITY_TARGET_MAX_SECONDS, type OpportunityUnit } from '@linepulse/contracts';

const useStyles = makeStyles({
  figures: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalXXL, rowGap: tokens.spacingVerticalS, margin: 0 },
  figure: { display: 'flex', flexDirection: 'column' },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase500, fontVariantNumeric: 'tabular-nums' },
  gain: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: tokens.spacingHorizontalL, marginTop: tokens.spacingVerticalL },
  gainFigure: { fontSize: tokens.fontSizeHero800, fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
  form: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalL, border: 0, padding: 0 },
  legend: { fontWeight: tokens.fontWeightSemibold, paddingBottom: tokens.spacingVerticalXS },
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
  const target = s.target_ms === null ? t('targetPerReason') : `${formatDuration(locale, s.target_ms)} (${t(`targetSource.${s.target_source ?? 'reason'}`)})`;
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
          {formatHours(locale, s.gain_hours)}
        </span>
        <dl className={styles.figures}>
          {figure('gainUnits', formatNumber(locale, s.gain_units))}
          {money !== null ? figure('gainMoney', money) : null}
        </dl>
      </section>
      {editTarget ? <TargetForm key={`${s.target_ms}-${s.target_source}`} currentMs={s.target_source === 'unit' ? s.target_ms : null} {...editTarget} /> : null}
    </>
  );
}

const MAX_MINUTES = OPPORTUNITY_TARGET_MAX_SECONDS / 60;

/** The unit's target in minutes (decimals allowed, stored in whole seconds), or back to the median. */
function TargetForm({ currentMs, onSave, saving }: { currentMs: number | null; onSave: (seconds: number | null) => Promise<void>; saving: boolean }): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const invalid = intl.formatMessage({ id: 'opportunities.target.invalid' });
  const form = useFormik<{ minutes: string }>({
    initialValues: { minutes: currentMs === null ? '' : String(Math.round(currentMs / 600) / 100) },
    validationSchema: object({ minutes: number().typeError(invalid).required(invalid).min(0, invalid).max(MAX_MINUTES, invalid) }),
    onSubmit: async (values) => onSave(Math.round(Number(values.minutes) * 60)),
  });
  const error = form.submitCount > 0 || form.touched.minutes ? form.errors.minutes : undefined;
  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <fieldset className={styles.form}>
        <legend className={styles.legend}>{intl.formatMessage({ id: 'opportunities.target.legend' })}</legend>
        <Field label={intl.formatMessage({ id: 'opportunities.target.minutes' })} validationMessage={error} validationState={error ? 'error' : 'none'}>
          <Input name="minutes" type="number" inputMode="decimal" min={0} max={MAX_MINUTES} step="any" value={form.values.minutes} onChange={form.handleChange} onBlur={form.handleBlur} />
        </Field>
        <Button type="submit" appearance="primary" disabled={saving}>
          {intl.formatMessage({ id: 'opportunities.target.save' })}
        </Button>
        {currentMs !== null ? (
          <Button type="button" disabled={saving} onClick={() => void onSave(null)}>
            {intl.formatMessage({ id: 'opportunities.target.useMedian' })}
          </Button>
        ) : null}
      </fieldset>
    </form>
  );
}
