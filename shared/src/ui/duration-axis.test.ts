import { durationAxis, durationPointAccessibility, durationTickPositions, durationTickStep, formatDurationTick } from './duration-axis';

const nbsp = '\u00a0';
const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;

describe('duration axis ticks', () => {
  it('steps in whole minutes or hours, never in decimal hours', () => {
    // The top-cause chart of the issue: 12 minutes read "0.2 h" on the old axis.
    expect(durationTickPositions(12 * MIN, 5)).toEqual([0, 5 * MIN, 10 * MIN, 15 * MIN]);
    expect(durationTickPositions(100 * MIN, 5)).toEqual([0, 30 * MIN, 60 * MIN, 90 * MIN, 120 * MIN]);
    expect(durationTickPositions(7.5 * H, 5)).toEqual([0, 2 * H, 4 * H, 6 * H, 8 * H]);
    expect(durationTickPositions(40 * S, 4)).toEqual([0, 10 * S, 20 * S, 30 * S, 40 * S]);
    expect(durationTickPositions(40 * S, 3)).toEqual([0, 15 * S, 30 * S, 45 * S]);
  });

  it('gives every tick a label in hours and minutes, each step a whole number of its unit', () => {
    for (const max of [3 * S, 50 * S, 7 * MIN, 44 * MIN, 83 * MIN, 5 * H + 7 * MIN, 23 * H, 3 * 24 * H]) {
      for (const ticks of [2, 3, 4, 5, 8]) {
        const positions = durationTickPositions(max, ticks);
        expect(positions[0]).toBe(0);
        expect(positions.at(-1)).toBeGreaterThanOrEqual(max);
        expect(positions.length - 1).toBeLessThanOrEqual(ticks);
        const step = positions[1]! - positions[0]!;
        const unit = step >= H ? H : step >= MIN ? MIN : S;
        expect(step % unit).toBe(0);
        for (const label of positions.map((p) => formatDurationTick('en', p))) expect(label).toMatch(/^(0|\d+ s|\d+ min|[\d\u00a0]+ h( \d\d min)?)$/);
      }
    }
  });

  it('uses 1-2-5 steps of hours beyond a day per tick (a year of downtime)', () => {
    expect(durationTickStep(1200 * H, 5)).toBe(500 * H);
    expect(durationTickStep(90 * H, 5)).toBe(24 * H);
    expect(durationTickStep(300 * H, 5)).toBe(100 * H);
    expect(durationTickPositions(1200 * H, 5)).toEqual([0, 500 * H, 1000 * H, 1500 * H]);
  });

  it('still draws an axis when there is nothing to plot', () => {
    expect(durationTickPositions(0, 5)).toEqual([0, 15 * S, 30 * S, 45 * S, 60 * S]);
    expect(durationTickPositions(Number.NaN, 2)).toEqual([0, 30 * S, 60 * S]);
  });

  it('keeps an exact top on its tick (no extra empty step)', () => {
    expect(durationTickPositions(2 * H, 4)).toEqual([0, 30 * MIN, 60 * MIN, 90 * MIN, 120 * MIN]);
  });
});

describe('formatDurationTick', () => {
  it('says hours and minutes, seconds under one minute, whole hours without "00 min"', () => {
    expect(formatDurationTick('en', 45 * S)).toBe('45 s');
    expect(formatDurationTick('en', 45 * MIN)).toBe('45 min');
    expect(formatDurationTick('en', 90 * MIN)).toBe('1 h 30 min');
    expect(formatDurationTick('en', 65 * MIN)).toBe('1 h 05 min');
    expect(formatDurationTick('fr', 2 * H)).toBe('2 h');
    expect(formatDurationTick('es', 0)).toBe('0');
  });

  it('separates thousands of hours with spaces', () => {
    expect(formatDurationTick('en', 1500 * H)).toBe(`1${nbsp}500 h`);
    expect(formatDurationTick('fr', 1234 * H + 30 * MIN)).toBe(`1${nbsp}234 h 30 min`);
  });
});

describe('durationAxis', () => {
  type Positioner = (this: { len?: number }, min: number, max: number) => number[];
  type Formatter = (this: { value: number }) => string;

  it('places as many ticks as the axis length holds, wider apart across than up', () => {
    const up = durationAxis('en');
    const across = durationAxis('en', { horizontal: true });
    const tall = (up.tickPositioner as unknown as Positioner).call({ len: 400 }, 0, 100 * MIN);
    const wide = (across.tickPositioner as unknown as Positioner).call({ len: 400 }, 0, 100 * MIN);
    const wider = (across.tickPositioner as unknown as Positioner).call({ len: 800 }, 0, 100 * MIN);
    expect(tall).toEqual(Array.from({ length: 11 }, (_, i) => i * 10 * MIN));
    expect(wide).toEqual([0, 60 * MIN, 120 * MIN]);
    expect(wider).toEqual([0, 30 * MIN, 60 * MIN, 90 * MIN, 120 * MIN]);
    // Across, every step is at least 130 px: twice the longest short label, so the last is never cut.
    for (const len of [260, 400, 777, 1200]) {
      const ticks = (across.tickPositioner as unknown as Positioner).call({ len }, 0, 100 * MIN);
      expect(len / (ticks.length - 1)).toBeGreaterThanOrEqual(130);
    }
    expect(up.min).toBe(0);
  });

  it('labels ticks in hours and minutes and describes the range in them to screen readers', () => {
    const axis = durationAxis('fr', { values: [12 * MIN, null, 95 * MIN] });
    const format = (axis.labels?.formatter as unknown as Formatter).bind({ value: 90 * MIN });
    expect(format()).toBe('1 h 30 min');
    expect(axis.accessibility?.rangeDescription).toBe('0 – 1 h 35 min');
    expect(axis.title?.text).toBeUndefined();
  });

  it('describes a point in hours and minutes, with its category and series', () => {
    const description = durationPointAccessibility('en').descriptionFormatter as unknown as (point: object) => string;
    expect(description({ category: 'Bourrage', y: 42 * MIN, series: { name: 'Top 5 unplanned causes' } })).toBe('Bourrage, 42 min. Top 5 unplanned causes.');
  });
});
