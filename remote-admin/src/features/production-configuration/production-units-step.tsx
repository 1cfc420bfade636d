import { Field, Input, Select } from '@fluentui/react-components';
import { useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { newUnit, withoutUnit, type UnitDraft } from '../../model/configuration-draft';
import { validateProductionUnits } from '../../model/configuration-problems';
import { COUNT_WORDS, MEASURE_SYMBOLS, measureOf } from '../../model/units-of-measure';
import { ItemFrame, NameAndKeyFields, StepFrame, TextField, fieldState, replaced, useShownProblems, useStepStyles, type ConfigurationStepProps } from './step-parts';

/** The step check the wizard calls before moving on: an empty result lets it go. */
export const validateProductionUnitsStep = validateProductionUnits;

/** Production units: name, key, the unit production is counted in, package size, cost per hour, delay. */
export function ProductionUnitsStep({ draft, onChange, errors }: ConfigurationStepProps): ReactElement {
  const intl = useIntl();
  const styles = useStepStyles();
  const t = (id: string, values?: Record<string, string | number>): string => intl.formatMessage({ id }, values);
  const { problem, leave } = useShownProblems(validateProductionUnits(draft), errors);
  const units = draft.production_units;
  const [added, setAdded] = useState<string | null>(null);
  const change = (index: number, unit: UnitDraft): void => onChange({ ...draft, production_units: replaced(units, index, unit) });

  return (
    <StepFrame
      title={t('admin.config.units.title')}
      description={t('admin.config.units.description')}
      problem={problem('production_units')}
      empty={t('admin.config.units.empty')}
      addLabel={t('admin.config.units.add')}
      onAdd={() => {
        const unit = newUnit(draft);
        setAdded(unit.row);
        onChange({ ...draft, production_units: [...units, unit] });
      }}
      count={units.length}
    >
      {units.map((unit, index) => {
        const path = (field: keyof UnitDraft): string => `production_units.${index}.${field}`;
        const legend = unit.name.trim() || t('admin.config.units.new');
        const text = (field: 'packages' | 'cost_per_hour' | 'downtime_delay_seconds', label: string, hint: string, inputMode: 'numeric' | 'decimal') => (
          <TextField
            label={label}
            hint={hint}
            className={styles.narrow}
            inputMode={inputMode}
            value={unit[field]}
            problem={problem(path(field))}
            onValue={(value) => change(index, { ...unit, [field]: value })}
            onLeave={() => leave(path(field))}
          />
        );
        return (
          <ItemFrame key={unit.row} legend={legend} problem={problem(`production_units.${index}`)} removeLabel={t('admin.config.units.remove', { name: legend })} onRemove={() => onChange(withoutUnit(draft, index))}>
            <NameAndKeyFields items={units} index={index} section="production_units" autoFocus={unit.row === added} problem={problem} leave={leave} onItem={(item) => change(index, item)} />
            <div className={styles.row}>
              <ConvertedUnitField
                value={unit.converted_unit_name}
                othersInUse={units.filter((_, i) => i !== index).map((u) => u.converted_unit_name)}
                problem={problem(path('converted_unit_name'))}
                onValue={(name) => change(index, { ...unit, converted_unit_name: name })}
                onLeave={() => leave(path('converted_unit_name'))}
              />
              {text('packages', t('admin.config.units.packages'), t('admin.config.units.packagesHint'), 'numeric')}
            </div>
            <div className={styles.row}>
              {text('cost_per_hour', t('admin.config.units.costPerHour'), t('admin.config.units.costPerHourHint'), 'decimal')}
              {text('downtime_delay_seconds', t('admin.config.units.downtimeDelay'), t('admin.config.units.downtimeDelayHint'), 'numeric')}
            </div>
          </ItemFrame>
        );
      })}
    </StepFrame>
  );
}

const OTHER = '\u0000other';

/**
 * The unit production is counted in, picked by measure (model/units-of-measure.ts): symbols for weight,
 * volume and length, count words in the admin's language, the names other units already use (so they
 * add up), or any other count word typed in.
 */
function ConvertedUnitField({
  value,
  othersInUse,
  problem,
  onValue,
  onLeave,
}: {
  value: string;
  othersInUse: string[];
  problem: string | undefined;
  onValue(name: string): void;
  onLeave(): void;
}): ReactElement {
  const intl = useIntl();
  const styles = useStepStyles();
  const t = (id: string): string => intl.formatMessage({ id });
  const [typing, setTyping] = useState(false);
  const countWords = COUNT_WORDS.map((word) => t(`admin.config.count.${word}`));
  // Names in use that the lists do not offer (typed earlier, or in another language): offered as they are.
  const customs = [...new Set([...othersInUse, value].map((name) => name.trim()))].filter(
    (name) => name !== '' && measureOf(name) === 'quantity' && !countWords.includes(name),
  );
  const selected = typing ? OTHER : value.trim();
  return (
    <>
      <Field label={t('admin.config.units.convertedUnit')} hint={t('admin.config.units.convertedUnitHint')} className={styles.wide} {...fieldState(typing ? undefined : problem)}>
        <Select
          value={selected}
          onChange={(_event, data) => {
            const choice = data.value;
            setTyping(choice === OTHER);
            onValue(choice === OTHER ? '' : choice);
          }}
          onBlur={onLeave}
        >
          <option value="">{t('admin.config.measure.none')}</option>
          {(Object.keys(MEASURE_SYMBOLS) as (keyof typeof MEASURE_SYMBOLS)[]).map((measure) => (
            <optgroup key={measure} label={t(`admin.config.measure.${measure}`)}>
              {MEASURE_SYMBOLS[measure].map((symbol) => (
                <option key={symbol} value={symbol}>
                  {symbol}
                </option>
              ))}
            </optgroup>
          ))}
          <optgroup label={t('admin.config.measure.quantity')}>
            {[...countWords, ...customs].map((word) => (
              <option key={word} value={word}>
                {word}
              </option>
            ))}
            <option value={OTHER}>{t('admin.config.measure.other')}</option>
          </optgroup>
        </Select>
      </Field>
      {typing ? (
        <Field label={t('admin.config.units.otherName')} className={styles.narrow} {...fieldState(problem)}>
          <Input autoFocus value={value} autoComplete="off" onChange={(_event, data) => onValue(data.value)} onBlur={onLeave} />
        </Field>
      ) : null}
    </>
  );
}
