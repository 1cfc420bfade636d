import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Info16Regular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { NOT_AVAILABLE, useDeferredPopup, type PopupTriggerButtonProps } from '@linepulse/shared';

const useStyles = makeStyles({
  root: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
  info: { minWidth: 'auto', color: tokens.colorNeutralForeground2 },
});

// The note's popover (Fluent's Popover and its positioning) loads when the user reaches for the button:
// most tables have no total that cannot be made (decision 60).
const loadPopup = () => import(/* webpackChunkName: "not-summable-popup" */ './not-summable-popup');

/** The button that opens the note, named by the reason, the same before and after the note has loaded. */
export function NotSummableButton({ reason, ...props }: { reason: string } & PopupTriggerButtonProps): ReactElement {
  const styles = useStyles();
  return <Button appearance="transparent" size="small" className={styles.info} icon={<Info16Regular />} aria-label={reason} {...props} />;
}

/**
 * A total that cannot be made (lines counting in different units): N/D, and a button named by the
 * reason, so screen readers hear why on the way through the table and anyone can open it as a note.
 */
export function NotSummable({ reason }: { reason: string }): ReactElement {
  const styles = useStyles();
  const popup = useDeferredPopup(loadPopup);
  return (
    <span className={styles.root}>
      {NOT_AVAILABLE}
      {popup.module ? <popup.module.NotSummablePopup reason={reason} /> : <NotSummableButton reason={reason} {...popup.triggerProps} />}
    </span>
  );
}
