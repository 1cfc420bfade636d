// How Highcharts resolves, for the build (create-config.cjs) and for jest alike: `highcharts` to the
// product's own master (highcharts-as-drawn.mjs), and each module the platform's chart imports
// (`highcharts/modules/<name>`) to Highcharts' ES module of it, which registers on that same object.
// Decision 65.
const path = require('node:path');

const HIGHCHARTS_AS_DRAWN = path.join(__dirname, 'highcharts-as-drawn.mjs');

/** The accessibility module's components for parts no chart here has (export menu, stock navigator, range selector, zoom). */
const UNUSED_A11Y_COMPONENT_FILE = '(Menu|Navigator|RangeSelector|Zoom)Component\\.js$';
/** Those files as the build resolves them: in Highcharts' accessibility module, nowhere else. */
const HIGHCHARTS_UNUSED_A11Y_COMPONENTS = new RegExp(`[\\\\/]highcharts[\\\\/]es-modules[\\\\/]Accessibility[\\\\/]Components[\\\\/]${UNUSED_A11Y_COMPONENT_FILE}`);
/** Those files as the accessibility module's own files import them (jest maps requests, not resolved files). */
const HIGHCHARTS_UNUSED_A11Y_REQUESTS = `^\\./Components/${UNUSED_A11Y_COMPONENT_FILE}`;
/** Their stand-in. */
const HIGHCHARTS_UNUSED_A11Y_COMPONENT = path.join(__dirname, 'highcharts-a11y-without-unused-components.mjs');

/** The modules shared/src/ui/chart-impl.tsx imports. */
const HIGHCHARTS_MODULES = ['accessibility', 'heatmap', 'exporting'];

/** The ES module behind `highcharts/modules/<name>`, as installed for the platform. */
function highchartsEsModule(name) {
  return require.resolve(`highcharts/es-modules/masters/modules/${name}.src.js`, { paths: [__dirname] });
}

module.exports = {
  HIGHCHARTS_AS_DRAWN,
  HIGHCHARTS_MODULES,
  HIGHCHARTS_UNUSED_A11Y_COMPONENT,
  HIGHCHARTS_UNUSED_A11Y_COMPONENTS,
  HIGHCHARTS_UNUSED_A11Y_REQUESTS,
  highchartsEsModule,
};
