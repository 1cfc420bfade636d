import {
  Badge,
  Button,
  Field,
  MessageBar,
  MessageBarBody,
  Select,
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
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import {
  AlertAcknowledgement,
  LiveStatusBadge,
  PageFrame,
  Section,
  SelectionToolbar,
  alertText,
  alertsQuery,
  liveRefetchMs,
  queryView,
  useAlertAcknowledging,
  useFactories,
  useLiveUpdates,
  useUser,
} from '@linepulse/shared';
import { LIVE_MAX_FACTORIES, mayJustify } from '@linepulse/contracts';
import { ALERTS_PAGE, alertFilterFromSearch, nextAlertsLimit, withAlertFilter } from '../../model/alert-filter';
import { TEST_IDS } from '../../test-ids';

const TOUCH = '44px';

const useStyles = makeStyles({
  select: { minWidth: '200px' },
  touch: { minHeight: TOUCH },
  summary: { margin: 0 },
  // A narrow window (768 px, a tablet) keeps every column: cells wrap; anything wider scrolls in its panel.
  scroll: { overflowX: 'auto' },
  table: { tableLayout: 'auto', minWidth: '600px' },
  cell: { verticalAlign: 'top', paddingBlock: tokens.spacingVerticalS },
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, alignItems: 'flex-start' },
  name: { fontWeight: tokens.fontWeightSemibold },
  detail: { color: tokens.colorNeutralForeground2 },
  row: { ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' } },
  more: { alignSelf: 'flex-start', minHeight: TOUCH },
  hidden: { position: 'absolute', width: '1px', height: '1px', margin: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
});

/**
 * /alerts (issue 25, decision 51): the account's alerts, newest first, open ones or all of them, of every
 * factory or one; each acknowledged from here (not by the display role, which the api refuses). Live
 * like the other downtime pages: an alert opened, resolved or acknowledged refetches the list.
 */
/** What the page follows on the live stream. */
const ALERTS_SCOPE = { kinds: ['alert'], queryKey: ['alerts'] } as const;

export function AlertsPage(): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const t = (id: string, values?: Record<string, string | number>): string => intl.formatMessage({ id }, values);
  const user = useUser();
  const factories = useFactories();
  const [search, setSearch] = useSearchParams();
  const factoryIds = factories.map((factory) => factory.id);
  const filter = alertFilterFromSearch(search, factoryIds);

  // "Show more" grows the list of this selection; another selection starts again from one page.
  const selection = `${filter.status}|${filter.factoryId ?? ''}`;
  const [grown, setGrown] = useState({ selection, limit: ALERTS_PAGE });
  const limit = grown.selection === selection ? grown.limit : ALERTS_PAGE;

  // One stream for the user's factories (at most LIVE_MAX_FACTORIES; beyond that, the page polls).
  // Only alerts refetch this page (its one list), not every change of the factories' facts.
  const liveStatus = useLiveUpdates(factoryIds.length <= LIVE_MAX_FACTORIES ? factoryIds : [], ALERTS_SCOPE);
  const query = alertsQuery({ ...filter, limit });
  const list = queryView(
    useQuery({
      ...query,
      refetchInterval: liveRefetchMs(liveStatus) ?? false,
      // More of the same selection keeps the rows shown while the longer list arrives; another selection starts empty.
      placeholderData: (previous, previousQuery) =>
        previousQuery && previousQuery.queryKey[1] === filter.status && previousQuery.queryKey[2] === filter.factoryId ? previous : undefined,
    }),
  );
  const alerts = list.data?.alerts ?? [];
  const more = list.data ? nextAlertsLimit(limit, alerts.length) : null;

  const editable = user !== null && mayJustify(user);
  const [announcement, setAnnouncement] = useState('');
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  // Acknowledged from its row: the row says who at once and keeps the focus; every list of alerts (this
  // page's other selections, the header's bell and its count) asks again.
  const acknowledging = useAlertAcknowledging({ queryKey: query.queryKey, container: bodyRef, announce: setAnnouncement });

  const open = alerts.filter((alert) => alert.resolved_at === null).length;
  return (
    <PageFrame title={t('downtime.alerts.title')} description={t('downtime.alerts.description')}>
      <SelectionToolbar>
        <Field label={t('downtime.alerts.status')}>
          <Select
            className={styles.select}
            select={{ className: styles.touch }}
            size="large"
            value={filter.status}
            onChange={(_event, data) => setSearch(withAlertFilter(search, { ...filter, status: data.value === 'open' ? 'open' : 'all' }))}
          >
            <option value="all">{t('downtime.alerts.status.all')}</option>
            <option value="open">{t('downtime.alerts.status.open')}</option>
          </Select>
        </Field>
        <Field label={t('downtime.alerts.factory')}>
          <Select
            className={styles.select}
            select={{ className: styles.touch }}
            size="large"
            value={filter.factoryId ?? ''}
            onChange={(_event, data) => setSearch(withAlertFilter(search, { ...filter, factoryId: data.value === '' ? null : data.value }))}
          >
            <option value="">{t('downtime.alerts.allFactories')}</option>
            {factories.map((factory) => (
              <option key={factory.id} value={factory.id}>
                {factory.name}
              </option>
            ))}
          </Select>
        </Field>
        <LiveStatusBadge status={liveStatus} />
      </SelectionToolbar>
      {!editable ? (
        <MessageBar intent="info">
          <MessageBarBody>{t('downtime.alerts.readOnly')}</MessageBarBody>
        </MessageBar>
      ) : null}
      <Section
        title={t('downtime.alerts.list')}
        loading={list.loading}
        error={list.error}
        onRetry={list.reload}
        empty={list.data !== undefined && alerts.length === 0}
        emptyMessage={t(filter.status === 'open' ? 'downtime.alerts.emptyOpen' : 'downtime.alerts.empty')}
      >
        <p className={styles.summary}>{t('downtime.alerts.count', { count: alerts.length, open })}</p>
        <div className={styles.scroll}>
          <Table className={styles.table} aria-label={t('downtime.alerts.list')} data-testid={TEST_IDS.alertsTable}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('downtime.alerts.column.alert')}</TableHeaderCell>
                <TableHeaderCell>{t('downtime.alerts.column.where')}</TableHeaderCell>
                <TableHeaderCell>{t('downtime.alerts.column.when')}</TableHeaderCell>
                <TableHeaderCell>{t('downtime.alerts.column.acknowledgement')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody ref={bodyRef}>
              {alerts.map((alert) => {
                const text = alertText(intl, alert, factories);
                const isOpen = alert.resolved_at === null;
                return (
                  <TableRow key={alert.id} className={styles.row} tabIndex={-1} data-alert-id={alert.id} data-state={isOpen ? 'open' : 'resolved'}>
                    <TableCell className={styles.cell}>
                      <div className={styles.stack}>
                        <Text className={styles.name}>{alert.rule_name}</Text>
                        <Text>{text.what}</Text>
                      </div>
                    </TableCell>
                    <TableCell className={styles.cell}>{text.where}</TableCell>
                    <TableCell className={styles.cell}>
                      <div className={styles.stack}>
                        <Badge appearance={isOpen ? 'filled' : 'outline'} color={isOpen ? 'danger' : 'success'}>
                          {t(isOpen ? 'downtime.alerts.state.open' : 'downtime.alerts.state.resolved')}
                        </Badge>
                        <Text className={styles.detail}>{text.when}</Text>
                      </div>
                    </TableCell>
                    <TableCell className={styles.cell}>
                      <AlertAcknowledgement mayAcknowledge={editable} {...acknowledging(alert, text.where)} />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
        {more !== null ? (
          <Button className={styles.more} disabled={list.refreshing} onClick={() => setGrown({ selection, limit: more })}>
            {t('downtime.alerts.more')}
          </Button>
        ) : null}
      </Section>
      <span className={styles.hidden} role="status" aria-live="polite">
        {announcement}
      </span>
    </PageFrame>
  );
}
