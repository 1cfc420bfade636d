import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { EmptyState, ErrorState, LoadingState, errorMessage, genericErrorMessage, isApiError, queryView, translateApiErrors, useNotifier } from '@linepulse/shared';
import { RECIPIENT_ALLOW_LIST_MAX, type ApiErrorItem } from '@linepulse/contracts';
import { emailReportRecipientsQuery, type EmailReportRecipients } from '../../api/get-email-report-recipients';
import { putEmailReportRecipients } from '../../api/put-email-report-recipients';
import { allowEntryToAdd, type AllowEntryProblem } from '../../model/allow-list-entry';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, marginTop: tokens.spacingVerticalXXL },
  note: { color: tokens.colorNeutralForeground2 },
  error: { color: tokens.colorPaletteRedForeground1, whiteSpace: 'pre-line' },
  addForm: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalM },
  addField: { minWidth: '280px', flexGrow: 1, maxWidth: '480px' },
  addButton: { marginTop: '26px' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  item: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  entry: { fontFamily: tokens.fontFamilyMonospace, minWidth: '240px' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

/** The api's refusals of a PUT: those naming an entry by its index, and the others. */
function refusals(items: readonly ApiErrorItem[]): { byIndex: Map<number, ApiErrorItem[]>; other: ApiErrorItem[] } {
  const byIndex = new Map<number, ApiErrorItem[]>();
  const other: ApiErrorItem[] = [];
  for (const item of items) {
    const index = item.arguments.index;
    if (item.arguments.field === 'entries' && typeof index === 'number') byIndex.set(index, [...(byIndex.get(index) ?? []), item]);
    else other.push(item);
  }
  return { byIndex, other };
}

/**
 * The account's allow-list of e-mail report recipients (decision 32, admins): its domain and users are
 * always allowed; the admins add addresses or `@domain` entries, remove them and save the list. Entries
 * are checked with the api's own rule before they join the list; the api's refusals show next to the
 * entry they name.
 */
export function EmailRecipientsPanel(): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const titleId = useId();
  const t = (id: string, values?: Record<string, string | number>): string => intl.formatMessage({ id }, values);
  const view = queryView(useQuery(emailReportRecipientsQuery()));
  const stored = view.data;
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <Text as="h2" size={500} weight="semibold" id={titleId}>
        {t('admin.emailRecipients.title')}
      </Text>
      <Text className={styles.note}>{t('admin.emailRecipients.description')}</Text>
      {view.loading ? (
        <LoadingState />
      ) : stored === undefined ? (
        <ErrorState title={t('admin.emailRecipients.loadFailed')} message={errorMessage(intl, view.error) || t('state.error.message')} onRetry={view.reload} />
      ) : (
        <AllowListEditor stored={stored} />
      )}
    </section>
  );
}

