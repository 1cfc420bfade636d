import { useEffect, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { ErrorState, LoadingState, PageFrame } from '@linepulse/shared';
import { UNKNOWN_USER_RETRY_MS } from '@linepulse/contracts';
import { CenteredLayout } from '../layout/centered-layout';

export interface UnknownUserScreenProps {
  /** Clears MSAL's cache and the browser's storage. */
  clearStorage: () => Promise<void> | void;
  signInAgain: () => void;
}

/** Product §4: the provider does not know the user: say so, clear storage, and retry sign-in after 5 s. */
export function UnknownUserScreen({ clearStorage, signInAgain }: UnknownUserScreenProps): ReactElement {
  const intl = useIntl();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    void Promise.resolve(clearStorage()).finally(() => {
      if (!cancelled) timer = setTimeout(signInAgain, UNKNOWN_USER_RETRY_MS);
    });
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [clearStorage, signInAgain]);
  return (
    <CenteredLayout>
      <PageFrame title={intl.formatMessage({ id: 'app.name' })}>
        <ErrorState message={intl.formatMessage({ id: 'error.unknownUser' })} />
        <LoadingState />
      </PageFrame>
    </CenteredLayout>
  );
}
