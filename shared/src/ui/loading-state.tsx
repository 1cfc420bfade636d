import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';

const useStyles = makeStyles({
  root: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXL },
});

export interface LoadingStateProps {
  /** What is loading; "Loading…" by default. */
  label?: string;
}

/** A spinner announced politely to screen readers. */
export function LoadingState({ label }: LoadingStateProps): ReactElement {
  const styles = useStyles();
  const intl = useIntl();
  const text = label ?? intl.formatMessage({ id: 'state.loading' });
  return (
    <div className={styles.root} role="status" aria-live="polite">
      <Spinner label={text} labelPosition="below" />
    </div>
  );
}
