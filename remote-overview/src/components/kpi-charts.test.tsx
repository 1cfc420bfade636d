import { screen, waitFor } from '@testing-library/react';
import type { KpiGroupResult } from '@linepulse/contracts';
import { RemoteIntlProvider } from '@linepulse/shared';
import { renderWithProviders } from '@linepulse/shared/testing';
import { messages } from '../messages';
import { groupResult, kpis, lyon, montreal } from '../testing/overview-fixtures';
import { ComparisonChart, IntervalChart, alignIntervals } from './kpi-charts';

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

describe('the interval chart of factories in different time zones (decision 0038)', () => {
  const calendars = new Map([lyon, montreal].map((factory) => [factory.id, factory]));
  const calendarOf = (id: string) => calendars.get(id)!;
  // Yesterday by hour: each factory's production day starts at 06:00 local (the fixtures), Lyon 05:00Z, Montréal 11:00Z.
  const hours = (startUtcHour: number, values: number[]) =>
    values.map((oee, i) => ({
      ...kpis(1, { oee }),
      start_time: new Date(Date.UTC(2026, 10, 25, startUtcHour + i)).toISOString(),
      end_time: new Date(Date.UTC(2026, 10, 25, startUtcHour + i + 1)).toISOString(),
    }));
  const groups: KpiGroupResult[] = [
    { ...groupResult('Lyon', lyon.id, kpis(1)), interval: 'hour', intervals: hours(5, [0.5, 0.6, 0.7]) },
    { ...groupResult('Montréal', montreal.id, kpis(1)), interval: 'hour', intervals: hours(11, [0.8, 0.9]) },
  ];

  it('puts each factory’s 06:00 local at the same place, six hours apart in UTC', () => {
    const aligned = alignIntervals(groups, 'hour', calendarOf, 'oee');
    expect(aligned.keys).toEqual(['2026-11-25T06:00', '2026-11-25T07:00', '2026-11-25T08:00']);
    expect(aligned.values).toEqual([
      [0.5, 0.6, 0.7],
      [0.8, 0.9, null],
    ]);
    expect(aligned.zones).toEqual(['Europe/Paris', 'America/Toronto']);
  });

  it('says on the axis, above the chart and in the export that the time is each factory’s local time', async () => {
    renderWithProviders(
      <RemoteIntlProvider messages={messages}>
        <IntervalChart title="OEE by hour" kpi="oee" fileName="x" groups={groups} interval="hour" calendarOf={calendarOf} />
      </RemoteIntlProvider>,
    );
    expect(screen.getByRole('note')).toHaveTextContent('Each factory is drawn at its own local time');
    await waitFor(() => expect(document.querySelector('.highcharts-xaxis .highcharts-axis-title')?.textContent).toBe('Local time of each factory'), { timeout: 10_000 });
    const labels = [...document.querySelectorAll('.highcharts-xaxis-labels text')].map((label) => label.textContent?.replace(/[\u2009\u202f\u00a0]/g, ' '));
    expect(labels).toContain('Nov 25, 06:00');
    expect(screen.getByRole('button', { name: 'Export the table of OEE by hour' })).toBeInTheDocument();
  });
});
