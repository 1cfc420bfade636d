import { intervalStats } from '../testing/downtime-fixtures';
import { axisLabel, columnLabel, heatmapOf } from './heatmap';

test('one row per unit, one column per interval any unit has, cells row by row with availability as a fraction', () => {
  const heatmap = heatmapOf(intervalStats('2026-11-22T05:00:00.000Z', 3));
  expect(heatmap.units.map((u) => u.name)).toEqual(['Line 1', 'Line 2']);
  expect(heatmap.columns.map((c) => c.start)).toEqual(['2026-11-22T05:00:00.000Z', '2026-11-22T06:00:00.000Z', '2026-11-22T07:00:00.000Z']);
  expect(heatmap.cells).toHaveLength(6);
  const cell = (x: number, y: number) => heatmap.cells[y * 3 + x]!;
  expect(cell(0, 0)).toMatchObject({ unitName: 'Line 1', availability: 1 });
  expect(cell(1, 0).availability).toBeCloseTo(0.9); // 6 min unplanned of an hour
  // No scheduled time: N/D, never 0 %.
  expect(cell(2, 1)).toMatchObject({ unitName: 'Line 2', availability: null });
});

test('a unit missing an interval gets an N/D cell in that column rather than a shifted row', () => {
  const stats = intervalStats('2026-11-22T05:00:00.000Z', 3);
  stats[1]!.downtimes_per_interval.splice(0, 1);
  const heatmap = heatmapOf(stats);
  expect(heatmap.columns).toHaveLength(3);
  expect(heatmap.cells[3]).toMatchObject({ unitName: 'Line 2', availability: null, measures: null });
  expect(heatmap.cells[4]?.column.start).toBe('2026-11-22T06:00:00.000Z');
});

test('intervals read in the factory’s zone and the user’s language', () => {
  const column = { start: '2026-11-22T13:00:00.000Z', end: '2026-11-22T14:00:00.000Z' };
  expect(columnLabel(column, 'hour', 'Europe/Paris', 'en')).toMatch(/Sun, 22 Nov, 14:00|Sun, Nov 22, 2:00 PM/);
  expect(columnLabel(column, 'hour', 'America/Toronto', 'fr')).toMatch(/dim\. 22 nov\.,? 08:00/);
  expect(columnLabel(column, 'month', 'Europe/Paris', 'es')).toBe('noviembre de 2026');
});

test('the time axis names an hour by its weekday and time only, other intervals as their full label', () => {
  const column = { start: '2026-11-22T13:00:00.000Z', end: '2026-11-22T14:00:00.000Z' };
  expect(axisLabel(column, 'hour', 'Europe/Paris', 'en')).toMatch(/^Sun,? (14:00|2:00 PM)$/);
  expect(axisLabel(column, 'hour', 'America/Toronto', 'fr')).toMatch(/^dim\.? 08:00$/);
  expect(axisLabel(column, 'month', 'Europe/Paris', 'es')).toBe(columnLabel(column, 'month', 'Europe/Paris', 'es'));
});
