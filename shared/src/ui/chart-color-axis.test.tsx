import { waitFor } from '@testing-library/react';
import { renderWithProviders } from '../testing/render-with-providers';
import { fluentThemeFor } from '../theme/themes';
import { Chart } from './chart';

// A file of its own: in jsdom, a chart with a module (the heatmap) drawn after another chart of the
// same file stays in its loading state (the browser draws it; e2e covers the availability page).
test("a heatmap's colour scale is labelled in the theme's text colour (dark theme)", async () => {
  renderWithProviders(
    <Chart
      title="Availability"
      fileName="availability"
      modules={['heatmap']}
      options={{ chart: { type: 'heatmap' }, colorAxis: { min: 0, max: 1 }, legend: { enabled: true }, series: [{ type: 'heatmap', name: 'Availability', data: [[0, 0, 0.5]] }] }}
    />,
    { theme: 'dark' },
  );
  await waitFor(() => expect(document.querySelector('.highcharts-coloraxis-labels text')).not.toBeNull(), { timeout: 10_000 });
  const label = document.querySelector<SVGTextElement>('.highcharts-coloraxis-labels text')!;
  expect(label.style.color || label.getAttribute('fill') || label.style.fill).toBe(fluentThemeFor('dark').colorNeutralForeground3);
});
