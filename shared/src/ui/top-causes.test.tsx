import { screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { TopDowntimeReason } from '@linepulse/contracts';
import { renderWithProviders } from '../testing';
import { TopCauses } from './top-causes';

jest.setTimeout(30_000);

const reasons: TopDowntimeReason[] = [
  { downtime_reason_id: 'r1', downtime_reason: 'Bris mécanique', category: 'Mécanique', is_planned: false, total_downtime_duration_seconds: 95 * 60 },
  { downtime_reason_id: 'r2', downtime_reason: 'Attente qualité', category: 'Qualité', is_planned: false, total_downtime_duration_seconds: 12 * 60 },
];

function Causes(props: Parameters<typeof TopCauses>[0]): ReactElement {
  return <TopCauses {...props} />;
}

/** The value axis's tick labels as drawn by Highcharts (the bar chart's y axis), placed ones only. */
function axisLabels(): string[] {
  // Highcharts also leaves a text it measures with (not placed, no transform) in the group.
  return [...document.querySelectorAll('.highcharts-yaxis-labels text[transform]')].map((label) => label.textContent ?? '');
}

test('the duration axis of a top-causes chart reads in hours and minutes on whole steps, never decimal hours', async () => {
  renderWithProviders(<Causes title="Top 5 unplanned causes" reasons={reasons} fileName="dashboard_lyon_lastday" />);
  await waitFor(() => expect(axisLabels().length).toBeGreaterThan(1), { timeout: 10_000 });
  const labels = axisLabels();
  expect(labels[0]).toBe('0');
  for (const label of labels.slice(1)) expect(label).toMatch(/^(\d+ min|\d+ h|\d+ h \d\d min)$/);
  // The axis reaches past the longest cause (1 h 35 min) on a whole step.
  expect(labels.at(-1)).toMatch(/^(1 h 40 min|1 h 45 min|2 h)$/);
  expect(labels.join(' ')).not.toMatch(/\d[.,]\d/);
  // The table beside it says the same durations.
  expect(screen.getByRole('cell', { name: '1 h 35 min' })).toBeInTheDocument();
  expect(screen.getByRole('cell', { name: '12 min' })).toBeInTheDocument();
});

test('the axis speaks French in the same units, thousands of hours spaced', async () => {
  const long = [{ ...reasons[0]!, total_downtime_duration_seconds: 1_500 * 3600 }];
  renderWithProviders(<Causes title="Top 5" reasons={long} fileName="x" />, { language: 'fr' });
  await waitFor(() => expect(axisLabels().length).toBeGreaterThan(1), { timeout: 10_000 });
  expect(axisLabels().at(-1)).toMatch(/^\d{1,3}\u00a0\d{3} h$/);
});
