/**
 * Stable hooks for end-to-end tests, shared by the pages and the Playwright specs (one module, so a
 * renamed hook breaks the build, not a test at night). Everything else is found by role and name.
 */
import { SECTION_TEST_ID } from '@linepulse/shared';

export const TEST_IDS = {
  /** Set on a section once its data is drawn: data-state="ready" | "loading" | "error" | "empty". */
  section: SECTION_TEST_ID,
  /** The justification page's list of downtimes, newest first. */
  justificationList: 'justification-list',
  /** One downtime of that list, with data-downtime-id=<id> and data-justification-type=<type>. */
  justificationItem: 'justification-item',
  /** The alerts page's table; each row has data-alert-id=<id> and data-state="open" | "resolved". */
  alertsTable: 'alerts-table',
} as const;
