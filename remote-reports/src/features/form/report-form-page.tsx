import {
  Button,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Select,
  SpinButton,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { EyeRegular, SaveRegular, SendRegular } from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router-dom';
import { AppLink, ErrorState, FactoryPageFrame, LoadingState, errorMessage, isApiError, translateApiErrors, useNotifier, useUser } from '@linepulse/shared';
import {
  ERROR_CODES,
  LANGUAGES,
  REPORT_FREQUENCIES,
  REPORT_LIMITS,
  REPORT_SCHEDULE_TYPES,
  REPORT_TEMPLATES,
  REPORT_TIME_UNITS,
  type EmailReport,
  type Factory,
  type ReportOptions,
  type ReportPreview,
} from '@linepulse/contracts';
import { emailReportQuery } from '../../api/get-email-report';
import { reportOptionsQuery } from '../../api/get-report-options';
import { postEmailReport } from '../../api/post-email-report';
import { postReportPreview } from '../../api/post-report-preview';
import { postReportTest } from '../../api/post-report-test';
import { putEmailReport } from '../../api/put-email-report';
import {
  REPORT_FIELD_ORDER,
  firstInvalidField,
  isReportTemplate,
  newReportValues,
  reportFormWarnings,
  reportValuesOf,
  toReportInput,
  validateReportValues,
  type ReportFormValues,
} from '../../model/report-form';
import { DeliveryHistory } from './delivery-history';
import { MessageFrame } from './message-frame';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '900px' },
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
  },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, '& > *': { minWidth: '180px', flexGrow: 1 } },
  fieldset: { border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalM, margin: 0 },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: `0 ${tokens.spacingHorizontalXS}` },
  options: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM },
  error: { color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  heading: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, margin: 0 },
  refusal: { display: 'block' },
  note: { display: 'block', marginTop: tokens.spacingVerticalXS, color: tokens.colorNeutralForeground2 },
  warning: { marginTop: tokens.spacingVerticalS },
});

const TIME_ZONES: readonly string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

/** /:factoryId/my-reports/creation/:template and /:factoryId/my-reports/:reportId. */
export function ReportFormPage(): ReactElement {
  const intl = useIntl();
  const { reportId } = useParams();
  const editing = reportId !== undefined;
  return (
    <FactoryPageFrame
      title={intl.formatMessage({ id: editing ? 'reports.edition.title' : 'reports.creation.title' })}
      description={intl.formatMessage({ id: editing ? 'reports.edition.description' : 'reports.creation.description' })}
    >
      {(factory) => (editing ? <EditReport factory={factory} reportId={reportId} /> : <NewReport factory={factory} />)}
    </FactoryPageFrame>
  );
}

function NewReport({ factory }: { factory: Factory }): ReactElement {
  const intl = useIntl();
  const user = useUser();
  const { template } = useParams();
  const options = useQuery(reportOptionsQuery(factory.id));
  if (options.isPending) return <LoadingState />;
  if (options.isError) return <ErrorState message={errorMessage(intl, options.error)} onRetry={() => void options.refetch()} />;
  const initial = newReportValues(isReportTemplate(template) ? template : 'overview', options.data, {
    email: user?.email ?? null,
    language: intl.locale.slice(0, 2),
    timezone: factory.timezone,
  });
  return <ReportForm factory={factory} options={options.data} initial={initial} report={null} />;
}

function EditReport({ factory, reportId }: { factory: Factory; reportId: string }): ReactElement {
  const intl = useIntl();
  const options = useQuery(reportOptionsQuery(factory.id));
  const report = useQuery(emailReportQuery(reportId));
  if (options.isPending || report.isPending) return <LoadingState />;
  if (report.isError && isApiError(report.error) && report.error.status === 404) return <ErrorState message={intl.formatMessage({ id: 'reports.notFound' })} />;
  if (options.isError || report.isError) {
    return <ErrorState message={errorMessage(intl, options.error ?? report.error)} onRetry={() => void Promise.all([options.refetch(), report.refetch()])} />;
  }
  return (
    <>
      <ReportForm key={report.data.updated_at} factory={factory} options={options.data} initial={reportValuesOf(report.data)} report={report.data} />
      <DeliveryHistory report={report.data} />
    </>
  );
}

interface ReportFormProps {
  factory: Factory;
  options: ReportOptions;
  initial: ReportFormValues;
  /** The saved report being edited; null while creating. */
  report: EmailReport | null;
}

