import { waitFor } from '@testing-library/react';
import { THEMES } from '@linepulse/contracts';
import { renderWithProviders } from '../testing/render-with-providers';
import { fluentThemeFor } from '../theme/themes';
import { Chart } from './chart';

// Highcharts draws a column's outline in `--highcharts-background-color`, which follows the system's
// colour scheme unless the chart sets its palette: in the dark theme on a light system every column had
// a white outline.
test.each(THEMES)("a chart's own colours are the %s theme's, whatever the system's scheme", async (theme) => {
  const { container } = renderWithProviders(
    <Chart title="Availability" fileName="availability" options={{ xAxis: { categories: ['L1'] }, series: [{ type: 'column', name: 'A', data: [0.5] }] }} />,
    { theme },
  );
  await waitFor(() => expect(container.querySelector('style.highcharts-palette')).not.toBeNull(), { timeout: 10_000 });
  const css = container.querySelector('style.highcharts-palette')!.textContent ?? '';
  const background = fluentThemeFor(theme).colorNeutralBackground1.toLowerCase();
  // Browsers without light-dark() read the first value, the others pick the light one: the chart's
  // container asks for the light scheme, whose colours are the theme's.
  expect(css).toContain(`--highcharts-background-color: ${background};`);
  expect(/--highcharts-background-color: light-dark\(([^,]+),/.exec(css)?.[1] ?? background).toBe(background);
  expect(container.querySelector<HTMLElement>('.highcharts-container')?.style.colorScheme).toBe('light');
});
