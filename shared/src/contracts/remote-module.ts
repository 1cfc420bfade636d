import type { QueryClient } from '@tanstack/react-query';
import type { createStore } from 'jotai';
import type { ComponentType } from 'react';
import type { RemoteName, RouteIdsOf, UserClaims } from '@linepulse/contracts';
import sharedPackage from '../../package.json';

/**
 * The version of this platform (`@linepulse/shared`, the SDK the host lends to remotes at runtime).
 * Semver: a minor version adds to what is lent, a major version changes or removes something. Because
 * the package is a federated singleton, a remote always runs on the host's copy, whatever it was built
 * against; the host therefore checks each remote's declared range against this version first.
 */
export const PLATFORM_VERSION: string = sharedPackage.version;

declare global {
  /** The platform range the app was built against, set at build time by the shared webpack factory. */
  const __LINEPULSE_PLATFORM_RANGE__: string;
}

/** A remote's pages, one for every route id it owns in ROUTES. */
export type RemotePages<R extends RemoteName> = Record<RouteIdsOf<R>, ComponentType>;

/**
 * What every remote exposes as `./routes`. Pages should be lazy so that loading the module costs
 * little; the host renders them inside its own Suspense and error boundary.
 */
export interface RemoteRoutesModule<R extends RemoteName> {
  remote: R;
  version: string;
  /** The platform range the remote was built against (`__LINEPULSE_PLATFORM_RANGE__`). */
  platform: string;
  pages: RemotePages<R>;
  /**
   * What a page asks for first, started by the host at start-up for the address being opened, once the
   * user is known and the session's calls are under way (platform 2.3.0): the page's first figures then
   * leave as soon as the session has answered, not after the shell and the page have rendered. The page
   * must ask with the keys its queries use, so that they join these requests; a failure is ignored
   * (the page asks again and shows it).
   */
  prefetch?: Partial<Record<RouteIdsOf<R>, (context: PagePrefetchContext) => Promise<void>>>;
}

/**
 * What a page's prefetch is given by the host: the page's one cache and store, the signed-in user, and
 * the address being opened (its route's parameters, e.g. `factoryId`, and its query string).
 */
export interface PagePrefetchContext {
  queryClient: QueryClient;
  store: ReturnType<typeof createStore>;
  user: UserClaims;
  params: Readonly<Partial<Record<string, string>>>;
  search: URLSearchParams;
}

/** Module Federation container name of each remote (its `name` in webpack). */
export const FEDERATION_NAMES: Record<RemoteName, string> = {
  overview: 'linepulse_overview',
  downtime: 'linepulse_downtime',
  reports: 'linepulse_reports',
  admin: 'linepulse_admin',
  opportunities: 'linepulse_opportunities',
};
