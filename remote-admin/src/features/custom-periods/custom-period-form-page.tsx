import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useFormik, type FormikErrors } from 'formik';
import { useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router-dom';
import {
  AppLink,
  ErrorState,
  LoadingState,
  PageFrame,
  errorMessage,
  errorMessageId,
  genericErrorMessage,
  isApiError,
  queryView,
  useCustomPeriods,
  useNotifier,
} from '@linepulse/shared';
import { customPeriodDays, routePath, type CustomPeriod, type CustomPeriodInput } from '@linepulse/contracts';
import { customPeriodQuery } from '../../api/get-custom-period';
import { postCustomPeriod } from '../../api/post-custom-period';
import { putCustomPeriod } from '../../api/put-custom-period';
import { customPeriodProblems, type FieldProblem } from '../../model/custom-period-problems';
import { useCustomPeriodCache } from './custom-period-cache';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    maxWidth: '560px',
  },
  dates: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  failure: { color: tokens.colorPaletteRedForeground1, whiteSpace: 'pre-line' },
});

const FIELDS: (keyof CustomPeriodInput)[] = ['name', 'start_date', 'end_date'];

/** /customPeriods/creation and /customPeriods/:id (admin): one custom period's name and dates. */
export function CustomPeriodFormPage(): ReactElement {
  const intl = useIntl();
  const { id } = useParams();
  const title = intl.formatMessage({ id: id ? 'admin.customPeriod.editionTitle' : 'admin.customPeriod.creationTitle' });
  return (
    <PageFrame title={title} description={intl.formatMessage({ id: 'admin.customPeriod.description' })}>
      {id ? <EditedPeriod id={id} /> : <CustomPeriodForm period={null} />}
    </PageFrame>
  );
}

function EditedPeriod({ id }: { id: string }): ReactElement {
  const intl = useIntl();
  const view = queryView(useQuery(customPeriodQuery(id)));
  if (view.loading) return <LoadingState />;
  if (view.data === undefined) {
    const notFound = isApiError(view.error) && view.error.status === 404;
    return (
      <ErrorState
        message={errorMessage(intl, view.error) || intl.formatMessage({ id: 'state.error.message' })}
        onRetry={notFound ? undefined : view.reload}
      />
    );
  }
  return <CustomPeriodForm key={id} period={view.data} />;
}

function CustomPeriodForm({ period }: { period: CustomPeriod | null }): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const navigate = useNavigate();
  const notifier = useNotifier();
  const cache = useCustomPeriodCache();
  const periods = useCustomPeriods();
  const [failure, setFailure] = useState('');
  const translate = (problem: FieldProblem): string => intl.formatMessage({ id: errorMessageId(problem.code) }, problem.arguments);

  const form = useFormik<CustomPeriodInput>({
    initialValues: { name: period?.name ?? '', start_date: period?.start_date ?? '', end_date: period?.end_date ?? '' },
    validate: (values) => {
      const problems = customPeriodProblems(values, periods, period?.id ?? null);
      const errors: FormikErrors<CustomPeriodInput> = {};
      for (const field of FIELDS) if (problems[field]) errors[field] = translate(problems[field]);
      return errors;
    },
    onSubmit: async (values) => {
      setFailure('');
      try {
        const saved = period ? await putCustomPeriod(period.id, values) : await postCustomPeriod(values);
        await cache.saved(saved);
        notifier.success(intl.formatMessage({ id: 'admin.customPeriod.saved' }, { name: saved.name }));
        navigate(routePath('customPeriods'));
      } catch (error) {
        // The api's refusals of a field (another admin's period saved meanwhile) go under that field.
        if (isApiError(error)) {
          const byField: FormikErrors<CustomPeriodInput> = {};
          for (const item of error.items) {
            const field = item.arguments.field as keyof CustomPeriodInput;
            if (FIELDS.includes(field) && !byField[field]) byField[field] = translate({ code: item.code, arguments: item.arguments });
          }
          if (Object.keys(byField).length > 0) {
            form.setErrors(byField);
            return;
          }
        }
        setFailure(errorMessage(intl, error) || genericErrorMessage(intl));
      }
    },
  });

  const problem = (field: keyof CustomPeriodInput): string | undefined =>
    form.touched[field] || form.submitCount > 0 ? form.errors[field] : undefined;
  const days = form.values.start_date && form.values.end_date ? customPeriodDays(form.values.start_date, form.values.end_date) : null;

  return (
    <form className={styles.form} noValidate onSubmit={form.handleSubmit} aria-busy={form.isSubmitting || undefined}>
      <Field
        label={intl.formatMessage({ id: 'admin.customPeriods.name' })}
        hint={intl.formatMessage({ id: 'admin.customPeriod.nameHint' })}
        required
        validationMessage={problem('name')}
        validationState={problem('name') ? 'error' : 'none'}
      >
        <Input name="name" value={form.values.name} onChange={form.handleChange} onBlur={form.handleBlur} autoComplete="off" />
      </Field>
      <div className={styles.dates}>
        {(['start_date', 'end_date'] as const).map((field) => (
          <Field
            key={field}
            label={intl.formatMessage({ id: field === 'start_date' ? 'admin.customPeriods.start' : 'admin.customPeriods.end' })}
            required
            validationMessage={problem(field)}
            validationState={problem(field) ? 'error' : 'none'}
          >
            <Input type="date" name={field} value={form.values[field]} onChange={form.handleChange} onBlur={form.handleBlur} />
          </Field>
        ))}
      </div>
      <Text aria-live="polite">{days !== null && days > 0 ? intl.formatMessage({ id: 'admin.customPeriod.dayCount' }, { days }) : ''}</Text>
      {failure ? (
        <Text role="alert" className={styles.failure}>
          {failure}
        </Text>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={form.isSubmitting}>
          {intl.formatMessage({ id: 'common.save' })}
        </Button>
        <AppLink to={routePath('customPeriods')}>{intl.formatMessage({ id: 'admin.customPeriod.back' })}</AppLink>
      </div>
    </form>
  );
}
