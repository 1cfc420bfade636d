import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import type { LiveStatus } from '../live/live-connection';

const useStyles = makeStyles({
  root: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  dot: { width: '10px', height: '10px', borderRadius: tokens.borderRadiusCircular, flexShrink: 0 },
  live: { backgroundColor: tokens.colorPaletteGreenForeground1 },
  waiting: { backgroundColor: tokens.colorPaletteMarigoldForeground1 },
  large: { fontSize: tokens.fontSizeBase400 },
});

export interface LiveStatusBadgeProps {
  status: LiveStatus;
  /** TV mode: larger type. */
  large?: boolean;
}

/**
 * Whether a live screen follows changes as they happen: "Live", or "Reconnecting…" (it polls meanwhile).
 * A status region: a screen reader hears when the stream drops and when it is back.
 */
export function LiveStatusBadge({ status, large = false }: LiveStatusBadgeProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const live = status === 'live';
  return (
    <span className={styles.root} role="status" aria-live="polite" data-testid="live-status" data-status={status}>
      <Badge
        appearance={live ? 'tint' : 'outline'}
        color={live ? 'success' : 'warning'}
        size={large ? 'large' : 'medium'}
        className={large ? styles.large : undefined}
        icon={<span aria-hidden="true" className={`${styles.dot} ${live ? styles.live : styles.waiting}`} />}
      >
        {intl.formatMessage({ id: `live.status.${status}` })}
      </Badge>
    </span>
  );
}
