// Stands in for Highcharts' stock navigator (es-modules/Stock/Navigator/Navigator.js) in the builds.
// The accessibility module imports the navigator only to listen to its renders (its NavigatorComponent);
// with it came the navigator and its scrollbar, ~30 KB of code for stock charts, which the product never
// draws (highcharts-as-drawn.mjs leaves the stock series out too). A listener on this empty class is
// never called, as on a chart without a navigator. create-config.cjs swaps it in (decision 69).
export default class Navigator {}
