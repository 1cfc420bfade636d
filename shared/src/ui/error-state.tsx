import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ErrorCircleRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalL,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorStatusDangerBorder1}`,
    backgroundColor: tokens.colorStatusDangerBackground1,
    color: tokens.colorNeutralForeground1,
  },
  line: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  icon: { fontSize: '20px', flexShrink: 0, color: tokens.colorStatusDangerForeground1 },
  message: { whiteSpace: 'pre-line' },
});

export interface ErrorStateProps {
  message: string;
  /** A bold first line, e.g. "Reports could not be loaded". */
  title?: string;
  /** Shows a Retry button calling this. */
  onRetry?: () => void;
}

/** A failure, announced as an alert, with an optional Retry button. */
export function ErrorState({ message, title, onRetry }: ErrorStateProps): ReactElement {
  const styles = useStyles();
  const intl = useIntl();
  return (
    <div className={styles.root} role="alert">
      <div className={styles.line}>
        <ErrorCircleRegular className={styles.icon} aria-hidden />
        <div>
          {title ? (
            <Text as="p" weight="semibold" block>
              {title}
            </Text>
          ) : null}
          <Text as="p" className={styles.message} block>
            {message}
          </Text>
        </div>
      </div>
      {onRetry ? (
        <Button appearance="primary" onClick={onRetry}>
          {intl.formatMessage({ id: 'common.retry' })}
        </Button>
      ) : null}
    </div>
  );
}
