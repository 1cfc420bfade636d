import { atom, useAtom, useSetAtom } from 'jotai';
import { Suspense, lazy, useEffect, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { ErrorState, LoadingState, PageFrame, activeFactoryIdAtom, useFactories } from '@linepulse/shared';
import { CHUNK_LOAD_TIMEOUT_MS, ROUTES, type RemoteName, type RouteId } from '@linepulse/contracts';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { RemotePlatformMismatchError, isTimeoutError, type RemoteLoader } from './remote-loader';
import { useRemoteLoader } from './remote-loader-context';

/** How many times each remote was retried; every page of a remote renders the same attempt. */
export const remoteAttemptsAtom = atom<Partial<Record<RemoteName, number>>>({});

class RemotePageMissingError extends Error {
  constructor(routeId: RouteId) {
    super(`the remote has no page for ${routeId}`);
    this.name = 'RemotePageMissingError';
  }
}

type RemoteOutlet = LazyExoticComponent<ComponentType<{ routeId: RouteId }>>;

// One lazy component per loader, remote and attempt, kept in this module-level cache: re-renders get
// the same component (its state survives), and a retry gets a new one that loads again.
const outlets = new WeakMap<RemoteLoader, Map<string, RemoteOutlet>>();

function remoteOutlet(loader: RemoteLoader, remote: RemoteName, attempt: number): RemoteOutlet {
  let byKey = outlets.get(loader);
  if (!byKey) {
    byKey = new Map();
    outlets.set(loader, byKey);
  }
  const key = `${remote}#${attempt}`;
  let outlet = byKey.get(key);
  if (!outlet) {
    outlet = lazy(async () => {
      const module = await loader.load(remote);
      const pages = module.pages as Partial<Record<RouteId, ComponentType>>;
      function RemoteRoute({ routeId }: { routeId: RouteId }): ReactElement {
        const Page = pages[routeId];
        if (!Page) throw new RemotePageMissingError(routeId);
        return <Page />;
      }
      return { default: RemoteRoute };
    });
    byKey.set(key, outlet);
  }
  return outlet;
}

/** The route's factory becomes the active one (product §4: selecting another factory). */
function useRouteFactoryBecomesActive(): void {
  const { factoryId } = useParams();
  const factories = useFactories();
  const setActive = useSetAtom(activeFactoryIdAtom);
  useEffect(() => {
    if (factoryId && factories.some((factory) => factory.id === factoryId)) setActive(factoryId);
  }, [factoryId, factories, setActive]);
}

/**
 * A page owned by a remote: loads the remote at runtime and renders its page for the route, inside
 * Suspense and the remote's own error boundary. A failure shows a message naming the area and a Retry
 * that drops the failed load and tries again.
 */
export function RemotePage({ routeId }: { routeId: RouteId }): ReactElement {
  const intl = useIntl();
  const loader = useRemoteLoader();
  const remote = ROUTES[routeId].remote;
  const [attempts, setAttempts] = useAtom(remoteAttemptsAtom);
  const attempt = attempts[remote] ?? 0;
  const area = intl.formatMessage({ id: `remote.area.${remote}` });
  const title = intl.formatMessage({ id: `page.${routeId}` });
  const Outlet = remoteOutlet(loader, remote, attempt);
  useRouteFactoryBecomesActive();

  const retry = (): void => {
    loader.reset(remote);
    setAttempts((current) => ({ ...current, [remote]: (current[remote] ?? 0) + 1 }));
  };

  const fallback = (error: unknown): ReactElement => {
    const message =
      error instanceof RemotePageMissingError
        ? intl.formatMessage({ id: 'remote.pageMissing' }, { area })
        : error instanceof RemotePlatformMismatchError
          ? intl.formatMessage({ id: 'remote.platformMismatch.message' }, { area, range: error.range, version: error.platformVersion })
          : isTimeoutError(error)
          ? intl.formatMessage({ id: 'remote.timeout.message' }, { area, seconds: CHUNK_LOAD_TIMEOUT_MS / 1000 })
          : intl.formatMessage({ id: 'remote.loadFailed.message' });
    return (
      <PageFrame title={title}>
        <section aria-label={intl.formatMessage({ id: 'remote.region' }, { area })} data-remote={remote}>
          <ErrorState title={intl.formatMessage({ id: 'remote.loadFailed.title' }, { area })} message={message} onRetry={retry} />
        </section>
      </PageFrame>
    );
  };

  return (
    <RemoteErrorBoundary key={`${routeId}#${attempt}`} fallback={fallback}>
      <Suspense
        fallback={
          <PageFrame title={title}>
            <LoadingState label={intl.formatMessage({ id: 'state.loadingArea' }, { area })} />
          </PageFrame>
        }
      >
        {/* eslint-disable-next-line react-hooks/static-components -- cached per remote and attempt, so stable across renders */}
        <Outlet routeId={routeId} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
