// How Highcharts resolves, for the build (create-config.cjs) and for jest alike: `highcharts` to the
// product's own master (highcharts-as-drawn.mjs), and each module the platform's chart imports
// (`highcharts/modules/<name>`) to Highcharts' ES module of it, which registers on that same object.
// Decision 65.
const path = require('node:path');

const HIGHCHARTS_AS_DRAWN = path.join(__dirname, 'highcharts-as-drawn.mjs');

/** The build's empty stand-in for the stock navigator the accessibility module imports. */
const HIGHCHARTS_WITHOUT_NAVIGATOR = path.join(__dirname, 'highcharts-without-navigator.mjs');

/** The modules shared/src/ui/chart-impl.tsx imports. */
const HIGHCHARTS_MODULES = ['accessibility', 'heatmap', 'exporting'];

/** The ES module behind `highcharts/modules/<name>`, as installed for the platform. */
function highchartsEsModule(name) {
  return require.resolve(`highcharts/es-modules/masters/modules/${name}.src.js`, { paths: [__dirname] });
}

module.exports = { HIGHCHARTS_AS_DRAWN, HIGHCHARTS_MODULES, HIGHCHARTS_WITHOUT_NAVIGATOR, highchartsEsModule };
