import type { ComponentType } from 'react';
import type { RemoteName, RouteIdsOf } from '@linepulse/contracts';

/** A remote's pages, one for every route id it owns in ROUTES. */
export type RemotePages<R extends RemoteName> = Record<RouteIdsOf<R>, ComponentType>;

/**
 * What every remote exposes as `./routes`. Pages should be lazy so that loading the module costs
 * little; the host renders them inside its own Suspense and error boundary.
 */
export interface RemoteRoutesModule<R extends RemoteName> {
  remote: R;
  version: string;
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
