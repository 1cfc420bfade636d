// Stands in, in the builds and in jest, for four of the accessibility module's components
// (es-modules/Accessibility/Components/{Menu,Navigator,RangeSelector,Zoom}Component.js): they make the
// keyboard and screen-reader parts of Highcharts' export menu, stock navigator, range selector and zoom
// buttons, and no chart here has one of those (exporting is our own Fluent menu, `exporting.enabled`
// false; no chart zooms; highcharts-as-drawn.mjs leaves the stock parts out). With them came ~19 KB
// of code and, through the navigator's component, the stock navigator and its scrollbar (~30 KB).
// The accessibility module still builds its component list with these names: each is an
// AccessibilityComponent that does nothing and offers no keyboard stop, as on a chart without those parts.
// Decision 70.
import AccessibilityComponent from 'highcharts/es-modules/Accessibility/AccessibilityComponent.js';

export default class UnusedAccessibilityComponent extends AccessibilityComponent {
  /**
   * The menu's compose gives charts `hideExportMenu`, which the keyboard navigation calls when Escape
   * dismisses a chart's pop-ups: with no Highcharts export menu, there is nothing to hide.
   */
  static compose(ChartClass) {
    const chartProto = ChartClass?.prototype;
    if (chartProto && !chartProto.hideExportMenu) chartProto.hideExportMenu = () => {};
  }
}
