// The Highcharts the product ships leaves out what no chart draws (shared/webpack/highcharts-as-drawn.mjs,
// decision 65); jest resolves `highcharts` to it as the build does. This draws every kind of chart the
// pages draw, with the options they use, and updates them as a change of period does.
import Highcharts from 'highcharts';
import 'highcharts/modules/accessibility';

function draw(options: Highcharts.Options): Highcharts.Chart {
  const container = document.createElement('div');
  document.body.append(container);
  return Highcharts.chart(container, { ...options, accessibility: { enabled: true } });
}

afterEach(() => {
  Highcharts.charts.forEach((chart) => chart?.destroy());
  document.body.innerHTML = '';
});

test('draws the kinds the pages draw: columns stacked and with plot lines, bars, lines with points', () => {
  const chart = draw({
    xAxis: { categories: ['Line 1', 'Line 2'] },
    yAxis: { plotLines: [{ value: 60, width: 2 }] },
    plotOptions: { column: { stacking: 'normal' } },
    series: [
      { type: 'column', name: 'Planned', data: [1, 2] },
      { type: 'column', name: 'Unplanned', data: [3, 4] },
      { type: 'line', name: 'Trend', data: [5, 6] },
      { type: 'scatter', name: 'Objective', data: [7, 8] },
    ],
  });
  expect(chart.series.map((series) => series.type)).toEqual(['column', 'column', 'line', 'scatter']);
  // Stacked: each column's total is both series'.
  expect(chart.series[1]?.points.map((point) => point.total)).toEqual([4, 6]);
  expect(document.querySelectorAll('.highcharts-plot-line')).toHaveLength(1);
  expect(draw({ series: [{ type: 'bar', name: 'Causes', data: [3, 2, 1] }] }).series[0]?.type).toBe('bar');
});

test('updates a drawn chart as a change of period does', () => {
  const chart = draw({ xAxis: { categories: ['a', 'b'] }, series: [{ type: 'column', name: 'OEE', data: [1, 2] }] });
  chart.update({ xAxis: { categories: ['a', 'b', 'c'] }, series: [{ type: 'column', name: 'OEE', data: [3, 4, 5] }] }, true, true);
  expect(chart.series[0]?.points.map((point) => point.y)).toEqual([3, 4, 5]);
});

test('leaves out the series kinds no page draws', () => {
  const { seriesTypes } = Highcharts as unknown as { seriesTypes: Record<string, unknown> };
  expect(Object.keys(seriesTypes).sort()).toEqual(['bar', 'column', 'line', 'scatter']);
});

test('keeps the accessibility of what the charts have, without the components of parts they never have (decision 70)', () => {
  const chart = draw({ xAxis: { categories: ['a', 'b'] }, series: [{ type: 'column', name: 'OEE', data: [1, 2] }] });
  const { components, keyboardNavigation } = (chart as unknown as {
    accessibility: { components: Record<string, object>; keyboardNavigation: { modules: unknown[] } };
  }).accessibility;
  // The export menu, navigator, range selector and zoom are the stand-in: no keyboard stop of their own.
  const standIns = ['chartMenu', 'navigator', 'rangeSelector', 'zoom'].map((name) => components[name]?.constructor.name);
  expect(standIns).toEqual(Array(4).fill('UnusedAccessibilityComponent'));
  expect(components.series?.constructor.name).toBe('SeriesComponent');
  expect(components.legend?.constructor.name).toBe('LegendComponent');
  // The series keep their keyboard navigation, and Escape (which asks the chart to hide its export menu) is harmless.
  expect(keyboardNavigation.modules.length).toBeGreaterThan(0);
  expect(() => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', keyCode: 27, which: 27 } as KeyboardEventInit))).not.toThrow();
  expect(() => (chart as unknown as { dismissPopupContent: () => void }).dismissPopupContent()).not.toThrow();
  // The screen readers' region before the chart is still written.
  expect(document.querySelector('[id^="highcharts-screen-reader-region-before"]')?.textContent).toContain('Data ranges from 1 to 2');
});
