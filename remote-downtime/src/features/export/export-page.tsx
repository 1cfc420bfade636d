import {
  Button,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Radio,
  RadioGroup,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, DismissRegular } from '@fluentui/react-icons';
import { useFormik } from 'formik';
import { DateTime } from 'luxon';
import { useRef, useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import {
  EmptyState,
  FactoryPageFrame,
  LoadingState,
  apiDownload,
  downloadBlob,
  errorMessage,
  formatNumber,
  useAccount,
  useUiText,
  type DownloadProgress,
} from '@linepulse/shared';
import { DATA_AVAILABLE_FROM, DATE_FORMAT, type Factory } from '@linepulse/contracts';
import { exportPath, exportSchema, type ExportValues } from './export-form';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    maxWidth: '720px',
  },
  fieldset: { border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalM, margin: 0 },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: `0 ${tokens.spacingHorizontalXS}` },
  options: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM },
  dates: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  error: { color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

type Outcome = { kind: 'done'; rows: number | null; fileName: string } | { kind: 'cancelled' } | { kind: 'failed'; message: string };

/** /:factoryId/production-data-export: a file made and streamed by the server, with progress and a cancel. */
export function ExportPage(): ReactElement {
  const intl = useIntl();
  const account = useAccount();
  return (
    <FactoryPageFrame title={intl.formatMessage({ id: 'downtime.export.title' })} description={intl.formatMessage({ id: 'downtime.export.description' })}>
      {(factory) =>
        account === null ? (
          <LoadingState />
        ) : account.integrated_ecosystem ? (
          <ExportForm factory={factory} />
        ) : (
          // The platform's error is jargon ("integrated ecosystem"): the sentence under it says it plainly.
          <EmptyState title={intl.formatMessage({ id: 'error.EXP_INTEGRATED_ONLY' })} description={intl.formatMessage({ id: 'downtime.export.integratedOnly' })} />
        )
      }
    </FactoryPageFrame>
  );
}

function ExportForm({ factory }: { factory: Factory }): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const uiText = useUiText();
  const locale = intl.locale;
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const abort = useRef<AbortController | null>(null);
  const today = DateTime.now().setZone(factory.timezone).toFormat(DATE_FORMAT);
  const lastWeek = DateTime.now().setZone(factory.timezone).minus({ days: 7 }).toFormat(DATE_FORMAT);
  const yesterday = DateTime.now().setZone(factory.timezone).minus({ days: 1 }).toFormat(DATE_FORMAT);
  const running = progress !== null;

  const form = useFormik<ExportValues>({
    initialValues: { unitIds: factory.production_units.map((u) => u.id), startDate: lastWeek, endDate: yesterday, kind: 'downtimes', interval: 'day', format: 'csv' },
    validationSchema: exportSchema(today),
    onSubmit: async (values) => {
      const controller = new AbortController();
      abort.current = controller;
      setOutcome(null);
      setProgress({ receivedBytes: 0, estimatedBytes: null, totalRows: null });
      try {
        const file = await apiDownload('api', exportPath(factory.id, values), { signal: controller.signal, onProgress: setProgress });
        const fileName = file.fileName ?? `export.${values.format}`;
        downloadBlob(file.blob, fileName);
        setOutcome({ kind: 'done', rows: file.totalRows, fileName });
      } catch (error) {
        if (controller.signal.aborted) setOutcome({ kind: 'cancelled' });
        else setOutcome({ kind: 'failed', message: errorMessage(intl, error) || intl.formatMessage({ id: 'state.error.message' }) });
      } finally {
        abort.current = null;
        setProgress(null);
      }
    },
  });
  const problem = (field: keyof ExportValues): string | undefined => {
    const error = form.touched[field] || form.submitCount > 0 ? form.errors[field] : undefined;
    return typeof error === 'string' ? intl.formatMessage({ id: `downtime.export.problem.${error}` }) : undefined;
  };
  const fraction = progress?.estimatedBytes ? Math.min(0.99, progress.receivedBytes / progress.estimatedBytes) : undefined;
  const megabytes = (bytes: number): string => formatNumber(locale, bytes / 1_048_576, 1);

  return (
    <form className={styles.form} noValidate onSubmit={form.handleSubmit} aria-busy={running || undefined}>
      <fieldset className={styles.fieldset} disabled={running}>
        <legend className={styles.legend}>{intl.formatMessage({ id: 'downtime.export.lines' })}</legend>
        <div className={styles.options}>
          {factory.production_units.map((unit) => (
            <Checkbox
              key={unit.id}
              label={unit.name}
              // Fluent draws a checkbox from its own state: the disabled fieldset alone left them looking active during an export.
              disabled={running}
              checked={form.values.unitIds.includes(unit.id)}
              onChange={(_e, data) =>
                void form.setFieldValue(
                  'unitIds',
                  data.checked ? factory.production_units.map((u) => u.id).filter((id) => id === unit.id || form.values.unitIds.includes(id)) : form.values.unitIds.filter((id) => id !== unit.id),
                )
              }
            />
          ))}
        </div>
        {problem('unitIds') ? (
          <Text role="alert" className={styles.error}>
            {problem('unitIds')}
          </Text>
        ) : null}
      </fieldset>
      <div className={styles.dates}>
        {(['startDate', 'endDate'] as const).map((name) => (
          <Field
            key={name}
            label={intl.formatMessage({ id: name === 'startDate' ? 'period.start' : 'period.end' })}
            validationMessage={problem(name)}
            validationState={problem(name) ? 'error' : 'none'}
          >
            <Input type="date" name={name} min={DATA_AVAILABLE_FROM} max={today} value={form.values[name]} onChange={form.handleChange} onBlur={form.handleBlur} disabled={running} />
          </Field>
        ))}
      </div>
      <Field label={intl.formatMessage({ id: 'downtime.export.kind' })}>
        <RadioGroup value={form.values.kind} onChange={(_e, data) => void form.setFieldValue('kind', data.value)} disabled={running}>
          {(['downtimes', 'production', 'events'] as const).map((kind) => (
            <Radio key={kind} value={kind} label={intl.formatMessage({ id: `downtime.export.kind.${kind}` })} />
          ))}
        </RadioGroup>
      </Field>
      {form.values.kind === 'production' ? (
        <Field label={intl.formatMessage({ id: 'downtime.export.interval' })}>
          <RadioGroup layout="horizontal" value={form.values.interval} onChange={(_e, data) => void form.setFieldValue('interval', data.value)} disabled={running}>
            {(['hour', 'shift', 'day'] as const).map((interval) => (
              <Radio key={interval} value={interval} label={intl.formatMessage({ id: `downtime.export.interval.${interval}` })} />
            ))}
          </RadioGroup>
        </Field>
      ) : null}
      <Field label={intl.formatMessage({ id: 'downtime.export.format' })}>
        <RadioGroup layout="horizontal" value={form.values.format} onChange={(_e, data) => void form.setFieldValue('format', data.value)} disabled={running}>
          <Radio value="csv" label={uiText('ui.export.csv')} />
          <Radio value="xlsx" label={uiText('ui.export.xlsx')} />
        </RadioGroup>
      </Field>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" icon={<ArrowDownloadRegular />} disabled={running}>
          {intl.formatMessage({ id: 'downtime.export.start' })}
        </Button>
        {running ? (
          <Button icon={<DismissRegular />} onClick={() => abort.current?.abort()}>
            {intl.formatMessage({ id: 'common.cancel' })}
          </Button>
        ) : null}
      </div>
      {progress ? (
        <div className={styles.progress}>
          <ProgressBar value={fraction} max={1} aria-label={intl.formatMessage({ id: 'downtime.export.progress' })} />
          <Text aria-live="polite">
            {progress.estimatedBytes
              ? intl.formatMessage(
                  { id: 'downtime.export.progressOf' },
                  { received: megabytes(progress.receivedBytes), estimated: megabytes(progress.estimatedBytes), rows: formatNumber(locale, progress.totalRows ?? 0) },
                )
              : intl.formatMessage({ id: 'downtime.export.progressBytes' }, { received: megabytes(progress.receivedBytes) })}
          </Text>
        </div>
      ) : null}
      {outcome ? (
        <MessageBar intent={outcome.kind === 'done' ? 'success' : outcome.kind === 'cancelled' ? 'info' : 'error'} role="status">
          <MessageBarBody>
            {outcome.kind === 'done'
              ? intl.formatMessage({ id: 'downtime.export.done' }, { rows: formatNumber(locale, outcome.rows ?? 0), file: outcome.fileName })
              : outcome.kind === 'cancelled'
                ? intl.formatMessage({ id: 'downtime.export.cancelled' })
                : outcome.message}
          </MessageBarBody>
        </MessageBar>
      ) : null}
    </form>
  );
}
