import type { ComponentType } from 'react';
import { lazyPage, type RemoteRoutesModule } from '@linepulse/shared';
import type { RemoteName } from '@linepulse/contracts';
import { preloadRoute, routeAt } from './preload-route';
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
