import { Field, Radio, RadioGroup, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { INTERVALS, INTERVAL_RULES, type Interval, type IntervalChoice, type IntervalState } from '../intervals';

const useStyles = makeStyles({
  reasons: { margin: 0, paddingLeft: tokens.spacingHorizontalL, color: tokens.colorNeutralForeground3 },
});

/** Why an interval cannot be used, in the user's language (product §8, §9). */
export function intervalReason(intl: IntlShape, choice: IntervalChoice): string | null {
  const name = intl.formatMessage({ id: `interval.${choice.interval}` }).toLowerCase();
  if (choice.problem === 'not_allowed') return intl.formatMessage({ id: 'error.heatmapNotAllowed' });
  if (choice.problem === 'too_long') {
    return intl.formatMessage({ id: 'error.heatmapLimitedDays' }, { interval: name, days: INTERVAL_RULES[choice.interval].maxDays });
  }
  if (choice.problem === 'too_short') {
    return intl.formatMessage(
      { id: 'interval.tooShort' },
      { interval: name, minimum: intl.formatMessage({ id: `interval.minimum.${choice.interval}` }) },
    );
  }
  return null;
}

/** Why a period has no view by interval at all: 365 days or more, or begun less than an hour ago. */
export function noIntervalMessage(intl: IntlShape, state: IntervalState): string | null {
  if (state.notAllowed) return intl.formatMessage({ id: 'error.heatmapNotAllowed' });
  if (state.tooShort) return intl.formatMessage({ id: 'interval.noneYet' });
  return null;
}

export interface IntervalPickerProps {
  state: IntervalState;
  onChange: (interval: Interval) => void;
}

/** "View by" hour, day, week or month; intervals the period does not allow are disabled with the reason. */
export function IntervalPicker({ state, onChange }: IntervalPickerProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const none = noIntervalMessage(intl, state);
  const reasons = state.choices.flatMap((choice) => {
    const reason = intervalReason(intl, choice);
    return reason && !state.notAllowed && !state.tooShort ? [{ interval: choice.interval, reason }] : [];
  });
  return (
    <Field label={intl.formatMessage({ id: 'interval.label' })}>
      <RadioGroup
        layout="horizontal"
        value={state.interval ?? ''}
        onChange={(_event, data) => onChange(data.value as Interval)}
        aria-describedby={none ? 'interval-not-allowed' : undefined}
      >
        {INTERVALS.map((interval) => {
          const choice = state.choices.find((c) => c.interval === interval);
          return (
            <Radio
              key={interval}
              value={interval}
              label={intl.formatMessage({ id: `interval.${interval}` })}
              disabled={none !== null || (choice?.problem ?? null) !== null}
            />
          );
        })}
      </RadioGroup>
      {none ? (
        <Text id="interval-not-allowed" role="note">
          {none}
        </Text>
      ) : reasons.length > 0 ? (
        <ul className={styles.reasons} aria-label={intl.formatMessage({ id: 'interval.label' })}>
          {reasons.map(({ interval, reason }) => (
            <li key={interval}>{reason}</li>
          ))}
        </ul>
      ) : null}
    </Field>
  );
}
