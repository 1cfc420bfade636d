import type { ComponentType } from 'react';
import type { RemoteName, RouteIdsOf } from '@linepulse/contracts';
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
}

/** Module Federation container name of each remote (its `name` in webpack). */
export const FEDERATION_NAMES: Record<RemoteName, string> = {
  overview: 'linepulse_overview',
  downtime: 'linepulse_downtime',
  reports: 'linepulse_reports',
  admin: 'linepulse_admin',
  opportunities: 'linepulse_opportunities',
};
