import { Switch } from '@fluentui/react-components';
import { useId, useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { newReason, type ReasonDraft } from '../../model/configuration-draft';
import { validateDowntimeReasons } from '../../model/configuration-problems';
import { ItemFrame, NameAndKeyFields, StepFrame, TextField, replaced, useShownProblems, useStepStyles, type ConfigurationStepProps } from './step-parts';

/** The step check the wizard calls before moving on: an empty result lets it go. */
export const validateDowntimeReasonsStep = validateDowntimeReasons;

/**
 * Downtime reasons: name, key, category (the categories already used are suggested), planned or not,
 * and for planned ones an optional target duration in minutes.
 */
export function DowntimeReasonsStep({ draft, onChange, errors }: ConfigurationStepProps): ReactElement {
  const intl = useIntl();
  const styles = useStepStyles();
  const t = (id: string, values?: Record<string, string | number>): string => intl.formatMessage({ id }, values);
  const { problem, leave } = useShownProblems(validateDowntimeReasons(draft), errors);
  const reasons = draft.downtime_reasons;
  const [added, setAdded] = useState<string | null>(null);
  const categoriesId = useId();
  const categories = [...new Set(reasons.map((r) => r.category.trim()).filter((c) => c !== ''))].sort((a, b) => a.localeCompare(b, intl.locale));
  const change = (index: number, reason: ReasonDraft): void => onChange({ ...draft, downtime_reasons: replaced(reasons, index, reason) });

  return (
    <StepFrame
      title={t('admin.config.reasons.title')}
      description={t('admin.config.reasons.description')}
      problem={problem('downtime_reasons')}
      empty={t('admin.config.reasons.empty')}
      addLabel={t('admin.config.reasons.add')}
      onAdd={() => {
        const reason = newReason(draft);
        setAdded(reason.row);
        onChange({ ...draft, downtime_reasons: [...reasons, reason] });
      }}
      count={reasons.length}
    >
      <datalist id={categoriesId}>
        {categories.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      {reasons.map((reason, index) => {
        const path = (field: keyof ReasonDraft): string => `downtime_reasons.${index}.${field}`;
        const legend = reason.name.trim() || t('admin.config.reasons.new');
        return (
          <ItemFrame key={reason.row} legend={legend} problem={problem(`downtime_reasons.${index}`)} removeLabel={t('admin.config.reasons.remove', { name: legend })} onRemove={() => onChange({ ...draft, downtime_reasons: reasons.filter((_, i) => i !== index) })}>
            <NameAndKeyFields items={reasons} index={index} section="downtime_reasons" autoFocus={reason.row === added} problem={problem} leave={leave} onItem={(item) => change(index, item)} />
            <div className={styles.row}>
              <TextField
                label={t('admin.config.reasons.category')}
                required
                className={styles.wide}
                list={categoriesId}
                value={reason.category}
                problem={problem(path('category'))}
                onValue={(category) => change(index, { ...reason, category })}
                onLeave={() => leave(path('category'))}
              />
              <Switch
                label={t('admin.config.reasons.planned')}
                checked={reason.is_planned}
                onChange={(_event, data) => change(index, { ...reason, is_planned: data.checked })}
              />
              {reason.is_planned ? (
                <TextField
                  label={t('admin.config.reasons.target')}
                  hint={t('admin.config.reasons.targetHint')}
                  className={styles.narrow}
                  inputMode="decimal"
                  value={reason.target_minutes}
                  problem={problem(path('target_minutes'))}
                  onValue={(target_minutes) => change(index, { ...reason, target_minutes })}
                  onLeave={() => leave(path('target_minutes'))}
                />
              ) : null}
            </div>
          </ItemFrame>
        );
      })}
    </StepFrame>
  );
}
