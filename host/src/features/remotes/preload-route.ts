import { preloadPage, type PagePrefetchContext } from '@linepulse/shared';
import { ROUTES, type RouteId } from '@linepulse/contracts';
import { matchPath } from 'react-router-dom';
import type { RemoteLoader } from './remote-loader';
import { routeAt } from './route-at';

/**
 * Starts loading the remote and the page code of the address being opened, as soon as the host knows
 * the manifests and the user: on a reload or a bookmark, the page's chunks then arrive while sign-in
 * and the session's first calls are under way instead of after the shell has rendered. The loader
 * shares the load with the page that renders later and forgets a failure, so the page retries it and
 * shows the error as usual.
 */
export function preloadRoute(loader: RemoteLoader, pathname: string): void {
  const id = routeAt(pathname);
  if (!id) return;
  loader.load(ROUTES[id].remote).then(
    (module) => preloadPage((module.pages as Partial<Record<RouteId, Parameters<typeof preloadPage>[0]>>)[id]),
    () => undefined,
  );
}

/**
 * Starts what the page of the address asks for first (its remote's `prefetch` for the route, if any),
 * once the user is known and the session's calls are under way: the page's first figures then leave as
 * soon as the session has answered instead of after the shell and the page have rendered (issue 23: on
 * the slow network that render took ~190 ms at 4× CPU). A remote without a prefetch, or a failure, leaves
 * the asking to the page.
 */
export function prefetchRouteData(
  loader: RemoteLoader,
  { pathname, search }: { pathname: string; search: string },
  session: Omit<PagePrefetchContext, 'params' | 'search'>,
): void {
  const id = routeAt(pathname);
  if (!id) return;
  const context: PagePrefetchContext = {
    ...session,
    params: matchPath({ path: ROUTES[id].path, end: true }, pathname)?.params ?? {},
    search: new URLSearchParams(search),
  };
  loader.load(ROUTES[id].remote).then(
    (module) => {
      const prefetch = (module.prefetch as Partial<Record<RouteId, (context: PagePrefetchContext) => Promise<void>>> | undefined)?.[id];
      return prefetch?.(context);
    },
    () => undefined,
  ).catch(() => undefined);
}
