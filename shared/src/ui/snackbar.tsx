import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled, DismissRegular, ErrorCircleFilled } from '@fluentui/react-icons';
import { useAtomValue, useStore } from 'jotai';
import { useEffect, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { SNACKBAR_DURATION_MS } from '@linepulse/contracts';
import { dismissSnackbarMessage, snackbarAtom, type SnackbarMessage } from '../state/notifier';

const useStyles = makeStyles({
  region: {
    position: 'fixed',
    top: tokens.spacingVerticalM,
    left: '50%',
    transform: 'translateX(-50%)',
    zIndex: 1000000,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    width: 'min(640px, calc(100vw - 24px))',
    pointerEvents: 'none',
  },
  message: {
    pointerEvents: 'auto',
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS} ${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow16,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    borderLeft: `4px solid`,
  },
  success: { borderLeftColor: tokens.colorStatusSuccessBorderActive, backgroundColor: tokens.colorStatusSuccessBackground1 },
  error: { borderLeftColor: tokens.colorStatusDangerBorderActive, backgroundColor: tokens.colorStatusDangerBackground1 },
  icon: { fontSize: '20px', flexShrink: 0, marginTop: '6px' },
  successIcon: { color: tokens.colorStatusSuccessForeground1 },
  errorIcon: { color: tokens.colorStatusDangerForeground1 },
  text: { flexGrow: 1, whiteSpace: 'pre-line', paddingTop: '6px', paddingBottom: '6px', overflowWrap: 'anywhere' },
});

function SnackbarItem({ message }: { message: SnackbarMessage }): ReactElement {
  const styles = useStyles();
  const store = useStore();
  const intl = useIntl();
  useEffect(() => {
    const timer = setTimeout(() => dismissSnackbarMessage(store, message.id), SNACKBAR_DURATION_MS);
    return () => clearTimeout(timer);
  }, [store, message.id]);
  const success = message.kind === 'success';
  const Icon = success ? CheckmarkCircleFilled : ErrorCircleFilled;
  return (
    <div className={mergeClasses(styles.message, success ? styles.success : styles.error)} role={success ? 'status' : 'alert'}>
      <Icon className={mergeClasses(styles.icon, success ? styles.successIcon : styles.errorIcon)} aria-hidden />
      <span className={styles.text}>{message.text}</span>
      <Button
        appearance="transparent"
        icon={<DismissRegular />}
        aria-label={intl.formatMessage({ id: 'snackbar.close' })}
        onClick={() => dismissSnackbarMessage(store, message.id)}
      />
    </div>
  );
}

/** Success and error messages at the top of the page, each for 5 s, with a close button (product §2). */
export function Snackbar(): ReactElement {
  const styles = useStyles();
  const intl = useIntl();
  const messages = useAtomValue(snackbarAtom);
  return (
    <section className={styles.region} aria-label={intl.formatMessage({ id: 'snackbar.region' })}>
      {messages.map((message) => (
        <SnackbarItem key={message.id} message={message} />
      ))}
    </section>
  );
}
