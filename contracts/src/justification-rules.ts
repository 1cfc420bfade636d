/**
 * Downtime justification (issue 25, docs/decisions/0050-downtime-justification.md): its limits and who
 * may justify, without the wire schemas (justifications.ts), so a screen that asks them does not load
 * TypeBox.
 */

/** The most characters of a comment (trimmed). */
export const JUSTIFICATION_COMMENT_MAX = 500;
/** The most downtimes the page lists (newest first). */
export const JUSTIFICATION_LIST_MAX = 200;
/** Hours back the page may look (a week). */
export const JUSTIFICATION_MAX_HOURS = 168;
/** Default: the last day. */
export const JUSTIFICATION_DEFAULT_HOURS = 24;

/** Who may justify: everyone enabled but the display (presenter) role, which only shows. */
export function mayJustify(user: { role: string; is_admin: boolean }): boolean {
  return user.role !== 'presenter' || user.is_admin;
}
