import {
  Button,
  Field,
  ProgressBar,
  Radio,
  RadioGroup,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactElement } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { EmptyState, ErrorState, LoadingState, errorMessage, genericErrorMessage, queryView } from '@linepulse/shared';
import type { HistoryImport, HistoryImportDetail, HistoryImportError, HistoryImportFormat } from '@linepulse/contracts';
import { historyImportQuery, historyImportsQuery } from '../../api/get-history-imports';
import { postHistoryImport } from '../../api/post-history-import';
import { formatOfFileName, importProgress, stepStates, type ImportProgress } from '../../model/history-import-progress';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  note: { color: tokens.colorNeutralForeground2 },
  form: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalL },
  error: { color: tokens.colorPaletteRedForeground1, whiteSpace: 'pre-line' },
  steps: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, listStyleType: 'none', margin: 0, padding: 0 },
  stepDone: { color: tokens.colorPaletteGreenForeground1 },
  stepCurrent: { fontWeight: tokens.fontWeightSemibold },
  stepTodo: { color: tokens.colorNeutralForeground3 },
  stepFailed: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  counts: { display: 'grid', gridTemplateColumns: 'max-content max-content', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0 },
  countValue: { margin: 0, fontVariantNumeric: 'tabular-nums' },
  lineCell: { width: '6rem', fontVariantNumeric: 'tabular-nums' },
});

