import type { ComponentType } from 'react';
import { lazyPage, type PagePrefetchContext, type RemoteRoutesModule } from '@linepulse/shared';
import type { RemoteName } from '@linepulse/contracts';
import { matchPath } from 'react-router-dom';
import { ROUTES, type RouteId } from '@linepulse/contracts';
import { prefetchRouteData, preloadRoute } from './preload-route';
import { routeAt } from './route-at';
import type { RemoteLoader } from './remote-loader';

test('the page at an address is the route the router would render', () => {
  expect(routeAt('/company-overview')).toBe('companyOverview');
  expect(routeAt('/f-1/dashboard')).toBe('factoryDashboard');
  expect(routeAt('/performance-manager/line-starts')).toBe('lineStarts');
  // Both report routes match: the fixed "creation" segment wins over a report id.
  expect(routeAt('/f-1/my-reports/creation')).toBe('reportCreation');
  expect(routeAt('/f-1/my-reports/creation/downtime_main_page')).toBe('reportCreation');
  expect(routeAt('/f-1/my-reports/r-9')).toBe('reportEdition');
  expect(routeAt('/home')).toBeNull();
  expect(routeAt('/no/such/page/here')).toBeNull();
});

test('each route matches the addresses React Router matches it with, and no other', () => {
  const addresses = [
    '/company-overview', '/Company-Overview/', '/company-overview/x', '/f-1/dashboard', '/f-1/dashboard/', '/dashboard',
    '/f-1/availability-downtime', '/f-1/my-reports', '/f-1/my-reports/creation', '/f-1/my-reports/creation/oee_main_page',
    '/f-1/my-reports/creation/a/b', '/f-1/my-reports/r-9', '/alerts', '/alerts/1', '/factory/f-1', '/factory', '/factories',
    '/customPeriods', '/customperiods/creation', '/customPeriods/p-1', '/performance-manager/shift-changes', '/', '/home',
  ];
  for (const address of addresses) {
    const expected = (Object.keys(ROUTES) as RouteId[]).filter((id) => matchPath({ path: ROUTES[id].path, end: true }, address) !== null);
    const found = routeAt(address);
    if (expected.length === 0) expect([address, found]).toEqual([address, null]);
    else expect([address, expected.includes(found as RouteId)]).toEqual([address, true]);
  }
});

function loaderWith(pages: Record<string, ComponentType>, fail = false): RemoteLoader & { loaded: RemoteName[] } {
  const loaded: RemoteName[] = [];
  return {
    loaded,
    load: (remote) => {
      loaded.push(remote);
      return fail ? Promise.reject(new Error('offline')) : Promise.resolve({ remote, version: '1.0.0', platform: '^1.0.0', pages } as unknown as RemoteRoutesModule<RemoteName>);
    },
    reset: () => undefined,
  };
}

test("opening an address loads its remote and starts its page's code", async () => {
  const load = jest.fn(() => Promise.resolve({ default: () => null }));
  const loader = loaderWith({ factoryDashboard: lazyPage(load) });
  preloadRoute(loader, '/f-1/dashboard');
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(loader.loaded).toEqual(['overview']);
  expect(load).toHaveBeenCalledTimes(1);
});

test('an address that is no product page loads nothing, and a failed load is left to the page', async () => {
  const loader = loaderWith({}, true);
  preloadRoute(loader, '/home');
  expect(loader.loaded).toEqual([]);
  preloadRoute(loader, '/company-overview');
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(loader.loaded).toEqual(['overview']);
});

test("opening an address starts its remote's prefetch for that page with the start-up's context", async () => {
  const prefetch = jest.fn(() => Promise.resolve());
  const other = jest.fn(() => Promise.resolve());
  const loaded: RemoteName[] = [];
  const loader: RemoteLoader = {
    load: (remote) => {
      loaded.push(remote);
      return Promise.resolve({ remote, version: '1.0.0', platform: '^2.3.0', pages: {}, prefetch: { companyOverview: prefetch, factoryDashboard: other } } as unknown as RemoteRoutesModule<RemoteName>);
    },
    reset: () => undefined,
  };
  const session = { queryClient: {}, store: {}, user: { user_id: 'u-1' } } as unknown as PagePrefetchContext;
  const at = (pathname: string, search = '') => ({ pathname, search });
  prefetchRouteData(loader, at('/company-overview', '?from=mail'), session);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(prefetch).toHaveBeenCalledWith({ ...session, params: {}, search: expect.any(URLSearchParams) });
  expect(String((prefetch.mock.calls[0] as unknown as [PagePrefetchContext])[0].search)).toBe('from=mail');
  expect(other).not.toHaveBeenCalled();
  // A page without a prefetch, an address of no page, a remote that fails to load or a prefetch that fails: nothing, no error.
  const failing = jest.fn(() => Promise.reject(new Error('offline')));
  prefetchRouteData(loaderWith({}), at('/f-1/availability-downtime'), session);
  prefetchRouteData(loader, at('/home'), session);
  prefetchRouteData(loaderWith({}, true), at('/company-overview'), session);
  prefetchRouteData({ ...loader, load: (remote) => Promise.resolve({ remote, pages: {}, prefetch: { companyOverview: failing } } as unknown as RemoteRoutesModule<RemoteName>) }, at('/company-overview'), session);
  await new Promise((resolve) => setTimeout(resolve, 0));
  // The route's parameters: a factory's dashboard gets its factory.
  prefetchRouteData(loader, at('/f-lyon/dashboard', '?tv=1'), session);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(failing).toHaveBeenCalledTimes(1);
  expect(other).toHaveBeenCalledWith(expect.objectContaining({ params: { factoryId: 'f-lyon' } }));
  expect(loaded).toEqual(['overview', 'overview']);
});
