/**
 * Limits of wire fields that the screens check too, before they send: plain numbers without TypeBox, so
 * a form that reads one does not load the schemas. Each schema module that uses a limit imports it from
 * here and re-exports it (schemas/common.ts, schemas/downtimes.ts, schemas/opportunity-pages.ts); this
 * module is not in index.ts, so each name is exported once.
 */

/** Largest value of a PostgreSQL integer (int4) column. */
export const INT4_MAX = 2_147_483_647;

/**
 * The most rows one call of the downtime list answers. The screen asks pages of 100; a file of the whole
 * list asks pages of this size: each call reads and sorts the whole selection again, so a year of a
 * 20-line factory (tens of thousands of downtimes) is a few calls, not a hundred and more of 500.
 */
export const DOWNTIME_LIST_MAX_LIMIT = 5_000;

/** Seconds, at most a day; null clears the target (the unit's median again). */
export const OPPORTUNITY_TARGET_MAX_SECONDS = 86_400;
