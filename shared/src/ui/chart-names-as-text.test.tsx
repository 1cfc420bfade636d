import { waitFor } from '@testing-library/react';
import Highcharts from 'highcharts';
import { renderWithProviders } from '../testing/render-with-providers';
import { Chart } from './chart';

// Names set by admins, drawn by Highcharts (which reads a subset of HTML in every text it draws).
const LINK = '<a href="https://evil.example/login">Relogin here</a>';
const BIG = '<b style="font-size:60px;fill:red">Line 2</b>';

function lastChart(): Highcharts.Chart {
  const chart = Highcharts.charts.filter((c): c is Highcharts.Chart => !!c).at(-1);
  if (!chart) throw new Error('no chart drawn');
  return chart;
}

test('names show as text in axis labels, the legend, data labels, tooltips and the exported image, with no link and no restyled text', async () => {
  const { container } = renderWithProviders(
    <Chart
      title={`Availability ${LINK}`}
      fileName="availability"
      options={{
        chart: { type: 'column' },
        xAxis: { categories: [LINK, BIG] },
        legend: { enabled: true },
        tooltip: { headerFormat: '<b>{point.key}</b><br/>', pointFormat: '{series.name}: <b>{point.y}</b>' },
        series: [
          { type: 'column', name: LINK, data: [0.5, 0.7], dataLabels: { enabled: true, format: '{x}' } },
          { type: 'line', name: BIG, data: [{ y: 0.4, name: LINK }, { y: 0.6, name: BIG }], dataLabels: { enabled: true, format: '{point.name}' } },
        ],
      }}
    />,
  );
  await waitFor(() => expect(container.querySelector('.highcharts-xaxis-labels text')).not.toBeNull(), { timeout: 10_000 });
  const chart = lastChart();
  // The tooltip's text as Highcharts makes it (jsdom lays nothing out, so no tooltip is shown on
  // hover), drawn by the chart's renderer as the tooltip's label would be.
  const point = chart.series[0]!.points[0]!;
  const tooltipText = `${Highcharts.format(chart.options.tooltip!.headerFormat!, { point: { key: point.category } }, chart)}${point.tooltipFormatter(chart.options.tooltip!.pointFormat!)}`;
  const drawn = chart.renderer.text(tooltipText, 0, 0).addClass('test-tooltip').add();

  const axis = container.querySelector('.highcharts-xaxis-labels')!;
  const legend = container.querySelector('.highcharts-legend')!;
  const dataLabels = [...container.querySelectorAll('.highcharts-data-labels')].map((g) => g.textContent).join(' ');
  const tooltip = drawn.element;
  expect(axis.textContent).toContain(LINK);
  expect(axis.textContent).toContain(BIG);
  expect(legend.textContent).toContain(LINK);
  expect(legend.textContent).toContain(BIG);
  expect(dataLabels).toContain(LINK);
  expect(dataLabels).toContain(BIG);
  expect(tooltip.textContent?.replace(/\u200b/g, "")).toBe(`${LINK}${LINK}: 0.5`);
  // The format's own markup still works: the value is bold.
  expect([...tooltip.querySelectorAll('tspan')].some((t) => t.textContent === '0.5' && t.getAttribute('style')?.includes('bold'))).toBe(true);

  // No link anywhere in the chart, and no text made 60 px or red by a name.
  expect(container.querySelectorAll('a')).toHaveLength(0);
  const styled = [...container.querySelectorAll('[style]')].map((e) => e.getAttribute('style') ?? '');
  expect(styled.filter((s) => s.includes('60px') || s.includes('red'))).toEqual([]);

  // The exported image (the chart redrawn with the exporting options: the title on top) is as safe.
  await import('highcharts/modules/exporting');
  type Exporting = { getSVG(chartOptions?: object): string };
  const Exporting = (Highcharts as unknown as { Exporting: new (chart: Highcharts.Chart, options: unknown) => Exporting }).Exporting;
  const exporting = (chart as unknown as { exporting?: Exporting }).exporting ?? new Exporting(chart, chart.options.exporting);
  const svg = exporting.getSVG(chart.options.exporting?.chartOptions);
  const image = new DOMParser().parseFromString(svg, 'image/svg+xml');
  expect(image.querySelectorAll('a')).toHaveLength(0);
  expect([...image.querySelectorAll('[style]')].filter((e) => /60px|red/.test(e.getAttribute('style') ?? ''))).toEqual([]);
  const legendTexts = [...image.querySelectorAll('.highcharts-legend-item text')].map((t) => t.textContent);
  expect(legendTexts).toContain(BIG);
  // (Highcharts' export writes every ` href=` of the image as ` xlink:href=`, text included.)
  expect(legendTexts.some((t) => /^<a (xlink:)?href="https:\/\/evil\.example\/login">Relogin here<\/a>$/.test(t ?? ''))).toBe(true);
  // The exported title (the chart's name, with a name in it) is text too.
  expect(image.querySelector('.highcharts-title')?.textContent).toMatch(/^Availability <a (xlink:)?href="https:\/\/evil\.example\/login">Relogin here<\/a>$/);
});
