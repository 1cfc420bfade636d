import { waitFor } from '@testing-library/react';
import { renderWithProviders } from '@linepulse/shared/testing';
import { kpis } from '../testing/overview-fixtures';
import { ComparisonChart } from './kpi-charts';

jest.setTimeout(30_000);

/** The value axis's tick labels as drawn by Highcharts, placed ones only (it also keeps a measuring text). */
function axisLabels(): string[] {
  return [...document.querySelectorAll('.highcharts-yaxis-labels text[transform]')].map((label) => label.textContent ?? '');
}

// Downtime of the two factories: 1 h 04 min + 47 min, and 2 h 08 min + 1 h 34 min.
const rows = [
  { name: 'Lyon', kpis: kpis(1), objective: null },
  { name: 'Montréal', kpis: kpis(2), objective: null },
];

test('a downtime comparison has an axis in hours and minutes, on whole steps', async () => {
  renderWithProviders(<ComparisonChart title="Downtime by factory" kpi="downtime" fileName="x" rows={rows} objectiveName="Objectives" />);
  await waitFor(() => expect(axisLabels().length).toBeGreaterThan(1), { timeout: 10_000 });
  const labels = axisLabels();
  expect(labels[0]).toBe('0');
  for (const label of labels.slice(1)) expect(label).toMatch(/^(\d+ min|\d+ h|\d+ h \d\d min)$/);
  expect(labels).toContain('1 h');
  expect(labels.join(' ')).not.toMatch(/\d[.,]\d/);
});

test('an indicator comparison keeps its percent axis', async () => {
  renderWithProviders(<ComparisonChart title="OEE by factory" kpi="oee" fileName="x" rows={rows} objectiveName="Objectives" />);
  await waitFor(() => expect(document.querySelector('.highcharts-yaxis .highcharts-axis-title')?.textContent).toBe('%'), { timeout: 10_000 });
});
