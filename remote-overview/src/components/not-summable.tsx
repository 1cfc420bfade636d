import { InfoButton, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { NOT_AVAILABLE } from '@linepulse/shared';

const useStyles = makeStyles({
  root: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
});

/**
 * A total that cannot be made (lines counting in different units): N/D, and a button named by the
 * reason, so screen readers hear why on the way through the table and anyone can open it as a note.
 */
export function NotSummable({ reason }: { reason: string }): ReactElement {
  const styles = useStyles();
  return (
    <span className={styles.root}>
      {NOT_AVAILABLE}
      {/* Not inline: the note opens above the table's own scrolling panel, which would cut it. */}
      <InfoButton size="small" inline={false} aria-label={reason} info={reason} />
    </span>
  );
}
