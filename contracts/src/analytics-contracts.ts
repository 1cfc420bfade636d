/**
 * Wire contracts of the analytics calls, shared by the api (which answers them) and the apps. The
 * types come from the schemas in schemas/analytics.ts, so what the api validates and what the apps
 * read cannot drift apart.
 */
import type { DowntimeType } from './schemas/analytics';

/** The downtime types, in the order screens list them. */
export const DOWNTIME_TYPES = ['planned', 'unplanned', 'unjustified'] as const satisfies readonly DowntimeType[];
