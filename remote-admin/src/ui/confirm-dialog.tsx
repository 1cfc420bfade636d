import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { errorMessage, genericErrorMessage } from '@linepulse/shared';

const useStyles = makeStyles({
  failure: { color: tokens.colorPaletteRedForeground1, whiteSpace: 'pre-line' },
});

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  /** The confirmed action; a rejection keeps the dialog open with the api's message. */
  onConfirm(): Promise<void>;
  onClose(): void;
}

/**
 * The admin area's confirmation before an action that cannot be undone (deleting a custom period,
 * revoking an ingest key): both buttons wait while the action runs, and a failure is said in the dialog.
 */
export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onClose }: ConfirmDialogProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const confirm = async (): Promise<void> => {
    setBusy(true);
    setFailure('');
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      setFailure(errorMessage(intl, error) || genericErrorMessage(intl));
      setBusy(false);
    }
  };
  return (
    <Dialog open modalType="alert" onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <p>{message}</p>
            {failure ? (
              <p role="alert" className={styles.failure}>
                {failure}
              </p>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={busy} onClick={() => void confirm()}>
              {confirmLabel}
            </Button>
            <Button disabled={busy} onClick={onClose}>
              {intl.formatMessage({ id: 'common.cancel' })}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
