import { Button, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Factory } from '@linepulse/contracts';
import { LiveStatusBadge, useLiveUpdates, type LiveStatus } from '@linepulse/shared';
import { TEST_IDS } from '../test-ids';

/** The TV's clock ("Updated hh:mm") moves on this often. */
const TV_CLOCK_MS = 30_000;
/** TV mode shows each factory this long when rotating. */
export const TV_ROTATION_MS = 45_000;

const useStyles = makeStyles({
  screen: {
    position: 'fixed',
    inset: 0,
    zIndex: 1000,
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXXL,
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase500,
  },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalL },
  title: { margin: 0, flexGrow: 1, fontSize: '44px', lineHeight: '52px', fontWeight: tokens.fontWeightSemibold },
  meta: { color: tokens.colorNeutralForeground2 },
});

export interface TvScreenProps {
  factories: Factory[];
  startFactoryId: string;
  rotate: boolean;
  onRotateChange: (rotate: boolean) => void;
  onExit: () => void;
  /** The factory shown, and the state of the live stream (its figures poll while it is not live). */
  children: (factory: Factory, liveStatus: LiveStatus) => ReactNode;
}

/**
 * The wall display (presenter role): the whole window, large type, no navigation; the figures follow
 * the factories' changes live (issue 25: one stream for every factory it may rotate through, so a
 * rotation does not reconnect), and, when asked, the screen moves on to the account's next factory now
 * and then.
 */
export function TvScreen({ factories, startFactoryId, rotate, onRotateChange, onExit, children }: TvScreenProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const [index, setIndex] = useState(() => Math.max(0, factories.findIndex((f) => f.id === startFactoryId)));
  const [now, setNow] = useState(() => new Date());
  const factory = factories[index % factories.length] ?? factories[0]!;
  const liveStatus = useLiveUpdates(factories.map((f) => f.id));

  useEffect(() => {
    if (!rotate || factories.length < 2) return undefined;
    const timer = setInterval(() => setIndex((i) => (i + 1) % factories.length), TV_ROTATION_MS);
    return () => clearInterval(timer);
  }, [rotate, factories.length]);

  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TV_CLOCK_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') onExit();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onExit]);

  return (
    <div className={styles.screen} role="dialog" aria-modal="true" aria-labelledby="tv-title" data-testid={TEST_IDS.tvScreen}>
      <div className={styles.bar}>
        <h1 id="tv-title" className={styles.title}>
          {intl.formatMessage({ id: 'overview.tv.title' }, { factory: factory.name })}
        </h1>
        <LiveStatusBadge status={liveStatus} large />
        <span className={styles.meta} aria-live="off">
          {intl.formatMessage({ id: 'overview.tv.updated' }, { time: intl.formatTime(now, { hour: '2-digit', minute: '2-digit' }) })}
        </span>
        {factories.length > 1 ? (
          <Switch checked={rotate} onChange={(_e, data) => onRotateChange(data.checked)} label={intl.formatMessage({ id: 'overview.tv.rotate' })} />
        ) : null}
        <Button size="large" icon={<DismissRegular />} onClick={onExit}>
          {intl.formatMessage({ id: 'overview.tv.exit' })}
        </Button>
      </div>
      {/* One subtree per factory: rotating starts the next factory's figures afresh, a refresh does not. */}
      <div key={factory.id}>{children(factory, liveStatus)}</div>
    </div>
  );
}
