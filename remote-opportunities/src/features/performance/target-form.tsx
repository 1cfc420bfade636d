import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { formatDuration } from '@linepulse/shared';
import { OPPORTUNITY_TARGET_MAX_SECONDS } from '@linepulse/contracts';
import { formatTarget, targetSecondsOf } from '../../model/targets';

const useStyles = makeStyles({
  form: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalL, border: 0, padding: 0 },
  legend: { fontWeight: tokens.fontWeightSemibold, paddingBottom: tokens.spacingVerticalXS },
});

export interface TargetFormProps {
  /** The target stored for this line, ms; null when the line has none (its median applies). */
  currentMs: number | null;
  /** The line's median over the period: what applies once the target is removed; null without occurrences. */
  medianMs: number | null;
  /** Saves a target in whole seconds, or removes it (null). */
  onSave: (seconds: number | null) => Promise<void>;
  saving: boolean;
}

/**
 * The line's target in minutes (decimals allowed, kept in whole seconds and read back to the second,
 * decision 42). An empty field, or "Remove the target", removes it after a confirmation that says what
 * applies then: the line's median over the period, or nothing when the period has no occurrence.
 */
export function TargetForm({ currentMs, medianMs, onSave, saving }: TargetFormProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const locale = intl.locale;
  const [confirming, setConfirming] = useState(false);
  const invalid = intl.formatMessage({ id: 'opportunities.target.invalid' });
  const form = useFormik<{ minutes: string }>({
    initialValues: { minutes: currentMs === null ? '' : String(Math.round(currentMs / 600) / 100) },
    validate: ({ minutes }) => {
      // Empty is "remove the target" when there is one to remove; without one there is nothing to save.
      if (minutes.trim() === '') return currentMs === null ? { minutes: invalid } : {};
      const seconds = targetSecondsOf(minutes);
      return seconds === null || seconds > OPPORTUNITY_TARGET_MAX_SECONDS ? { minutes: invalid } : {};
    },
    onSubmit: async ({ minutes }) => {
      const seconds = targetSecondsOf(minutes);
      if (seconds === null) setConfirming(true);
      else await onSave(seconds);
    },
  });
  const error = form.submitCount > 0 || form.touched.minutes ? form.errors.minutes : undefined;
  const typed = targetSecondsOf(form.values.minutes);
  // What the typed minutes are kept as, so that 7.5 reads "7 min 30 s" before it is saved.
  const hint =
    typed !== null && typed <= OPPORTUNITY_TARGET_MAX_SECONDS
      ? intl.formatMessage({ id: 'opportunities.target.hint' }, { target: formatTarget(locale, typed * 1000) })
      : intl.formatMessage({ id: currentMs !== null && form.values.minutes.trim() === '' ? 'opportunities.target.hintRemove' : 'opportunities.target.hintEmpty' });
  const remove = async (): Promise<void> => {
    await onSave(null);
    setConfirming(false);
  };
  return (
    <>
      <form onSubmit={form.handleSubmit} noValidate>
        <fieldset className={styles.form}>
          <legend className={styles.legend}>{intl.formatMessage({ id: 'opportunities.target.legend' })}</legend>
          <Field label={intl.formatMessage({ id: 'opportunities.target.minutes' })} hint={hint} validationMessage={error} validationState={error ? 'error' : 'none'}>
            <Input name="minutes" inputMode="decimal" autoComplete="off" value={form.values.minutes} onChange={form.handleChange} onBlur={form.handleBlur} />
          </Field>
          <Button type="submit" appearance="primary" disabled={saving}>
            {intl.formatMessage({ id: 'opportunities.target.save' })}
          </Button>
          {currentMs !== null ? (
            <Button type="button" disabled={saving} onClick={() => setConfirming(true)}>
              {intl.formatMessage({ id: 'opportunities.target.remove' })}
            </Button>
          ) : null}
        </fieldset>
      </form>
      {confirming && currentMs !== null ? (
        <Dialog open modalType="alert" onOpenChange={(_event, data) => (data.open ? undefined : setConfirming(false))}>
          <DialogSurface>
            <DialogBody>
              <DialogTitle>{intl.formatMessage({ id: 'opportunities.target.removeTitle' })}</DialogTitle>
              <DialogContent>
                <p>
                  {intl.formatMessage(
                    { id: medianMs === null ? 'opportunities.target.removeNoMedian' : 'opportunities.target.removeMedian' },
                    { target: formatTarget(locale, currentMs), median: formatDuration(locale, medianMs) },
                  )}
                </p>
              </DialogContent>
              <DialogActions>
                <Button appearance="primary" disabled={saving} onClick={() => void remove()}>
                  {intl.formatMessage({ id: 'opportunities.target.removeConfirm' })}
                </Button>
                <Button disabled={saving} onClick={() => setConfirming(false)}>
                  {intl.formatMessage({ id: 'opportunities.target.keep' })}
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      ) : null}
    </>
  );
}
