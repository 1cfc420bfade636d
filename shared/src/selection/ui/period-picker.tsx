import { Button, Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import { useFormik } from 'formik';
import { DateTime } from 'luxon';
import { useId, useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import * as yup from 'yup';
import { TIME_OPTIONS, type TimeOption } from '@linepulse/contracts';
import { DATA_AVAILABLE_FROM, DATE_FORMAT, today, type PeriodSelection } from '../period';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  range: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalS },
  apply: { marginTop: '22px' },
});

const isDate = (value: string | undefined): boolean => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && DateTime.fromFormat(value, DATE_FORMAT).isValid;

/** Product §5 dates: both required, yyyy-LL-dd, from 1 September 2019, start not after end, not in the future. */
export function dateRangeSchema(max: string = today()): yup.ObjectSchema<{ startDate: string; endDate: string }> {
  const date = (required: string) =>
    yup
      .string()
      .required(required)
      .test('format', 'format', (value) => !value || isDate(value))
      .test('beforeDataStart', 'beforeDataStart', (value) => !isDate(value) || (value as string) >= DATA_AVAILABLE_FROM)
      .test('future', 'future', (value) => !isDate(value) || (value as string) <= max);
  return yup.object({
    startDate: date('startRequired'),
    endDate: date('endRequired').test(
      'startAfterEnd',
      'startAfterEnd',
      function check(value) {
        const start = this.parent.startDate as string | undefined;
        return !isDate(value) || !isDate(start) || (start as string) <= (value as string);
      },
    ),
  });
}

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
  const max = today();
  const form = useFormik({
    initialValues: { startDate: value.startDate ?? '', endDate: value.endDate ?? '' },
    enableReinitialize: true,
    validationSchema: dateRangeSchema(max),
    onSubmit: (values) => {
      setPendingRange(false);
      onChange({ option: 'time_range', startDate: values.startDate, endDate: values.endDate });
    },
  });
  const message = (field: 'startDate' | 'endDate'): string | undefined => {
    const error = form.touched[field] || form.submitCount > 0 ? form.errors[field] : undefined;
    return error ? intl.formatMessage({ id: `period.${error}` }) : undefined;
  };
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
        <form
          className={styles.range}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            form.handleSubmit();
          }}
        >
          <Field
            label={intl.formatMessage({ id: 'period.start' })}
            validationMessage={message('startDate')}
            validationState={message('startDate') ? 'error' : 'none'}
          >
            <Input
              type="date"
              name="startDate"
              min={DATA_AVAILABLE_FROM}
              max={max}
              value={form.values.startDate}
              onChange={form.handleChange}
              onBlur={form.handleBlur}
            />
          </Field>
          <Field
            label={intl.formatMessage({ id: 'period.end' })}
            validationMessage={message('endDate')}
            validationState={message('endDate') ? 'error' : 'none'}
          >
            <Input
              type="date"
              name="endDate"
              min={DATA_AVAILABLE_FROM}
              max={max}
              value={form.values.endDate}
              onChange={form.handleChange}
              onBlur={form.handleBlur}
            />
          </Field>
          <Button type="submit" appearance="primary" className={styles.apply}>
            {intl.formatMessage({ id: 'period.apply' })}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
