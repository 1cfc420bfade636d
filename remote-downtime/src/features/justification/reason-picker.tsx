import { Field, Radio, RadioGroup, SearchBox, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useId, useMemo, useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import type { DowntimeReasonRef } from '@linepulse/contracts';
import { reasonGroups } from '../../model/justification';

const useStyles = makeStyles({
  fieldset: { border: 0, margin: 0, padding: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  legend: { padding: 0, fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  search: { minHeight: '44px', maxWidth: 'none' },
  // The list scrolls inside the dialog so that its buttons stay in reach on a tablet.
  list: {
    maxHeight: 'min(40vh, 360px)',
    overflowY: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingVerticalXS,
  },
  category: {
    display: 'block',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS} 0`,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    textTransform: 'uppercase',
  },
  // A row a finger can hit: 44 px high, the whole width.
  option: { display: 'flex', alignItems: 'center', minHeight: '44px', width: '100%' },
  note: { color: tokens.colorNeutralForeground2 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export interface ReasonPickerProps {
  legend: string;
  reasons: readonly DowntimeReasonRef[];
  value: string | null;
  onChange(reasonId: string): void;
  /** A validation message (no reason chosen). */
  error?: string;
  disabled?: boolean;
}

/**
 * One of the factory's reasons: a search (name or category, accents ignored) over radio buttons grouped
 * by category. Radios rather than a drop-down: every choice is one touch on a tablet, arrows move between
 * them, and a screen reader hears the category of each group.
 */
export function ReasonPicker({ legend, reasons, value, onChange, error, disabled = false }: ReasonPickerProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const legendId = useId();
  const errorId = useId();
  const [search, setSearch] = useState('');
  const groups = useMemo(() => reasonGroups(reasons, search, intl.locale), [reasons, search, intl.locale]);
  const chosen = reasons.find((reason) => reason.id === value);
  const chosenHidden = chosen !== undefined && !groups.some((group) => group.reasons.includes(chosen));

  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? errorId : undefined}>
      <legend id={legendId} className={styles.legend}>
        {legend}
      </legend>
      {reasons.length === 0 ? (
        <Text className={styles.note}>{intl.formatMessage({ id: 'downtime.justify.noReasons' })}</Text>
      ) : (
        <>
          <Field label={intl.formatMessage({ id: 'downtime.justify.search' })}>
            <SearchBox
              className={styles.search}
              size="large"
              value={search}
              placeholder={intl.formatMessage({ id: 'downtime.justify.searchPlaceholder' })}
              onChange={(_event, data) => setSearch(data.value)}
              disabled={disabled}
            />
          </Field>
          {groups.length === 0 ? (
            <Text className={styles.note} role="status">
              {intl.formatMessage({ id: 'downtime.justify.noMatch' }, { search: search.trim() })}
            </Text>
          ) : (
            <div className={styles.list}>
              <RadioGroup aria-labelledby={legendId} value={value ?? ''} onChange={(_event, data) => onChange(data.value)} disabled={disabled}>
                {groups.map((group) => (
                  <ReasonGroupView key={group.category} category={group.category}>
                    {group.reasons.map((reason) => (
                      <Radio
                        key={reason.id}
                        value={reason.id}
                        className={styles.option}
                        label={intl.formatMessage({ id: 'downtime.justify.reasonOption' }, { name: reason.name, planned: String(reason.is_planned) })}
                      />
                    ))}
                  </ReasonGroupView>
                ))}
              </RadioGroup>
            </div>
          )}
          {chosenHidden ? <Text className={styles.note}>{intl.formatMessage({ id: 'downtime.justify.chosen' }, { reason: chosen.name })}</Text> : null}
        </>
      )}
      {error ? (
        <Text id={errorId} className={styles.error} role="alert">
          {error}
        </Text>
      ) : null}
    </fieldset>
  );
}

function ReasonGroupView({ category, children }: { category: string; children: ReactElement[] }): ReactElement {
  const styles = useStyles();
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <span id={id} className={styles.category}>
        {category}
      </span>
      {children}
    </div>
  );
}
