import { matchPath } from 'react-router-dom';
import { ROUTES } from '@linepulse/contracts';

/** The route patterns that name a factory in their `:factoryId` segment (dashboard, downtime, reports…). */
const FACTORY_PATHS: readonly string[] = Object.values(ROUTES)
  .map((route) => route.path)
  .filter((path) => path.split('/').includes(':factoryId'));

/**
 * The factory a URL is about, or null for a page of no factory (company overview, admin, opportunities).
 * Read from the URL itself: the side navigation sits outside the routed page, and the active factory
 * atom only follows the URL after the page has mounted (and starts on the first factory).
 */
export function factoryIdOfPath(pathname: string): string | null {
  for (const pattern of FACTORY_PATHS) {
    const factoryId = matchPath({ path: pattern, end: true }, pathname)?.params.factoryId;
    if (factoryId) return factoryId;
  }
  return null;
}
