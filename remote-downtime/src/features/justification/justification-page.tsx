import { Field, MessageBar, MessageBarBody, MessageBarTitle, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { FactoryPageFrame, LiveStatusBadge, Section, SelectionToolbar, liveRefetchMs, queryView, useLiveUpdates, useNotifyError, useUser } from '@linepulse/shared';
import { mayJustify, type Factory, type JustifiableDowntime } from '@linepulse/contracts';
import { justificationsQuery } from '../../api/get-justifications';
import { JUSTIFICATION_HOURS, newestFirst, scopeFromSearch, withScope } from '../../model/justification';
import { TEST_IDS } from '../../test-ids';
import { ChangeDialog, type ChangeKind } from './change-dialog';
import { DowntimeCard } from './downtime-card';
import { useJustificationText } from './justification-text';
import { useJustificationChange } from './use-justification-change';

const useStyles = makeStyles({
  select: { minWidth: '200px' },
  touch: { minHeight: '44px' },
  zone: { color: tokens.colorNeutralForeground2, alignSelf: 'center' },
  count: { margin: 0 },
  list: { margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** /:factoryId/justification (issue 25, decision 50): the recent downtimes of the factory's lines, to say why they stopped. */
export function JustificationPage(): ReactElement {
  const intl = useIntl();
  return (
    <FactoryPageFrame title={intl.formatMessage({ id: 'downtime.justify.title' })} description={intl.formatMessage({ id: 'downtime.justify.description' })}>
      {(factory) => <JustificationContent factory={factory} />}
    </FactoryPageFrame>
  );
}

interface Editing {
  downtimeId: string;
  kind: ChangeKind;
}

function JustificationContent({ factory }: { factory: Factory }): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const user = useUser();
  const editable = user !== null && mayJustify(user);
  const [search, setSearch] = useSearchParams();
  const unitIds = factory.production_units.map((unit) => unit.id);
  const scope = scopeFromSearch(search, unitIds);
  const text = useJustificationText(factory.timezone);
  const notifyError = useNotifyError();

  // Live (decision 49): a change on a line of the factory refetches the list; while the stream is down, every 30 s.
  const liveStatus = useLiveUpdates([factory.id]);
  const refetchInterval = liveRefetchMs(liveStatus) ?? false;
  const filter = { factoryId: factory.id, unitIds: scope.unitId ? [scope.unitId] : [], hours: scope.hours };
  const list = queryView(useQuery({ ...justificationsQuery(filter), enabled: unitIds.length > 0, refetchInterval }));
  const downtimes = useMemo(() => newestFirst(list.data?.downtimes ?? []), [list.data]);
  const change = useJustificationChange(factory.id);

  const [editing, setEditing] = useState<Editing | null>(null);
  // The dialog keeps the downtime it opened on if a refresh drops it from the list (what was typed stays).
  const [editedDowntime, setEditedDowntime] = useState<JustifiableDowntime | null>(null);
  const edited = editing ? (downtimes.find((d) => d.id === editing.downtimeId) ?? editedDowntime) : null;

  if (factory.production_units.length === 0) {
    return <Section title={intl.formatMessage({ id: 'downtime.justify.list' })} empty emptyMessage={intl.formatMessage({ id: 'downtime.noLines' })} />;
  }

  const unjustified = downtimes.filter((d) => d.justification_type === 'unjustified').length;
  return (
    <>
      <SelectionToolbar>
        <Field label={intl.formatMessage({ id: 'downtime.justify.line' })}>
          <Select
            className={styles.select}
            select={{ className: styles.touch }}
            size="large"
            value={scope.unitId ?? ''}
            onChange={(_event, data) => setSearch(withScope(search, { ...scope, unitId: data.value === '' ? null : data.value }))}
          >
            <option value="">{intl.formatMessage({ id: 'downtime.justify.allLines' })}</option>
            {factory.production_units.map((unit) => (
              <option key={unit.id} value={unit.id}>
                {unit.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={intl.formatMessage({ id: 'downtime.justify.period' })}>
          <Select
            className={styles.select}
            select={{ className: styles.touch }}
            size="large"
            value={String(scope.hours)}
            onChange={(_event, data) => setSearch(withScope(search, { ...scope, hours: Number(data.value) }))}
          >
            {JUSTIFICATION_HOURS.map((hours) => (
              <option key={hours} value={String(hours)}>
                {intl.formatMessage({ id: `downtime.justify.hours.${hours}` })}
              </option>
            ))}
          </Select>
        </Field>
        <LiveStatusBadge status={liveStatus} />
        <Text className={styles.zone}>{intl.formatMessage({ id: 'downtime.justify.zone' }, { zone: factory.timezone })}</Text>
      </SelectionToolbar>
      {!editable ? (
        <MessageBar intent="info">
          <MessageBarBody>
            <MessageBarTitle>{intl.formatMessage({ id: 'downtime.justify.readOnlyTitle' })}</MessageBarTitle>
            {intl.formatMessage({ id: 'downtime.justify.readOnly' })}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <Section
        title={intl.formatMessage({ id: 'downtime.justify.list' })}
        loading={list.loading}
        error={list.error}
        onRetry={list.reload}
        empty={list.data !== undefined && downtimes.length === 0}
        emptyMessage={intl.formatMessage({ id: 'downtime.justify.empty' }, { hours: scope.hours })}
      >
        <p className={styles.count}>{intl.formatMessage({ id: 'downtime.justify.count' }, { count: downtimes.length, unjustified })}</p>
        <ul className={styles.list} data-testid={TEST_IDS.justificationList} aria-label={intl.formatMessage({ id: 'downtime.justify.list' })}>
          {downtimes.map((downtime) => (
            <DowntimeCard
              key={downtime.id}
              downtime={downtime}
              text={text}
              editable={editable}
              busy={change.isPending(downtime)}
              onEdit={(kind) => {
                setEditedDowntime(downtime);
                setEditing({ downtimeId: downtime.id, kind });
              }}
              onUndo={() => {
                change.submit({ production_unit_id: downtime.production_unit_id, downtime_start: downtime.start_time, action: 'undo' }).catch(notifyError);
              }}
            />
          ))}
        </ul>
      </Section>
      {editing && edited && list.data ? (
        <ChangeDialog
          key={`${editing.downtimeId}:${editing.kind.action}`}
          kind={editing.kind}
          downtime={edited}
          reasons={list.data.reasons}
          zone={factory.timezone}
          text={text}
          onSubmit={change.submit}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
