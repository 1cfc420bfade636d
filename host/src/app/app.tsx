import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { startTransition, useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { BrowserRouter } from 'react-router-dom';
import {
  AppProviders,
  ErrorState,
  LoadingState,
  PageFrame,
  Snackbar,
  errorMessage,
  createQueryClient,
  useNotifier,
  usePreferences,
} from '@linepulse/shared';
import { isPasswordResetCompletedError, isUnknownUserError } from '../auth/auth-errors';
import { clearSignInState, signIn, signOut } from '../auth/msal';
import { type RemoteName } from '@linepulse/contracts';
import { CenteredLayout } from '../features/layout/centered-layout';
import type { RemoteLoader } from '../features/remotes/remote-loader';
import { RemoteLoaderContext } from '../features/remotes/remote-loader-context';
import { SessionData } from '../features/session/session-data';
import { UnknownUserScreen } from '../features/session/unknown-user-screen';
import { AppRoutes } from './app-routes';
import { RuntimeConfigError } from './load-runtime-config';
import { RuntimeConfigContext } from './runtime-config-context';
import { SessionActionsContext, type SessionActions } from './session-actions';
import { startUp, type StartedApp } from './start-up';

type StartState = { status: 'starting' } | { status: 'failed'; error: unknown } | { status: 'ready'; app: StartedApp };

export interface AppProps {
  createRemoteLoader: (manifests: Record<RemoteName, string>) => RemoteLoader;
}

const sessionActions: SessionActions = {
  signIn: (options) => void signIn(options),
  signOut: () => void signOut(),
};

async function clearEverything(): Promise<void> {
  await clearSignInState();
  window.localStorage.clear();
  window.sessionStorage.clear();
}

function ConfigErrorScreen({ error, onRetry }: { error: unknown; onRetry: () => void }): ReactElement {
  const intl = useIntl();
  const message =
    error instanceof RuntimeConfigError
      ? intl.formatMessage({ id: 'app.configError.invalid' }, { fields: error.missing.join(', ') })
      : intl.formatMessage({ id: 'app.configError.message' });
  return (
    <CenteredLayout>
      <PageFrame title={intl.formatMessage({ id: 'app.configError.title' })}>
        <ErrorState message={message} onRetry={onRetry} />
      </PageFrame>
    </CenteredLayout>
  );
}

/** Reports a failed sign-in response once, and signs out after a completed password reset. */
function RedirectErrorEffect({ error }: { error: unknown }): null {
  const notifier = useNotifier();
  const intl = useIntl();
  const reported = useRef(false);
  useEffect(() => {
    if (!error || reported.current) return;
    reported.current = true;
    if (isPasswordResetCompletedError(error)) {
      void signOut();
      return;
    }
    console.error('[linepulse] sign-in failed', error);
    notifier.error(errorMessage(intl, error));
  }, [error, notifier, intl]);
  return null;
}

function Shell({ app }: { app: StartedApp }): ReactElement {
  const preferences = usePreferences();
  const signInAgain = useCallback(
    () => void signIn({ language: preferences.language, theme: preferences.theme }),
    [preferences.language, preferences.theme],
  );
  if (isUnknownUserError(app.redirectError)) {
    return <UnknownUserScreen clearStorage={clearEverything} signInAgain={signInAgain} />;
  }
  return (
    <RuntimeConfigContext.Provider value={app.config}>
      <RemoteLoaderContext.Provider value={app.remoteLoader}>
        <SessionActionsContext.Provider value={sessionActions}>
          <BrowserRouter>
            <RedirectErrorEffect error={app.redirectError} />
            <SessionData />
            <AppRoutes />
          </BrowserRouter>
        </SessionActionsContext.Provider>
      </RemoteLoaderContext.Provider>
    </RuntimeConfigContext.Provider>
  );
}

function StartUpGate({ createRemoteLoader }: AppProps): ReactElement {
  const intl = useIntl();
  const store = useStore();
  const queryClient = useQueryClient();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<StartState>({ status: 'starting' });
  useEffect(() => {
    let cancelled = false;
    startUp(store, queryClient, createRemoteLoader).then(
      // The shell renders as a transition: React yields to the browser every few milliseconds, so the
      // page's code and the session's calls started by startUp go out while it renders instead of
      // waiting for the whole shell (a long task of a few hundred ms on a slow machine; issue 23).
      (app) => !cancelled && startTransition(() => setState({ status: 'ready', app })),
      (error: unknown) => {
        console.error('[linepulse] start-up failed', error);
        if (!cancelled) setState({ status: 'failed', error });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [attempt, store, queryClient, createRemoteLoader]);

  if (state.status === 'ready') return <Shell app={state.app} />;
  if (state.status === 'failed') return (
      <ConfigErrorScreen
        error={state.error}
        onRetry={() => {
          setState({ status: 'starting' });
          setAttempt((n) => n + 1);
        }}
      />
    );
  return (
    <CenteredLayout>
      <LoadingState label={intl.formatMessage({ id: 'app.starting' })} />
    </CenteredLayout>
  );
}

/**
 * The host: the page's one QueryClient (the host starts the page; every remote shares its cache),
 * providers with the user's theme and language, the snackbar, then start-up and the shell.
 */
export function App({ createRemoteLoader }: AppProps): ReactElement {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient} documentLanguage wholePage>
      <Snackbar />
      <StartUpGate createRemoteLoader={createRemoteLoader} />
    </AppProviders>
  );
}
