/**
 * Stable hooks for end-to-end tests, shared by the pages and the Playwright specs (one module, so a
 * renamed hook breaks the build, not a test at night). Everything else is found by role and name.
 */
import { SECTION_TEST_ID } from '@linepulse/shared';

export const TEST_IDS = {
  /** A KPI tile's value; the tile itself is a group named after the KPI. */
  kpiValue: 'overview-kpi-value',
  /** Set on a section once its data is drawn: data-state="ready" | "loading" | "error" | "empty". */
  section: SECTION_TEST_ID,
  potentialGain: 'overview-potential-gain',
  opportunitiesNeedInsights: 'overview-opportunities-need-insights',
  tvScreen: 'overview-tv-screen',
  /** The lines' states now; each line an item with data-state="running" | "stopped" | "unknown" and data-line=<name>. */
  lineStates: 'overview-line-states',
} as const;

/** performance.mark() name set when the company overview's first figures are drawn (budget measure). */
export const DATA_DRAWN_MARK = 'linepulse:overview-data-drawn';
/**
 * The KPI tiles' figures carry this Element Timing identifier (`elementtiming`): the browser records when
 * they were first painted, which the budget scripts read. The mark above is set when React has put them in
 * the page, which can be well before the browser has painted them (styles, layout and the page's other
 * work come first).
 */
export const FIGURES_PAINTED = 'linepulse-kpi-figures';
