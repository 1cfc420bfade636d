// SPDX-License-Identifier: LicenseRef-Highcharts
/**
 * @license Highcharts JS v13.1.1 (2026-09-20)
 * @module highcharts/highcharts
 *
 * (c) 2009-2026 Highsoft AS
 *
 * A commercial license may be required depending on use,
 * see www.highcharts.com/license
 */
// The Highcharts the product draws with: Highcharts' own master module (es-modules/masters/highcharts.src.js,
// 13.1.1) with the series kinds and options no chart here uses left out — area, spline, areaspline and
// pie series, date-time and logarithmic axes, text drawn as HTML (`useHTML`) and scrollable plot
// areas. The build resolves `highcharts` to this file
// (shared/webpack/create-config.cjs), and the accessibility, heatmap and exporting modules to their ES
// module masters, which register on the same Highcharts object (highcharts-modules.cjs). Highcharts with its
// accessibility module went from 121.2 to 112.4 KiB on the wire (docs/decisions/0065-the-host-under-430-kib.md).
//
// A chart of a kind left out draws nothing and logs Highcharts' error #17, an option left out does
// nothing: add its module back here (copy its lines from the master of the installed version) when a
// page needs it.
import Highcharts from 'highcharts/es-modules/Core/Globals.js';
import Defaults from 'highcharts/es-modules/Core/Defaults.js';
import Fx from 'highcharts/es-modules/Core/Animation/Fx.js';
import { animate, animObject, getDeferredAnimation, setAnimation, stop } from 'highcharts/es-modules/Core/Animation/AnimationUtilities.js';
import AST from 'highcharts/es-modules/Core/Renderer/HTML/AST.js';
import Templating from 'highcharts/es-modules/Core/Templating.js';
import RendererUtilities from 'highcharts/es-modules/Core/Renderer/RendererUtilities.js';
import SVGElement from 'highcharts/es-modules/Core/Renderer/SVG/SVGElement.js';
import SVGRenderer from 'highcharts/es-modules/Core/Renderer/SVG/SVGRenderer.js';
import Axis from 'highcharts/es-modules/Core/Axis/Axis.js';
import PlotLineOrBand from 'highcharts/es-modules/Core/Axis/PlotLineOrBand/PlotLineOrBand.js';
import Tick from 'highcharts/es-modules/Core/Axis/Tick.js';
import Tooltip from 'highcharts/es-modules/Core/Tooltip.js';
import Point from 'highcharts/es-modules/Core/Series/Point.js';
import Pointer from 'highcharts/es-modules/Core/Pointer.js';
import Legend from 'highcharts/es-modules/Core/Legend/Legend.js';
import LegendSymbol from 'highcharts/es-modules/Core/Legend/LegendSymbol.js';
import Chart from 'highcharts/es-modules/Core/Chart/Chart.js';
import StackingAxis from 'highcharts/es-modules/Core/Axis/Stacking/StackingAxis.js';
import StackItem from 'highcharts/es-modules/Core/Axis/Stacking/StackItem.js';
import DataTableCore from 'highcharts/es-modules/Data/DataTableCore.js';
import Series from 'highcharts/es-modules/Core/Series/Series.js';
import SeriesRegistry from 'highcharts/es-modules/Core/Series/SeriesRegistry.js';
import 'highcharts/es-modules/Series/Line/LineSeries.js';
import 'highcharts/es-modules/Series/Column/ColumnSeries.js';
import ColumnDataLabel from 'highcharts/es-modules/Series/Column/ColumnDataLabel.js';
import 'highcharts/es-modules/Series/Bar/BarSeries.js';
import 'highcharts/es-modules/Series/Scatter/ScatterSeries.js';
import DataLabel from 'highcharts/es-modules/Core/Series/DataLabel.js';
import { composeOverlappingDataLabels } from 'highcharts/es-modules/Core/Series/OverlappingDataLabels.js';
import { composeBorderRadius } from 'highcharts/es-modules/Extensions/BorderRadius.js';
import Responsive from 'highcharts/es-modules/Core/Responsive.js';
import Color from 'highcharts/es-modules/Core/Color/Color.js';
import Time from 'highcharts/es-modules/Core/Time.js';
import { addEvent, arrayMax, arrayMin, attr, clamp, correctFloat, createElement, crisp, css, defined, destroyObjectProperties, diffObjects, discardElement, erase, extend, extendClass, find, fireEvent, getMagnitude, getAlignFactor, getClosestDistance, getNestedProperty, getStyle, isArray, isClass, isDOMElement, isFunction, isNumber, isObject, isString, internalClearTimeout, merge, normalizeTickInterval, objectEach, offset, pad, pick, pushUnique, pInt, relativeLength, removeEvent, replaceNested, splat, stableSort, syncTimeout, ucfirst, wrap } from 'highcharts/es-modules/Shared/Utilities.js';
import { error, insertItem, timeUnits, uniqueKey, useSerialIds } from 'highcharts/es-modules/Core/Utilities.js';
const G = Highcharts;
// Classes
G.AST = AST;
G.Axis = Axis;
G.Chart = Chart;
G.Color = Color;
G.DataLabel = DataLabel;
G.DataTable = DataTableCore;
G.DataTableCore = DataTableCore;
G.Fx = Fx;
G.Legend = Legend;
G.LegendSymbol = LegendSymbol;
G.PlotLineOrBand = PlotLineOrBand;
G.Point = Point;
G.Pointer = Pointer;
G.Series = Series;
G.SeriesRegistry = SeriesRegistry;
G.StackItem = StackItem;
G.SVGElement = SVGElement;
G.SVGRenderer = SVGRenderer;
G.Templating = Templating;
G.Tick = Tick;
G.Time = class extends Time {
    constructor(options, lang) {
        const defaultOptions = Defaults.getOptions();
        super(options ?? defaultOptions.time, lang ?? defaultOptions.lang);
    }
};
G.Tooltip = Tooltip;
// Utilities
G.addEvent = addEvent;
G.animObject = animObject;
G.animate = animate;
G.arrayMax = arrayMax;
G.arrayMin = arrayMin;
G.attr = attr;
G.chart = Chart.chart;
G.clamp = clamp;
G.color = Color.parse;
G.correctFloat = correctFloat;
G.createElement = createElement;
G.css = css;
G.crisp = crisp;
G.dateFormat = Templating.dateFormat;
G.defaultOptions = Defaults.defaultOptions;
G.defined = defined;
G.destroyObjectProperties = destroyObjectProperties;
G.diffObjects = diffObjects;
G.discardElement = discardElement;
G.distribute = RendererUtilities.distribute;
G.erase = erase;
G.error = error;
G.extend = extend;
G.extendClass = extendClass;
G.find = find;
G.fireEvent = fireEvent;
G.format = Templating.format;
G.getAlignFactor = getAlignFactor;
G.getClosestDistance = getClosestDistance;
G.getDeferredAnimation = getDeferredAnimation;
G.getMagnitude = getMagnitude;
G.getNestedProperty = getNestedProperty;
G.getOptions = Defaults.getOptions;
G.getStyle = getStyle;
G.insertItem = insertItem;
G.isArray = isArray;
G.isClass = isClass;
G.isDOMElement = isDOMElement;
G.isFunction = isFunction;
G.isNumber = isNumber;
G.isObject = isObject;
G.isString = isString;
G.internalClearTimeout = internalClearTimeout;
G.merge = merge;
G.normalizeTickInterval = normalizeTickInterval;
G.numberFormat = Templating.numberFormat;
G.objectEach = objectEach;
G.offset = offset;
G.pad = pad;
G.pick = pick;
G.pushUnique = pushUnique;
G.pInt = pInt;
G.relativeLength = relativeLength;
G.removeEvent = removeEvent;
G.replaceNested = replaceNested;
G.seriesType = SeriesRegistry.seriesType;
G.setAnimation = setAnimation;
G.setOptions = Defaults.setOptions;
G.splat = splat;
G.stableSort = stableSort;
G.stop = stop;
G.syncTimeout = syncTimeout;
G.time = Defaults.defaultTime;
G.ucfirst = ucfirst;
G.timers = Fx.timers;
G.timeUnits = timeUnits;
G.uniqueKey = uniqueKey;
G.useSerialIds = useSerialIds;
G.wrap = wrap;
// Compositions
// Border radius also rounds the pie's arcs, so it listens to the pie series' class: with no pie here,
// it is given a class that nothing draws with for the time of the composition.
G.Series.types.pie = class PieLeftOut {};
composeBorderRadius(G.Series, G.SVGElement, G.SVGRenderer);
delete G.Series.types.pie;
ColumnDataLabel.compose(G.Series.types.column);
DataLabel.compose(G.Series);
Legend.compose(G.Chart);
composeOverlappingDataLabels(G.Chart);
PlotLineOrBand.compose(G.Chart, G.Axis);
Pointer.compose(G.Chart);
// Kept although no chart has responsive rules: `Chart.update` calls it.
Responsive.compose(G.Chart);
StackingAxis.compose(G.Axis, G.Chart, G.Series);
Tooltip.compose(G.Pointer);
export default G;
