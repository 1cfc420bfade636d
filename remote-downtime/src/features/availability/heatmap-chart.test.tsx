import { waitFor } from '@testing-library/react';
import Highcharts from 'highcharts';
import { useState, type ReactElement } from 'react';
import type { AnalyticsInterval, DowntimeIntervalStats } from '@linepulse/contracts';
import { renderWithProviders } from '@linepulse/shared/testing';
import { withRemoteMessages } from '@linepulse/shared';
import { messages } from '../../messages';
import { measures } from '../../testing/downtime-fixtures';
import { heatmapOf } from '../../model/heatmap';
import { HeatmapChart } from './heatmap-chart';

jest.setTimeout(60_000);
beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
});

const HOUR = 3_600_000;
const UNITS = ['Line 1', 'Line 2', 'Line 3'];

/** Every unit with `count` intervals of `step`; each cell's availability tells its unit and column apart. */
function stats(count: number, step: number, shift = 0): DowntimeIntervalStats[] {
  const from = Date.parse('2026-10-05T04:00:00.000Z');
  return UNITS.map((name, u) => ({
    production_unit_id: `pu-${u + 1}`,
    production_unit_name: name,
    downtimes_per_interval: Array.from({ length: count }, (_, i) => ({
      start_time: new Date(from + i * step).toISOString(),
      end_time: new Date(from + (i + 1) * step).toISOString(),
      ...measures(HOUR, 0, (HOUR * (u + 1 + i / 10 + shift)) / 100, 0, 1),
    })),
  }));
}

const ANSWERS: { interval: AnalyticsInterval; stats: DowntimeIntervalStats[] }[] = [
  { interval: 'hour', stats: stats(24, HOUR) },
  { interval: 'week', stats: stats(6, 7 * 24 * HOUR) },
  { interval: 'hour', stats: stats(24, HOUR) },
  // The same intervals refreshed with other figures.
  { interval: 'hour', stats: stats(24, HOUR, 2) },
];

/** The heatmap of one answer, then (a click) of the next one, in the same chart as a page does when the next answer is already cached. */
function Answers(): ReactElement {
  const [index, setIndex] = useState(0);
  const answer = ANSWERS[index]!;
  return (
    <>
      <button type="button" onClick={() => setIndex(index + 1)}>
        next
      </button>
      <HeatmapChart title="Availability" heatmap={heatmapOf(answer.stats)} interval={answer.interval} zone="Europe/Paris" fileName="heat" onSelect={() => undefined} />
    </>
  );
}

/** Per row of the drawn heatmap, its cells' columns and values. */
function drawnRows(): Map<number, { x: number; value: number | null }[]> {
  const series = Highcharts.charts.flatMap((chart) => chart?.series ?? []).find((s) => s.type === 'heatmap');
  const rows = new Map<number, { x: number; value: number | null }[]>();
  for (const point of series?.points ?? []) {
    const y = point.y ?? -1;
    rows.set(y, [...(rows.get(y) ?? []), { x: point.x, value: (point as unknown as { value: number | null }).value }]);
  }
  for (const cells of rows.values()) cells.sort((a, b) => a.x - b.x);
  return rows;
}

async function expectEveryRow(answer: DowntimeIntervalStats[]): Promise<void> {
  await waitFor(() => {
    const rows = drawnRows();
    expect([...rows.keys()].sort()).toEqual(answer.map((_, y) => y));
    answer.forEach((unit, y) => {
      expect(rows.get(y)?.map((cell) => cell.x)).toEqual(unit.downtimes_per_interval.map((_, x) => x));
      expect(rows.get(y)?.map((cell) => cell.value?.toFixed(4))).toEqual(unit.downtimes_per_interval.map((cell) => ((cell.availability_rate ?? 0) / 100).toFixed(4)));
    });
  }, { timeout: 20_000 });
}

test('a new answer drawn in the same chart keeps every line’s row with each of its cells (hours, weeks, hours, the same hours refreshed)', async () => {
  const Page = withRemoteMessages(messages, Answers);
  const { userEvent, getByRole } = renderWithProviders(<Page />);
  await expectEveryRow(ANSWERS[0]!.stats);
  await userEvent.click(getByRole('button', { name: 'next' }));
  await expectEveryRow(ANSWERS[1]!.stats);
  await userEvent.click(getByRole('button', { name: 'next' }));
  await expectEveryRow(ANSWERS[2]!.stats);
  await userEvent.click(getByRole('button', { name: 'next' }));
  await expectEveryRow(ANSWERS[3]!.stats);
});