/** Bytes in binary units, in the page's language. */
function bytesText(intl: IntlShape, bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${intl.formatNumber(value, { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}

/** A refused row's problem in the page's language (the api's English text when the code is not known here). */
function problemText(intl: IntlShape, error: HistoryImportError): string {
  const id = `admin.historyImport.problem.${error.code}`;
  if (!Object.prototype.hasOwnProperty.call(intl.messages, id)) return error.message;
  return intl.formatMessage({ id }, { field: error.field ?? '', max_minutes: 5, ...error.arguments });
}

/** Why a job failed, in the page's language. */
function failureText(intl: IntlShape, job: HistoryImport): string {
  const failure = job.failure;
  if (!failure) return genericErrorMessage(intl);
  const id = `error.${failure.code}`;
  if (!Object.prototype.hasOwnProperty.call(intl.messages, id)) return failure.message;
  return intl.formatMessage({ id }, { unknown: '', missing: '', ...failure.arguments });
}

function statusText(intl: IntlShape, job: HistoryImport, progress: ImportProgress): string {
  const number = (n: number): string => intl.formatNumber(n);
  switch (job.phase) {
    case 'upload':
      return intl.formatMessage({ id: 'admin.historyImport.status.upload' }, { bytes: bytesText(intl, job.bytes_total) });
    case 'store':
      return intl.formatMessage(
        { id: 'admin.historyImport.status.store' },
        { percent: intl.formatNumber(job.bytes_total > 0 ? job.bytes_read / job.bytes_total : 0, { style: 'percent' }), read: number(job.rows_read) },
      );
    case 'derive':
      return intl.formatMessage({ id: 'admin.historyImport.status.derive' }, { done: number(progress.unitsDone), total: number(job.units_total) });
    case 'done':
      return intl.formatMessage({ id: 'admin.historyImport.status.done' }, { stored: number(job.rows_stored) });
    case 'failed':
      return intl.formatMessage({ id: 'admin.historyImport.status.failed' }, { reason: failureText(intl, job) });
  }
}

/** One job: steps, bar, counts and refused rows. The status line is announced as it changes. */
function ImportProgressView({ job }: { job: HistoryImportDetail }): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const t = (id: string, values?: Record<string, string | number>): string => intl.formatMessage({ id }, values);
  const progress = importProgress(job);
  const stepClass = { done: styles.stepDone, current: styles.stepCurrent, todo: styles.stepTodo, failed: styles.stepFailed };
  const status = statusText(intl, job, progress);
  return (
    <>
      <ol className={styles.steps} aria-label={t('admin.historyImport.steps')}>
        {stepStates(progress).map(({ step, state }) => (
          <li key={step} className={stepClass[state]} aria-current={state === 'current' ? 'step' : undefined}>
            {t(`admin.historyImport.stepState.${state}`, { step: t(`admin.historyImport.step.${step}`) })}
          </li>
        ))}
      </ol>
      <Field label={t('admin.historyImport.progress')} validationState={job.phase === 'failed' ? 'error' : job.phase === 'done' ? 'success' : 'none'}>
        <ProgressBar value={progress.value} max={1} thickness="large" color={job.phase === 'failed' ? 'error' : job.phase === 'done' ? 'success' : 'brand'} />
      </Field>
      <Text role="status" aria-live="polite" className={job.phase === 'failed' ? styles.error : undefined}>
        {status}
      </Text>
      <section aria-label={t('admin.historyImport.counts')}>
        <dl className={styles.counts}>
          <dt>{t('admin.historyImport.count.read')}</dt>
          <dd className={styles.countValue}>{intl.formatNumber(job.rows_read)}</dd>
          <dt>{t('admin.historyImport.count.stored')}</dt>
          <dd className={styles.countValue}>{intl.formatNumber(job.rows_stored)}</dd>
          <dt>{t('admin.historyImport.count.duplicates')}</dt>
          <dd className={styles.countValue}>{intl.formatNumber(job.rows_duplicate)}</dd>
          <dt>{t('admin.historyImport.count.refused')}</dt>
          <dd className={styles.countValue}>{intl.formatNumber(job.rows_refused)}</dd>
          <dt>{t('admin.historyImport.count.bytes')}</dt>
          <dd className={styles.countValue}>{t('admin.historyImport.bytesOf', { read: bytesText(intl, job.bytes_read), total: bytesText(intl, job.bytes_total) })}</dd>
        </dl>
      </section>
      <Text as="h3" size={400} weight="semibold">
        {t('admin.historyImport.errors')}
      </Text>
      {job.errors.length === 0 ? (
        <Text>{t('admin.historyImport.errorsNone')}</Text>
      ) : (
        <>
          <Table size="small" aria-label={t('admin.historyImport.errors')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell className={styles.lineCell}>{t('admin.historyImport.errorLine')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.historyImport.errorProblem')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {job.errors.map((error) => (
                <TableRow key={`${error.line}-${error.code}`}>
                  <TableCell className={styles.lineCell}>{intl.formatNumber(error.line)}</TableCell>
                  <TableCell>{problemText(intl, error)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {job.errors_omitted > 0 ? <Text>{t('admin.historyImport.errorsMore', { count: job.errors_omitted })}</Text> : null}
        </>
      )}
    </>
  );
}

/** The job being followed: asked every second while it runs. */
function FollowedImport({ factoryId, importId }: { factoryId: string; importId: string }): ReactElement {
  const intl = useIntl();
  const view = queryView(useQuery(historyImportQuery(factoryId, importId)));
  if (view.loading) return <LoadingState />;
  if (view.data === undefined) {
    return <ErrorState title={intl.formatMessage({ id: 'admin.historyImport.loadFailed' })} message={errorMessage(intl, view.error) || genericErrorMessage(intl)} onRetry={view.reload} />;
  }
  return <ImportProgressView job={view.data} />;
}

export interface HistoryImportPanelProps {
  factoryId: string;
}

/**
 * A factory's history import: choose a file (NDJSON or CSV), send it, then follow the job through its
 * steps (upload, read and store, compute the figures) with its counts and refused rows by line.
 */
export function HistoryImportPanel({ factoryId }: HistoryImportPanelProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const t = (id: string, values?: Record<string, string | number>): string => intl.formatMessage({ id }, values);
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = queryView(useQuery(historyImportsQuery(factoryId)));
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<HistoryImportFormat>('ndjson');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState('');
  const [fileProblem, setFileProblem] = useState('');
  const [followed, setFollowed] = useState<string | null>(null);

  const choose = (chosen: File | null): void => {
    setFile(chosen);
    setFileProblem('');
    setFailure('');
    const guessed = chosen ? formatOfFileName(chosen.name) : null;
    if (guessed) setFormat(guessed);
  };

  const send = async (): Promise<void> => {
    if (!file) {
      setFileProblem(t('admin.historyImport.noFile'));
      input.current?.focus();
      return;
    }
    setSending(true);
    setFailure('');
    try {
      const job = await postHistoryImport(factoryId, file, format, file.name);
      queryClient.setQueryData<HistoryImport[]>(historyImportsQuery(factoryId).queryKey, (jobs) => [job, ...(jobs ?? []).filter((j) => j.id !== job.id)]);
      setFollowed(job.id);
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (error) {
      setFailure(`${t('admin.historyImport.uploadFailed')}\n${errorMessage(intl, error) || genericErrorMessage(intl)}`);
    } finally {
      setSending(false);
    }
  };

  const latest = list.data?.[0];
  const shown = followed ?? latest?.id ?? null;
  const shownJob = list.data?.find((j) => j.id === shown);
  return (
    <section className={styles.panel} aria-label={t('admin.historyImport.title')}>
      <Text as="h2" size={500} weight="semibold">
        {t('admin.historyImport.title')}
      </Text>
      <Text className={styles.note}>{t('admin.historyImport.description')}</Text>
      <div className={styles.form}>
        <Field label={{ children: t('admin.historyImport.file'), htmlFor: fileId }} hint={t('admin.historyImport.fileHint')} validationMessage={fileProblem || undefined}>
          <input
            id={fileId}
            ref={input}
            type="file"
            accept=".ndjson,.jsonl,.json,.csv,application/x-ndjson,text/csv"
            disabled={sending}
            onChange={(event) => choose(event.currentTarget.files?.[0] ?? null)}
          />
        </Field>
        <Field label={t('admin.historyImport.format')}>
          <RadioGroup value={format} layout="horizontal" disabled={sending} onChange={(_event, data) => setFormat(data.value as HistoryImportFormat)}>
            <Radio value="ndjson" label={t('admin.historyImport.formatNdjson')} />
            <Radio value="csv" label={t('admin.historyImport.formatCsv')} />
          </RadioGroup>
        </Field>
        <Button appearance="primary" icon={<ArrowUploadRegular />} disabled={sending} onClick={() => void send()}>
          {t('admin.historyImport.start')}
        </Button>
      </div>
      {sending && file ? (
        <Field label={t('admin.historyImport.uploading', { name: file.name, size: bytesText(intl, file.size) })}>
          <ProgressBar thickness="large" />
        </Field>
      ) : null}
      {failure ? (
        <Text role="alert" className={styles.error}>
          {failure}
        </Text>
      ) : null}
      {list.loading ? (
        <LoadingState />
      ) : list.data === undefined ? (
        <ErrorState title={t('admin.historyImport.loadFailed')} message={errorMessage(intl, list.error) || genericErrorMessage(intl)} onRetry={list.reload} />
      ) : shown === null ? (
        <EmptyState title={t('admin.historyImport.empty')} />
      ) : (
        <>
          <Text as="h3" size={400} weight="semibold">
            {t('admin.historyImport.latest', { name: shownJob?.file_name ?? t('admin.historyImport.unnamed') })}
          </Text>
          <FollowedImport factoryId={factoryId} importId={shown} />
        </>
      )}
    </section>
  );
}
