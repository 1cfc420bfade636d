import { PUBLIC_PATHS, ROUTES, type RouteDefinition, type UserClaims } from '@linepulse/contracts';

/**
 * Which rule a page follows (product §2):
 * - `public-only`: home and the sign-in return; a signed-in user goes on to the product.
 * - `unauthorized`: the page for a signed-in user not enabled for the product.
 * - `open`: anyone (terms of service, page not found).
 * - `product`: a ROUTES page; needs a signed-in, enabled user, plus admin or insights when the route says so.
 */
export type PageAccess = 'public-only' | 'unauthorized' | 'open' | 'product';

export const COMPANY_OVERVIEW_PATH = ROUTES.companyOverview.path;

/** Where the user must go instead of this page, or null when they may stay. */
export function guardRedirect(access: PageAccess, user: UserClaims | null, route?: RouteDefinition): string | null {
  switch (access) {
    case 'open':
      return null;
    case 'public-only':
      if (!user) return null;
      return user.is_tilelytics ? COMPANY_OVERVIEW_PATH : PUBLIC_PATHS.unauthorized;
    case 'unauthorized':
      if (!user) return PUBLIC_PATHS.home;
      return user.is_tilelytics ? COMPANY_OVERVIEW_PATH : null;
    case 'product':
      if (!user) return PUBLIC_PATHS.home;
      if (!user.is_tilelytics) return PUBLIC_PATHS.unauthorized;
      if (route?.adminOnly && !user.is_admin) return COMPANY_OVERVIEW_PATH;
      if (route?.needsInsights && !(user.insights_enabled || user.is_wx_user)) return COMPANY_OVERVIEW_PATH;
      return null;
  }
}
