import { ROUTES, type RouteId } from '@linepulse/contracts';

const ROUTE_IDS = Object.keys(ROUTES) as RouteId[];
const isParameter = (segment: string): boolean => segment.startsWith(':');
const fixedSegments = (id: RouteId): number => ROUTES[id].path.split('/').filter((segment) => segment !== '' && !isParameter(segment)).length;

/**
 * Whether `pathname` is an address of the route pattern, as the router matches it (whole path, letters
 * in any case, a trailing slash allowed; `:name` is one segment, `:name?` may be absent). Written here
 * rather than taken from React Router because the entry module uses it before any library has arrived.
 */
function matchesPattern(pattern: string, pathname: string): boolean {
  const wanted = pattern.split('/').filter((segment) => segment !== '');
  const given = pathname.split('/').filter((segment) => segment !== '');
  let at = 0;
  for (const segment of wanted) {
    if (isParameter(segment) && segment.endsWith('?')) {
      if (at < given.length) at += 1;
      continue;
    }
    const part = given[at];
    if (part === undefined) return false;
    if (!isParameter(segment) && segment.toLowerCase() !== part.toLowerCase()) return false;
    at += 1;
  }
  return at === given.length;
}

/** The product page at this address, if any: fixed segments win over parameters, as the router ranks them. */
export function routeAt(pathname: string): RouteId | null {
  const matches = ROUTE_IDS.filter((id) => matchesPattern(ROUTES[id].path, pathname));
  return matches.sort((a, b) => fixedSegments(b) - fixedSegments(a))[0] ?? null;
}
