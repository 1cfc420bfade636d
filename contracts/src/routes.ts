/**
 * The route contract between the host and the remotes. The host mounts each path and shows the owning
 * remote's page there (or that remote's own error and retry when it cannot load); each remote must
 * provide a page for every route id it owns (see `RemotePages` in the shared package's main entry).
 */
import type { RemoteName } from './runtime-config';

export interface RouteDefinition {
  path: string;
  remote: RemoteName;
  /** Admin pages send non-admins to the company overview (product §2). */
  adminOnly?: boolean;
  /** Opportunities need insights_enabled or is_wx_user (product §6). */
  needsInsights?: boolean;
}

export const ROUTES = {
  companyOverview: { path: '/company-overview', remote: 'overview' },
  factoryDashboard: { path: '/:factoryId/dashboard', remote: 'overview' },
  availabilityDowntime: { path: '/:factoryId/availability-downtime', remote: 'downtime' },
  productionDataExport: { path: '/:factoryId/production-data-export', remote: 'downtime' },
  /** Downtime justification by the people on the line (issue 25); `?line=<unit id>` narrows it to one line. */
  justification: { path: '/:factoryId/justification', remote: 'downtime' },
  /**
   * The account's alerts, newest first (issue 25, decision 51): every enabled user, across factories
   * (`?status=open`, `?factory=<id>` narrow it). The downtime area's: alerts are lines down or silent.
   */
  alerts: { path: '/alerts', remote: 'downtime' },
  myReports: { path: '/:factoryId/my-reports', remote: 'reports' },
  /** The template (downtime_main_page, …) is the route parameter. */
  reportCreation: { path: '/:factoryId/my-reports/creation/:template?', remote: 'reports' },
  reportEdition: { path: '/:factoryId/my-reports/:reportId', remote: 'reports' },
  shiftChanges: { path: '/performance-manager/shift-changes', remote: 'opportunities', needsInsights: true },
  lineStarts: { path: '/performance-manager/line-starts', remote: 'opportunities', needsInsights: true },
  productChanges: { path: '/performance-manager/product-changes', remote: 'opportunities', needsInsights: true },
  plannedDowntimesWithTarget: {
    path: '/performance-manager/planned-downtimes-with-target',
    remote: 'opportunities',
    needsInsights: true,
  },
  factories: { path: '/factories', remote: 'admin', adminOnly: true },
  factorySettings: { path: '/factory/:id', remote: 'admin', adminOnly: true },
  customPeriods: { path: '/customPeriods', remote: 'admin', adminOnly: true },
  customPeriodCreation: { path: '/customPeriods/creation', remote: 'admin', adminOnly: true },
  customPeriodEdition: { path: '/customPeriods/:id', remote: 'admin', adminOnly: true },
} as const satisfies Record<string, RouteDefinition>;

export type RouteId = keyof typeof ROUTES;

/** Route ids owned by one remote. */
export type RouteIdsOf<R extends RemoteName> = {
  [K in RouteId]: (typeof ROUTES)[K]['remote'] extends R ? K : never;
}[RouteId];

/** Fills a route path's parameters: `routePath('factoryDashboard', { factoryId })`. */
export function routePath(id: RouteId, params: Record<string, string> = {}): string {
  return ROUTES[id].path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const optional = segment.endsWith('?');
      const name = segment.slice(1, optional ? -1 : undefined);
      const value = params[name];
      if (value === undefined) {
        if (optional) return '';
        throw new Error(`route ${id} needs ${name}`);
      }
      return encodeURIComponent(value);
    })
    .filter((segment, index) => index === 0 || segment !== '')
    .join('/');
}

/** Public (no sign-in) routes of the host. */
export const PUBLIC_PATHS = { root: '/', home: '/home', loginCallback: '/login-callback', unauthorized: '/unauthorized', termsOfService: '/terms-of-service' } as const;