function AllowListEditor({ stored }: { stored: EmailReportRecipients }): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const listId = useId();
  const t = (id: string, values?: Record<string, string | number>): string => intl.formatMessage({ id }, values);
  const [draft, setDraft] = useState<string[] | null>(null);
  const [text, setText] = useState('');
  const [addProblem, setAddProblem] = useState<AllowEntryProblem | null>(null);
  const [entryErrors, setEntryErrors] = useState<Map<number, ApiErrorItem[]>>(new Map());
  const [saveFailure, setSaveFailure] = useState('');
  const [saving, setSaving] = useState(false);
  const entries = draft ?? stored.entries;
  const dirty = draft !== null && (draft.length !== stored.entries.length || draft.some((entry, index) => entry !== stored.entries[index]));

  const change = (next: string[]): void => {
    setDraft(next);
    setEntryErrors(new Map());
    setSaveFailure('');
  };

  const add = (event: FormEvent): void => {
    event.preventDefault();
    const outcome = allowEntryToAdd(text, entries);
    if ('problem' in outcome) {
      setAddProblem(outcome.problem);
      return;
    }
    setAddProblem(null);
    setText('');
    change([...entries, outcome.entry]);
  };

  const save = async (): Promise<void> => {
    setSaving(true);
    setSaveFailure('');
    setEntryErrors(new Map());
    try {
      const saved = await putEmailReportRecipients(entries);
      queryClient.setQueryData(emailReportRecipientsQuery().queryKey, saved);
      setDraft(null);
      notifier.success(t('admin.emailRecipients.saved'));
    } catch (error) {
      if (!isApiError(error)) {
        setSaveFailure(`${t('admin.emailRecipients.saveFailed')}\n${errorMessage(intl, error)}`);
        return;
      }
      const { byIndex, other } = refusals(error.items);
      setEntryErrors(byIndex);
      setSaveFailure(
        other.length === 0 && byIndex.size > 0
          ? t('admin.emailRecipients.saveRefused')
          : `${t('admin.emailRecipients.saveFailed')}\n${translateApiErrors(intl, other) || genericErrorMessage(intl, error.code)}`,
      );
    } finally {
      setSaving(false);
    }
  };

  const domain = stored.account_domain.trim();
  return (
    <>
      <Text>{domain ? t('admin.emailRecipients.alwaysAllowed', { domain }) : t('admin.emailRecipients.alwaysAllowedUsers')}</Text>
      <form className={styles.addForm} onSubmit={add} noValidate>
        <Field
          className={styles.addField}
          label={t('admin.emailRecipients.entry')}
          hint={t('admin.emailRecipients.entryHint', { max: RECIPIENT_ALLOW_LIST_MAX })}
          validationState={addProblem ? 'error' : 'none'}
          validationMessage={addProblem ? t(`admin.emailRecipients.problem.${addProblem}`, { max: RECIPIENT_ALLOW_LIST_MAX }) : undefined}
        >
          <Input
            value={text}
            onChange={(_event, data) => {
              setText(data.value);
              if (addProblem) setAddProblem(null);
            }}
            maxLength={254}
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
        <Button type="submit" className={styles.addButton} icon={<AddRegular />} disabled={saving}>
          {t('admin.emailRecipients.add')}
        </Button>
      </form>
      {entries.length === 0 ? (
        <EmptyState title={t('admin.emailRecipients.empty')} />
      ) : (
        <ul className={styles.list} id={listId} aria-label={t('admin.emailRecipients.listLabel')}>
          {entries.map((entry, index) => (
            <EntryRow
              key={entry}
              entry={entry}
              errors={entryErrors.get(index) ?? []}
              disabled={saving}
              onRemove={() => change(entries.filter((_, i) => i !== index))}
            />
          ))}
        </ul>
      )}
      {saveFailure ? (
        <Text role="alert" className={styles.error}>
          {saveFailure}
        </Text>
      ) : null}
      <Text role="status" className={styles.note}>
        {dirty ? t('admin.emailRecipients.unsaved') : ''}
      </Text>
      <div className={styles.actions}>
        <Button appearance="primary" disabled={!dirty || saving} onClick={() => void save()}>
          {saving ? t('admin.emailRecipients.saving') : t('admin.emailRecipients.save')}
        </Button>
        <Button disabled={!dirty || saving} onClick={() => change(stored.entries)}>
          {t('admin.emailRecipients.discard')}
        </Button>
      </div>
    </>
  );
}

function EntryRow({ entry, errors, disabled, onRemove }: { entry: string; errors: ApiErrorItem[]; disabled: boolean; onRemove(): void }): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const errorId = useId();
  const message = errors.length === 0 ? '' : translateApiErrors(intl, errors) || genericErrorMessage(intl, errors[0]!.code);
  return (
    <li className={styles.item}>
      <Text className={styles.entry}>{entry}</Text>
      <Button appearance="subtle" icon={<DeleteRegular />} disabled={disabled} onClick={onRemove} aria-describedby={message ? errorId : undefined}>
        {intl.formatMessage({ id: 'admin.emailRecipients.remove' }, { entry })}
      </Button>
      {message ? (
        <Text id={errorId} role="alert" className={styles.error}>
          {message}
        </Text>
      ) : null}
    </li>
  );
}
