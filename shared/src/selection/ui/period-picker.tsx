import { Field, Select, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { Suspense, lazy, useId, useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { TIME_OPTIONS, type TimeOption } from '@linepulse/contracts';
import type { PeriodSelection } from '../period';

// The date range form (formik, date inputs) loads when a range is chosen: most visits never show it,
// and it is not part of any page's first screen (issue 23).
const DateRangeForm = lazy(() => import('./date-range-form').then((m) => ({ default: m.DateRangeForm })));

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
});

export interface PeriodPickerProps {
  value: PeriodSelection;
  onChange: (next: PeriodSelection) => void;
  /** Options without a window for the account (no current or past custom period). */
  unavailable?: readonly TimeOption[];
  large?: boolean;
}

/** The period selector: every time option of product §3, with a validated date range for time_range. */
export function PeriodPicker({ value, onChange, unavailable = [], large = false }: PeriodPickerProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const selectId = useId();
  const [pendingRange, setPendingRange] = useState(false);
  const showRange = pendingRange || value.option === 'time_range';
  const option = (id: TimeOption): string => intl.formatMessage({ id: `period.${id}` });

  return (
    <div className={styles.root}>
      <Field label={intl.formatMessage({ id: 'period.label' })} size={large ? 'large' : 'medium'}>
        <Select
          id={selectId}
          value={showRange ? 'time_range' : value.option}
          onChange={(_event, data) => {
            const next = data.value as TimeOption;
            if (next === 'time_range') {
              setPendingRange(true);
              return;
            }
            setPendingRange(false);
            onChange({ option: next, startDate: null, endDate: null });
          }}
        >
          {TIME_OPTIONS.map((id) => (
            <option key={id} value={id} disabled={unavailable.includes(id)}>
              {unavailable.includes(id) ? `${option(id)} (${intl.formatMessage({ id: 'period.noCustomPeriod' })})` : option(id)}
            </option>
          ))}
        </Select>
      </Field>
      {showRange ? (
        <Suspense fallback={<Spinner size="tiny" label={intl.formatMessage({ id: 'state.loading' })} />}>
          <DateRangeForm
            startDate={value.startDate ?? ''}
            endDate={value.endDate ?? ''}
            onApply={(startDate, endDate) => {
              setPendingRange(false);
              onChange({ option: 'time_range', startDate, endDate });
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
