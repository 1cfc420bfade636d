import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useFormik } from 'formik';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { dateRangeSchema } from '@linepulse/contracts';
import { DATA_AVAILABLE_FROM, today } from '../period';

const useStyles = makeStyles({
  range: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalS },
  apply: { marginTop: '22px' },
});

export interface DateRangeFormProps {
  startDate: string;
  endDate: string;
  onApply: (startDate: string, endDate: string) => void;
}

/** The period picker's date range (product §5), validated before it is applied. Loaded when a range is chosen. */
export function DateRangeForm({ startDate, endDate, onApply }: DateRangeFormProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const max = today();
  const form = useFormik({
    initialValues: { startDate, endDate },
    enableReinitialize: true,
    validationSchema: dateRangeSchema(max),
    onSubmit: (values) => onApply(values.startDate, values.endDate),
  });
  const message = (field: 'startDate' | 'endDate'): string | undefined => {
    const error = form.touched[field] || form.submitCount > 0 ? form.errors[field] : undefined;
    return error ? intl.formatMessage({ id: `period.${error}` }) : undefined;
  };
  const dateField = (field: 'startDate' | 'endDate', label: string): ReactElement => (
    <Field label={intl.formatMessage({ id: label })} validationMessage={message(field)} validationState={message(field) ? 'error' : 'none'}>
      <Input
        type="date"
        name={field}
        min={DATA_AVAILABLE_FROM}
        max={max}
        value={form.values[field]}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
      />
    </Field>
  );
  return (
    <form
      className={styles.range}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.handleSubmit();
      }}
    >
      {dateField('startDate', 'period.start')}
      {dateField('endDate', 'period.end')}
      <Button type="submit" appearance="primary" className={styles.apply}>
        {intl.formatMessage({ id: 'period.apply' })}
      </Button>
    </form>
  );
}
