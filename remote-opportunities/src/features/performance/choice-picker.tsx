import { Field, Select, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import type { Factory, OpportunityTargets } from '@linepulse/contracts';
import type { Choice } from '../../model/choice';

const useStyles = makeStyles({
  group: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, border: 0, padding: 0, margin: 0 },
  legend: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' },
  // As wide as the Period's select beside them: "Choose…" and a line's name read whole.
  select: { minWidth: '180px' },
});

export interface ChoicePickerProps {
  factories: readonly Factory[];
  choice: Choice;
  /** Planned downtime: the factory's planned reasons with a target (undefined: not this page). */
  reasons?: OpportunityTargets['planned_reasons'];
  onChange: (next: Partial<Choice>) => void;
}

/** Factory, production line and (planned downtime) reason of the page; the page writes them into its URL. */
export function ChoicePicker({ factories, choice, reasons, onChange }: ChoicePickerProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const factory = factories.find((f) => f.id === choice.factoryId);
  const pick = intl.formatMessage({ id: 'opportunities.choice.pick' });
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{intl.formatMessage({ id: 'opportunities.choice.label' })}</legend>
      <Field label={intl.formatMessage({ id: 'opportunities.choice.factory' })}>
        <Select className={styles.select} value={choice.factoryId ?? ''} onChange={(_e, data) => onChange({ factoryId: data.value || null })}>
          {choice.factoryId ? null : <option value="">{pick}</option>}
          {factories.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={intl.formatMessage({ id: 'opportunities.choice.unit' })}>
        <Select className={styles.select} disabled={!factory} value={choice.productionUnitId ?? ''} onChange={(_e, data) => onChange({ productionUnitId: data.value || null })}>
          {choice.productionUnitId ? null : <option value="">{pick}</option>}
          {(factory?.production_units ?? []).map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </Select>
      </Field>
      {reasons ? (
        <Field label={intl.formatMessage({ id: 'opportunities.choice.reason' })}>
          <Select className={styles.select} disabled={!factory} value={choice.downtimeReasonId ?? ''} onChange={(_e, data) => onChange({ downtimeReasonId: data.value || null })}>
            <option value="">{intl.formatMessage({ id: 'opportunities.choice.allReasons' })}</option>
            {reasons.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
    </fieldset>
  );
}
