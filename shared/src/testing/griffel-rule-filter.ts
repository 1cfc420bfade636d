/**
 * Component tests only (jest's jsdom projects): keeps out of jsdom's style sheets the Fluent UI rules
 * that jsdom cannot use, because they made getComputedStyle the slowest thing in the suite.
 *
 * Why: Griffel, Fluent UI's style engine, inserts one atomic rule per style (700–900 rules in a page
 * test). jsdom's getComputedStyle matches every rule of every sheet against the element and its
 * ancestors, and drops its cache on any DOM change. Highcharts measures its container through
 * getComputedStyle hundreds of times per chart, so a dashboard page test spent most of its time there
 * (15–35 ms a call; the overview page tests took 60–90 s, of which about 120 s of CPU was this).
 *
 * jsdom lays nothing out, so the only computed values our tests' tools read are `display` and
 * `visibility` (testing-library's accessibility checks, jest-dom's toBeVisible), `pointer-events`
 * (user-event) and `opacity` (toBeVisible). Griffel's rules are atomic (one property each, and
 * mergeClasses leaves one class per property on an element), so keeping just the rules that set those
 * properties gives the same answers to those questions. A test that needs another Fluent style in
 * jsdom (toHaveStyle on a colour, say) must add that property here.
 */
const READ_BY_TEST_TOOLS = /(?:^|[{;\s])(?:display|visibility|pointer-events|opacity)\s*:/;
// Griffel marks its <style> elements with this attribute (@griffel/core DATA_BUCKET_ATTR).
const GRIFFEL_BUCKET = 'data-make-styles-bucket';

// jsdom's style sheets have no ownerNode, so a sheet is recognised through Griffel's <style> elements.
const ORIGINAL_INSERT_RULE = Symbol.for('linepulse.test.originalInsertRule');
const griffelSheets = new WeakMap<CSSStyleSheet, boolean>();
function isGriffelSheet(sheet: CSSStyleSheet): boolean {
  let known = griffelSheets.get(sheet);
  if (known === undefined) {
    known = Array.from(document.querySelectorAll<HTMLStyleElement>(`style[${GRIFFEL_BUCKET}]`)).some((style) => style.sheet === sheet);
    griffelSheets.set(sheet, known);
  }
  return known;
}

if (typeof CSSStyleSheet !== 'undefined') {
  // jsdom's CSSStyleSheet class is loaded once per jest worker, outside each test file's sandbox: the
  // patch would outlive this file and call into its closed window. So every file wraps the original
  // method (kept on the prototype the first time), never a previous file's wrapper, and restores it.
  const prototype = CSSStyleSheet.prototype as CSSStyleSheet & { [ORIGINAL_INSERT_RULE]?: CSSStyleSheet['insertRule'] };
  const insertRule = (prototype[ORIGINAL_INSERT_RULE] ??= prototype.insertRule);
  prototype.insertRule = function insertReadableRule(this: CSSStyleSheet, rule: string, index?: number): number {
    if (!READ_BY_TEST_TOOLS.test(rule) && isGriffelSheet(this)) return index ?? this.cssRules.length;
    return insertRule.call(this, rule, index);
  };
  afterAll(() => {
    prototype.insertRule = insertRule;
  });
}

export {};
