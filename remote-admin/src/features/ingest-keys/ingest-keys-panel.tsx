import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
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
import { AddRegular, CopyRegular, KeyResetRegular } from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { EmptyState, ErrorState, LoadingState, errorMessage, genericErrorMessage, getServices, queryView, useNotifier } from '@linepulse/shared';
import type { CreatedIngestKey, IngestKey } from '@linepulse/contracts';
import { deleteIngestKey } from '../../api/delete-ingest-key';
import { factoryConfigurationQuery } from '../../api/get-factory-configuration';
import { ingestKeysQuery } from '../../api/get-ingest-keys';
import { postIngestKey } from '../../api/post-ingest-key';
import { UNIT_KEY_PLACEHOLDER, ingestCurlCommand, ingestEventsUrl } from '../../model/ingest-curl';
import { ConfirmDialog } from '../../ui/confirm-dialog';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  note: { color: tokens.colorNeutralForeground2 },
  error: { color: tokens.colorPaletteRedForeground1, whiteSpace: 'pre-line' },
  secret: { fontFamily: tokens.fontFamilyMonospace },
  command: {
    margin: 0,
    padding: tokens.spacingHorizontalM,
    overflowX: 'auto',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'pre',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
  copyRow: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

/** The unit the curl example speaks of. */
export interface IngestExampleUnit {
  key: string;
  name: string;
}

export interface IngestKeysPanelProps {
  factoryId: string;
  /**
   * The unit of the curl example; by default the first unit of the stored configuration. The wizard can
   * pass its draft's first unit (null: none declared yet).
   */
  exampleUnit?: IngestExampleUnit | null;
}

/**
 * A factory's ingest keys: the list (prefix, creation, revocation), a new key shown once with a
 * ready-to-run curl example, and revocation after a confirmation.
 */
export function IngestKeysPanel({ factoryId, exampleUnit }: IngestKeysPanelProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const t = (id: string, values?: Record<string, string | number>): string => intl.formatMessage({ id }, values);
  const view = queryView(useQuery(ingestKeysQuery(factoryId)));
  const configuration = useQuery({ ...factoryConfigurationQuery(factoryId), enabled: exampleUnit === undefined });
  const storedUnit = configuration.data?.production_units[0];
  const unit = exampleUnit !== undefined ? exampleUnit : storedUnit ? { key: storedUnit.key, name: storedUnit.name } : null;
  const [created, setCreated] = useState<CreatedIngestKey | null>(null);
  const [creating, setCreating] = useState(false);
  const [createFailure, setCreateFailure] = useState('');
  const [revoking, setRevoking] = useState<IngestKey | null>(null);
  const keysKey = ingestKeysQuery(factoryId).queryKey;

  const create = async (): Promise<void> => {
    setCreating(true);
    setCreateFailure('');
    try {
      const key = await postIngestKey(factoryId);
      queryClient.setQueryData<IngestKey[]>(keysKey, (keys) => [{ id: key.id, prefix: key.prefix, created_at: key.created_at, revoked_at: null }, ...(keys ?? [])]);
      setCreated(key);
    } catch (error) {
      setCreateFailure(`${t('admin.ingestKeys.createFailed')}\n${errorMessage(intl, error) || genericErrorMessage(intl)}`);
    } finally {
      setCreating(false);
    }
  };

  const keys = view.data;
  return (
    <section className={styles.panel} aria-label={t('admin.ingestKeys.title')}>
      <div className={styles.header}>
        <Text as="h2" size={500} weight="semibold">
          {t('admin.ingestKeys.title')}
        </Text>
        <Button appearance="primary" icon={<AddRegular />} disabled={creating} onClick={() => void create()}>
          {t('admin.ingestKeys.create')}
        </Button>
      </div>
      <Text className={styles.note}>{t('admin.ingestKeys.description')}</Text>
      {createFailure ? (
        <Text role="alert" className={styles.error}>
          {createFailure}
        </Text>
      ) : null}
      {view.loading ? (
        <LoadingState />
      ) : keys === undefined ? (
        <ErrorState title={t('admin.ingestKeys.loadFailed')} message={errorMessage(intl, view.error) || t('state.error.message')} onRetry={view.reload} />
      ) : keys.length === 0 ? (
        <EmptyState title={t('admin.ingestKeys.empty')} />
      ) : (
        <KeyTable keys={keys} onRevoke={setRevoking} />
      )}
      {created ? <CreatedKeyDialog created={created} unit={unit} onClose={() => setCreated(null)} /> : null}
      {revoking ? <RevokeDialog factoryId={factoryId} ingestKey={revoking} onClose={() => setRevoking(null)} /> : null}
    </section>
  );
}

function KeyTable({ keys, onRevoke }: { keys: IngestKey[]; onRevoke(key: IngestKey): void }): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const t = (id: string, values?: Record<string, string | number>): string => intl.formatMessage({ id }, values);
  const when = (instant: string): string => intl.formatDate(instant, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Table aria-label={t('admin.ingestKeys.title')}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('admin.ingestKeys.key')}</TableHeaderCell>
          <TableHeaderCell>{t('admin.ingestKeys.created')}</TableHeaderCell>
          <TableHeaderCell>{t('admin.ingestKeys.status')}</TableHeaderCell>
          <TableHeaderCell>{t('admin.ingestKeys.actions')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {keys.map((key) => (
          <TableRow key={key.id}>
            <TableCell className={styles.secret}>{t('admin.ingestKeys.prefix', { prefix: key.prefix })}</TableCell>
            <TableCell>{when(key.created_at)}</TableCell>
            <TableCell>{key.revoked_at ? t('admin.ingestKeys.revokedAt', { date: when(key.revoked_at) }) : t('admin.ingestKeys.active')}</TableCell>
            <TableCell>
              {key.revoked_at ? null : (
                <Button appearance="subtle" icon={<KeyResetRegular />} onClick={() => onRevoke(key)}>
                  {t('admin.ingestKeys.revoke', { prefix: key.prefix })}
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Copies a text, then says whether it worked (the clipboard can be refused: the text stays selectable). */
function CopyButton({ text, label }: { text: string; label: string }): ReactElement {
  const intl = useIntl();
  const [outcome, setOutcome] = useState<'copied' | 'copyFailed' | null>(null);
  const copy = async (): Promise<void> => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setOutcome('copied');
    } catch {
      setOutcome('copyFailed');
    }
  };
  return (
    <>
      <Button icon={<CopyRegular />} onClick={() => void copy()}>
        {label}
      </Button>
      <Text role="status">{outcome ? intl.formatMessage({ id: `admin.ingestKeys.${outcome}` }) : ''}</Text>
    </>
  );
}

/** The new key, shown this once, with the curl example; closing forgets it. */
function CreatedKeyDialog({ created, unit, onClose }: { created: CreatedIngestKey; unit: IngestExampleUnit | null; onClose(): void }): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const commandId = useId();
  const t = (id: string, values?: Record<string, string | number>): string => intl.formatMessage({ id }, values);
  // Fixed when the key is shown: the example sends the same event however often it is run.
  const [at] = useState(() => new Date());
  const url = ingestEventsUrl(getServices().apiBase, window.location.origin);
  const command = ingestCurlCommand({ url, key: created.key, unitKey: unit?.key ?? null, at });
  return (
    <Dialog open modalType="alert" onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('admin.ingestKeys.newTitle')}</DialogTitle>
          <DialogContent className={styles.panel}>
            <Text weight="semibold">{t('admin.ingestKeys.newMessage')}</Text>
            <Field label={t('admin.ingestKeys.newKey')}>
              <Input readOnly value={created.key} className={styles.secret} onFocus={(event) => event.currentTarget.select()} />
            </Field>
            <div className={styles.copyRow}>
              <CopyButton text={created.key} label={t('admin.ingestKeys.copyKey')} />
            </div>
            <Text as="h3" weight="semibold">
              {t('admin.ingestKeys.curlTitle')}
            </Text>
            <Text className={styles.note}>
              {unit ? t('admin.ingestKeys.curlHint', { unit: unit.name || unit.key }) : t('admin.ingestKeys.curlNoUnit', { placeholder: UNIT_KEY_PLACEHOLDER })}
            </Text>
            <pre className={styles.command} id={commandId} aria-label={t('admin.ingestKeys.curl')} tabIndex={0}>
              <code>{command}</code>
            </pre>
            <div className={styles.copyRow}>
              <CopyButton text={command} label={t('admin.ingestKeys.copyCurl')} />
            </div>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('admin.ingestKeys.done')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** The confirmation before a revocation; the list shows the key revoked once the api agrees. */
function RevokeDialog({ factoryId, ingestKey, onClose }: { factoryId: string; ingestKey: IngestKey; onClose(): void }): ReactElement {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const notifier = useNotifier();
  const t = (id: string, values?: Record<string, string | number>): string => intl.formatMessage({ id }, values);
  return (
    <ConfirmDialog
      title={t('admin.ingestKeys.revokeTitle', { prefix: ingestKey.prefix })}
      message={t('admin.ingestKeys.revokeMessage')}
      confirmLabel={t('admin.ingestKeys.revokeConfirm')}
      onConfirm={async () => {
        const revoked = await deleteIngestKey(factoryId, ingestKey.id);
        queryClient.setQueryData<IngestKey[]>(ingestKeysQuery(factoryId).queryKey, (keys) => keys?.map((key) => (key.id === revoked.id ? revoked : key)));
        notifier.success(t('admin.ingestKeys.revoked', { prefix: ingestKey.prefix }));
      }}
      onClose={onClose}
    />
  );
}