function ReportForm({ factory, options, initial, report }: ReportFormProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const notifier = useNotifier();
  const navigate = useNavigate();
  const client = useQueryClient();
  const user = useUser();
  const [serverError, setServerError] = useState<string | null>(null);
  // The server's refusals of single recipients (decision 32), shown under the recipients field; they
  // go away once the recipients are edited.
  const [recipientRefusals, setRecipientRefusals] = useState<{ text: string; refusals: string[] } | null>(null);

  /** Shows a refusal: each refused recipient under its field, the rest (if anything) above the buttons. */
  const showRefusal = (error: unknown, values: ReportFormValues, fallback?: string): void => {
    if (isApiError(error)) {
      const refused = error.items.filter((item) => item.code === ERROR_CODES.reportRecipientNotAllowed);
      if (refused.length > 0) {
        setRecipientRefusals({ text: values.recipientsText, refusals: refused.map((item) => translateApiErrors(intl, [item])) });
        const rest = error.items.filter((item) => item.code !== ERROR_CODES.reportRecipientNotAllowed);
        setServerError(rest.length > 0 ? translateApiErrors(intl, rest) || (fallback ?? null) : null);
        return;
      }
    }
    setServerError(errorMessage(intl, error) || (fallback ?? null));
  };
  const [preview, setPreview] = useState<ReportPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [testing, setTesting] = useState(false);

  const form = useFormik<ReportFormValues>({
    initialValues: initial,
    validate: validateReportValues,
    onSubmit: async (values) => {
      setServerError(null);
      try {
        const saved = report ? await putEmailReport(report.id, toReportInput(values)) : await postEmailReport(factory.id, toReportInput(values));
        notifier.success(intl.formatMessage({ id: 'report.status.saved' }));
        await client.invalidateQueries({ queryKey: ['email-reports'] });
        client.setQueryData(emailReportQuery(saved.id).queryKey, saved);
        if (!report) await navigate(`/${factory.id}/my-reports/${saved.id}`);
      } catch (error) {
        showRefusal(error, values, intl.formatMessage({ id: 'report.status.saveFailed' }));
      }
    },
  });
  const problem = (field: keyof ReportFormValues): string | undefined => {
    const error = form.touched[field] || form.submitCount > 0 ? form.errors[field] : undefined;
    return typeof error === 'string' ? intl.formatMessage({ id: `reports.problem.${error}` }) : undefined;
  };
  const fieldState = (field: keyof ReportFormValues) => ({ validationMessage: problem(field), validationState: problem(field) ? ('error' as const) : ('none' as const) });
  const refusals = recipientRefusals && recipientRefusals.text === form.values.recipientsText ? recipientRefusals.refusals : [];
  const recipientsState = problem('recipientsText')
    ? fieldState('recipientsText')
    : refusals.length > 0
      ? { validationMessage: (
          <span>
            {refusals.map((text) => (
              <span key={text} className={styles.refusal}>
                {text}
              </span>
            ))}
          </span>
        ), validationState: 'error' as const }
      : fieldState('recipientsText');
  const warnings = reportFormWarnings(form.values);
  const formRef = useRef<HTMLFormElement>(null);
  const [invalidAttempt, setInvalidAttempt] = useState(0);

  /**
   * After a save or a preview refused by the form's own rules: the first field in error (in the page's
   * order) takes the focus, so its message is in view and read out, however far down the button was.
   */
  const focusFirstInvalid = (errors: Partial<Record<keyof ReportFormValues, unknown>>): void => {
    const field = firstInvalidField(errors);
    const root = formRef.current;
    if (!field || !root) return;
    const target = root.querySelector<HTMLElement>(`[name="${field}"]`) ?? root.querySelector<HTMLElement>(`[data-field="${field}"] input, [data-field="${field}"] select, [data-field="${field}"] textarea`);
    target?.focus();
  };
  // formik validates on submit and marks every field touched; it calls onSubmit only when valid, so a
  // refused attempt is seen here: the submit count moved and submitting ended with errors.
  useEffect(() => {
    if (form.submitCount === 0 || form.isSubmitting || Object.keys(form.errors).length === 0) return;
    setInvalidAttempt(form.submitCount);
    focusFirstInvalid(form.errors);
    // Only when an attempt ends, not at each keystroke that changes the errors.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form.submitCount, form.isSubmitting]);
  const errorCount = REPORT_FIELD_ORDER.filter((field) => form.errors[field] !== undefined).length;

  const toggleId = (field: 'production_unit_ids' | 'work_shift_ids', all: { id: string }[], id: string, checked: boolean): void => {
    const current = form.values[field];
    void form.setFieldValue(field, checked ? all.map((x) => x.id).filter((x) => x === id || current.includes(x)) : current.filter((x) => x !== id));
    void form.setFieldTouched(field, true, false);
  };

  const showPreview = async (): Promise<void> => {
    const errors = await form.validateForm();
    if (Object.keys(errors).length > 0) {
      void form.setTouched(Object.fromEntries(Object.keys(errors).map((key) => [key, true])), false);
      setInvalidAttempt((n) => n + 1);
      focusFirstInvalid(errors);
      return;
    }
    setPreviewing(true);
    setServerError(null);
    try {
      setPreview(await postReportPreview(factory.id, toReportInput(form.values)));
    } catch (error) {
      showRefusal(error, form.values);
    } finally {
      setPreviewing(false);
    }
  };

  const sendTest = async (): Promise<void> => {
    if (!report) return;
    setTesting(true);
    try {
      const delivery = await postReportTest(report.id);
      if (delivery.status === 'sent') notifier.success(intl.formatMessage({ id: 'reports.test.sent' }, { address: user?.email ?? '' }));
      else notifier.error(intl.formatMessage({ id: 'reports.test.failed' }, { answer: delivery.smtp_response ?? '' }));
      await client.invalidateQueries({ queryKey: ['email-report', report.id] });
      await client.invalidateQueries({ queryKey: ['email-reports'] });
    } catch (error) {
      notifier.error(errorMessage(intl, error));
    } finally {
      setTesting(false);
    }
  };

  const selectField = <K extends 'template' | 'frequency' | 'time_unit' | 'language' | 'timezone' | 'day'>(name: K, label: string, choices: { value: string; label: string }[]) => (
    <Field label={label} {...fieldState(name)}>
      <Select name={name} value={String(form.values[name])} onChange={form.handleChange} onBlur={form.handleBlur}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </Select>
    </Field>
  );

  return (
    <div className={styles.root}>
      <AppLink to={`/${factory.id}/my-reports`}>{intl.formatMessage({ id: 'reports.back' })}</AppLink>
      <form ref={formRef} className={styles.form} noValidate onSubmit={form.handleSubmit} aria-busy={form.isSubmitting || undefined}>
        <div className={styles.row}>
          <Field label={intl.formatMessage({ id: 'reports.field.title' })} required {...fieldState('title')}>
            <Input name="title" value={form.values.title} maxLength={REPORT_LIMITS.titleMax + 10} onChange={form.handleChange} onBlur={form.handleBlur} />
          </Field>
          {selectField(
            'template',
            intl.formatMessage({ id: 'reports.field.template' }),
            REPORT_TEMPLATES.map((t) => ({ value: t, label: intl.formatMessage({ id: `reports.template.${t}` }) })),
          )}
        </div>
        <div className={styles.row}>
          {selectField(
            'frequency',
            intl.formatMessage({ id: 'reports.field.frequency' }),
            REPORT_FREQUENCIES.map((f) => ({ value: f, label: intl.formatMessage({ id: `reports.frequency.${f}` }) })),
          )}
          {form.values.frequency === 'weekly'
            ? selectField('day', intl.formatMessage({ id: 'reports.field.day' }), [
                { value: '', label: '' },
                ...[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: String(d), label: intl.formatMessage({ id: `reports.weekday.${d}` }) })),
              ])
            : null}
          {form.values.frequency === 'monthly'
            ? selectField('day', intl.formatMessage({ id: 'reports.field.dayOfMonth' }), [
                { value: '', label: '' },
                ...Array.from({ length: REPORT_LIMITS.monthDayMax }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
              ])
            : null}
          <Field label={intl.formatMessage({ id: 'reports.field.time' })} {...fieldState('time')}>
            <Input type="time" name="time" value={form.values.time} onChange={form.handleChange} onBlur={form.handleBlur} />
          </Field>
          {selectField(
            'timezone',
            intl.formatMessage({ id: 'reports.field.timezone' }),
            (TIME_ZONES.includes(form.values.timezone) ? TIME_ZONES : [form.values.timezone, ...TIME_ZONES]).map((zone) => ({ value: zone, label: zone })),
          )}
        </div>
        <div className={styles.row}>
          <Field label={intl.formatMessage({ id: 'reports.field.scheduleType' })} data-field="schedule_type" {...fieldState('schedule_type')}>
            <RadioGroup layout="horizontal" value={form.values.schedule_type} onChange={(_e, data) => void form.setFieldValue('schedule_type', data.value)}>
              {REPORT_SCHEDULE_TYPES.map((type) => (
                <Radio key={type} value={type} label={intl.formatMessage({ id: `reports.field.scheduleType.${type}` })} />
              ))}
            </RadioGroup>
          </Field>
          <Field label={intl.formatMessage({ id: 'reports.field.duration' })} {...fieldState('duration')}>
            <SpinButton
              name="duration"
              value={form.values.duration}
              min={1}
              max={REPORT_LIMITS.durationMax[form.values.time_unit]}
              onChange={(_e, data) => {
                const next = data.value ?? Number(data.displayValue);
                void form.setFieldValue('duration', Number.isFinite(next) ? next : form.values.duration);
              }}
              onBlur={form.handleBlur}
            />
          </Field>
          {selectField(
            'time_unit',
            intl.formatMessage({ id: 'reports.field.timeUnit' }),
            REPORT_TIME_UNITS.map((u) => ({ value: u, label: intl.formatMessage({ id: `reports.unit.${u}` }) })),
          )}
        </div>
        <Field label={intl.formatMessage({ id: 'reports.field.recipients' })} hint={intl.formatMessage({ id: 'reports.field.recipients.hint' })} required {...recipientsState}>
          <Textarea name="recipientsText" value={form.values.recipientsText} onChange={form.handleChange} onBlur={form.handleBlur} resize="vertical" />
        </Field>
        {(
          [
            ['production_unit_ids', 'reports.field.lines', options.production_units, ERROR_CODES.reportUnitsAboveRecommended, REPORT_LIMITS.recommendedUnits],
            ['work_shift_ids', 'reports.field.shifts', options.work_shifts, ERROR_CODES.reportShiftsAboveRecommended, REPORT_LIMITS.recommendedShifts],
          ] as const
        ).map(([field, label, all, warning, recommended]) => (
          <fieldset key={field} className={styles.fieldset} data-field={field} aria-describedby={`report-note-${field}`}>
            <legend className={styles.legend}>{intl.formatMessage({ id: label })}</legend>
            <div className={styles.options}>
              {all.map((item) => (
                <Checkbox key={item.id} label={item.name} checked={form.values[field].includes(item.id)} onChange={(_e, data) => toggleId(field, all, item.id, data.checked === true)} />
              ))}
            </div>
            {/* Product §5: a recommendation, not a limit. Said at all times, so that a line left out of a new
                report's first five is not left out silently. */}
            <Text id={`report-note-${field}`} size={200} className={styles.note}>
              {intl.formatMessage({ id: `reports.note.${field}` }, { selected: form.values[field].length, total: all.length, recommended })}
            </Text>
            {warnings.includes(warning) ? (
              <MessageBar intent="warning" className={styles.warning}>
                <MessageBarBody>{intl.formatMessage({ id: `reports.warning.${warning}` })}</MessageBarBody>
              </MessageBar>
            ) : null}
            {problem(field) ? (
              <Text role="alert" className={styles.error}>
                {problem(field)}
              </Text>
            ) : null}
          </fieldset>
        ))}
        {selectField(
          'language',
          intl.formatMessage({ id: 'reports.field.language' }),
          LANGUAGES.map((l) => ({ value: l, label: intl.formatMessage({ id: `reports.language.${l}` }) })),
        )}
        {invalidAttempt > 0 && errorCount > 0 ? (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{intl.formatMessage({ id: 'reports.invalid' }, { count: errorCount })}</MessageBarBody>
          </MessageBar>
        ) : null}
        {serverError ? (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{serverError}</MessageBarBody>
          </MessageBar>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" icon={<SaveRegular />} disabled={form.isSubmitting}>
            {intl.formatMessage({ id: 'reports.save' })}
          </Button>
          <Button icon={<EyeRegular />} disabled={previewing} onClick={() => void showPreview()}>
            {intl.formatMessage({ id: 'reports.preview' })}
          </Button>
          <Button icon={<SendRegular />} disabled={!report || testing || form.dirty} onClick={() => void sendTest()}>
            {intl.formatMessage({ id: 'reports.test' })}
          </Button>
          {!report || form.dirty ? <Text size={200}>{intl.formatMessage({ id: 'reports.test.saveFirst' })}</Text> : null}
        </div>
      </form>
      {previewing ? <LoadingState /> : null}
      {preview ? (
        <section aria-labelledby="report-preview-heading">
          <h2 id="report-preview-heading" className={styles.heading}>
            {intl.formatMessage({ id: 'reports.preview.title' })}
          </h2>
          <Text block>{intl.formatMessage({ id: 'reports.preview.subject' }, { subject: preview.subject })}</Text>
          <MessageFrame html={preview.html} title={intl.formatMessage({ id: 'reports.preview.title' })} />
        </section>
      ) : null}
    </div>
  );
}
