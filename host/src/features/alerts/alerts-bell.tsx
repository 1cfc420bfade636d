import {
  Badge,
  Button,
  CounterBadge,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { AlertRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type MouseEvent, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import {
  AlertAcknowledgement,
  EmptyState,
  ErrorState,
  LoadingState,
  alertText,
  liveRefetchMs,
  useAlertAcknowledging,
  useFactories,
  useDeferredPopup,
  type PopupTriggerButtonProps,
  useLiveUpdates,
} from '@linepulse/shared';
import { LIVE_MAX_FACTORIES, mayJustify, routePath, type AlertList, type UserClaims } from '@linepulse/contracts';
import { BELL_ALERTS } from './bell-alerts';

/** Touch targets of the bell's list (a tablet on the floor). */
const TOUCH = '44px';

const useStyles = makeStyles({
  bellIcon: { position: 'relative', display: 'inline-flex' },
  count: { position: 'absolute', top: '-6px', insetInlineEnd: '-10px' },
  surface: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    width: 'min(400px, calc(100vw - 24px))',
    maxHeight: 'min(560px, calc(100vh - 80px))',
    overflowY: 'auto',
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  open: { borderLeftWidth: tokens.strokeWidthThickest, borderLeftColor: tokens.colorPaletteRedBorder2 },
  focusable: { ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` } },
  titleRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  name: { fontWeight: tokens.fontWeightSemibold },
  detail: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', minHeight: TOUCH },
  all: {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: TOUCH,
    paddingInline: tokens.spacingHorizontalS,
    color: tokens.colorBrandForegroundLink,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, borderRadius: tokens.borderRadiusMedium },
  },
  hidden: { position: 'absolute', width: '1px', height: '1px', margin: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
});

/**
 * The header's bell (issue 25, decision 51): how many in-app alerts nobody acknowledged, in the button's
 * name and as a badge; the newest alerts in a popover, each acknowledged from there (not by the display
 * role, which the api refuses), and a link to the alerts page. Live: the stream of the user's factories
 * refetches it when an alert opens, resolves or is acknowledged; while the stream is down it polls.
 * New open alerts are announced politely.
 */
/** The popover's code loads when the user points at or focuses the bell (decision 60). */
const loadPopover = () => import(/* webpackChunkName: "alerts-popover" */ './alerts-popover');

/** What the bell follows on the live stream. */
const BELL_SCOPE = { kinds: ['alert'], queryKey: ['alerts'] } as const;


export function AlertsBell({ user }: { user: UserClaims }): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const factories = useFactories();
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const t = (id: string, values?: Record<string, string | number>): string => intl.formatMessage({ id }, values);

  // A stream follows at most LIVE_MAX_FACTORIES factories: beyond that, the bell polls.
  const factoryIds = factories.map((factory) => factory.id);
  // Only alerts (opened, resolved, acknowledged) refetch the bell, and only the bell: the page's own stream refetches its figures.
  const liveStatus = useLiveUpdates(factoryIds.length <= LIVE_MAX_FACTORIES ? factoryIds : [], BELL_SCOPE);
  const query = useQuery({ ...BELL_ALERTS, refetchInterval: liveRefetchMs(liveStatus) ?? false });
  const data = query.data;
  const count = data?.unacknowledged ?? 0;

  // Announced once, when an answer brings an open alert the previous answer did not have (not on the
  // first answer: those are not new to the user).
  const [previous, setPrevious] = useState<AlertList | undefined>(data);
  const [announcement, setAnnouncement] = useState('');
  if (data !== previous) {
    setPrevious(data);
    if (previous && data) {
      const known = new Set(previous.alerts.map((alert) => alert.id));
      const fresh = data.alerts.filter((alert) => !known.has(alert.id) && alert.resolved_at === null);
      if (fresh.length > 0) {
        setAnnouncement(
          fresh
            .map((alert) => {
              const text = alertText(intl, alert, factories);
              return t('alerts.new', { rule: alert.rule_name, what: text.what, factory: alert.factory_name });
            })
            .join(' '),
        );
      }
    }
  }

  // Acknowledged from the list: the alert says who at once, keeps the focus, and the count follows from the api.
  const acknowledging = useAlertAcknowledging({ queryKey: BELL_ALERTS.queryKey, container: listRef, announce: setAnnouncement });

  const mayAcknowledge = mayJustify(user);
  let body: ReactElement;
  if (data === undefined) {
    body = query.isError ? (
      <ErrorState title={t('alerts.loadFailed')} message={t('state.error.message')} onRetry={() => void query.refetch()} />
    ) : (
      <LoadingState />
    );
  } else if (data.alerts.length === 0) {
    body = <EmptyState title={t('alerts.empty')} />;
  } else {
    body = (
      <ul ref={listRef} className={styles.list} aria-labelledby={headingId}>
        {data.alerts.map((alert) => {
          const text = alertText(intl, alert, factories);
          const isOpen = alert.resolved_at === null;
          return (
            <li key={alert.id} tabIndex={-1} className={mergeClasses(styles.item, styles.focusable, isOpen && styles.open)} data-alert-id={alert.id}>
              <div className={styles.titleRow}>
                <Text className={styles.name}>{alert.rule_name}</Text>
                <Badge appearance={isOpen ? 'filled' : 'outline'} color={isOpen ? 'danger' : 'success'}>
                  {t(isOpen ? 'alerts.status.open' : 'alerts.status.resolved')}
                </Badge>
              </div>
              <Text>{text.what}</Text>
              <Text className={styles.detail}>{text.where}</Text>
              <Text className={styles.detail}>{text.when}</Text>
              <div className={styles.actions}>
                <AlertAcknowledgement mayAcknowledge={mayAcknowledge} {...acknowledging(alert, text.where)} />
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  const popover = useDeferredPopup(loadPopover, { haspopup: 'dialog' });
  const bell = (props: PopupTriggerButtonProps): ReactElement<PopupTriggerButtonProps> => (
    <Button
      appearance="subtle"
      aria-label={count > 0 ? t('header.alerts.unacknowledged', { count }) : t('header.alerts')}
      aria-haspopup="dialog"
      icon={
        <span className={styles.bellIcon}>
          <AlertRegular />
          {count > 0 ? <CounterBadge className={styles.count} count={count} overflowCount={99} size="small" color="danger" aria-hidden /> : null}
        </span>
      }
      {...props}
    />
  );
  const status = (
    <span className={styles.hidden} role="status" aria-live="polite">
      {announcement}
    </span>
  );
  const shown = open && popover.module !== null;
  return (
    <>
      {popover.module ? (
        <popover.module.AlertsPopover open={open} onOpenChange={setOpen} trigger={bell({ 'aria-expanded': open })} surfaceClassName={styles.surface} labelledBy={headingId}>
          <h2 id={headingId} className={styles.heading}>
            {t('alerts.recent')}
          </h2>
          {body}
          <Link to={routePath('alerts')} className={styles.all} onClick={() => setOpen(false)}>
            {t('alerts.all')}
          </Link>
          {/* The open popover is modal (the rest of the page is hidden from screen readers): it speaks from inside. */}
          {status}
        </popover.module.AlertsPopover>
      ) : (
        bell({
          ...popover.triggerProps,
          'aria-expanded': false,
          onClick: (event: MouseEvent<HTMLElement>) => {
            popover.triggerProps.onClick(event);
            setOpen(true);
          },
        })
      )}
      {shown ? null : status}
    </>
  );
}
