import fc from 'fast-check';
import { DateTime } from 'luxon';
import { INTERVALS, intervalProblem, type Interval } from './intervals';
import { REPEATED_HOUR, alignBucketKeys, bucketKeyOf, bucketKeyParts, intervalBuckets, productionDayHolding } from './interval-buckets';
import { productionDayStart, type FactoryCalendar } from './time-windows';

const HOUR_MS = 3_600_000;
const ZONES = ['Europe/Paris', 'America/Toronto', 'America/Monterrey', 'America/St_Johns', 'Asia/Kolkata', 'Pacific/Auckland', 'UTC'];

const calendars = fc.record<FactoryCalendar>({
  timezone: fc.constantFrom(...ZONES),
  production_day_minutes_from_midnight: fc.constantFrom(0, 5 * 60, 6 * 60 + 17, 22 * 60),
  week_first_day: fc.constantFrom('monday', 'sunday', 'saturday'),
  year_first_month: fc.constantFrom('january', 'april'),
});
// Windows start at any minute 2020–2030 (daylight-saving changes come up) and last what each interval allows.
const instants = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }).map((ms) => Math.floor(ms / 60_000) * 60_000);
const spans: Record<Interval, number> = { hour: 14 * 24, day: 30 * 24, week: 60 * 24, month: 365 * 24 };
const windows = fc
  .tuple(fc.constantFrom(...INTERVALS), instants, fc.integer({ min: 1, max: 365 * 24 * 60 }))
  .map(([interval, start, minutes]) => ({ interval, window: { start, end: start + Math.min(minutes, spans[interval] * 60) * 60_000 } }));

/** The wall clock of an instant, as luxon reads it. */
const local = (t: number, zone: string): string => DateTime.fromMillis(t, { zone }).toFormat("yyyy-LL-dd'T'HH:mm");

describe('interval buckets on the factory’s wall clock (decision 0038)', () => {
  it('partition the window: contiguous, non-empty, from its start to its end, keys in time order and unique', () => {
    fc.assert(
      fc.property(windows, calendars, ({ interval, window }, calendar) => {
        const buckets = intervalBuckets(interval, window, calendar);
        expect(buckets.length).toBeGreaterThan(0);
        expect(buckets[0]!.start).toBe(window.start);
        expect(buckets.at(-1)!.end).toBe(window.end);
        buckets.forEach((bucket, i) => {
          expect(bucket.start).toBeLessThan(bucket.end);
          if (i > 0) {
            expect(bucket.start).toBe(buckets[i - 1]!.end);
            expect(bucket.key > buckets[i - 1]!.key).toBe(true);
          }
        });
      }),
      { numRuns: 80 },
    );
  });

  it('every instant of a bucket has the bucket’s key, and the key is its local start', () => {
    fc.assert(
      fc.property(windows, calendars, fc.double({ min: 0, max: 1, noNaN: true }), ({ interval, window }, calendar, at) => {
        const buckets = intervalBuckets(interval, window, calendar);
        const bucket = buckets[Math.min(buckets.length - 1, Math.floor(at * buckets.length))]!;
        const inside = bucket.start + Math.floor(at * (bucket.end - bucket.start - 1));
        for (const t of [bucket.start, inside, bucket.end - 1]) expect(bucketKeyOf(interval, t, calendar)).toBe(bucket.key);
        const { date, time, repeated } = bucketKeyParts(bucket.key);
        if (interval === 'hour') {
          // The hour's local start reads as the key; a repeated key follows an hour that read the same.
          const hourStart = DateTime.fromMillis(bucket.start, { zone: calendar.timezone }).startOf('hour').toMillis();
          expect(`${date}T${time}`).toBe(local(hourStart, calendar.timezone));
          expect(repeated).toBe(local(hourStart - HOUR_MS, calendar.timezone) === local(hourStart, calendar.timezone));
        } else {
          expect(time).toBeNull();
          expect(productionDayHolding(bucket.start, calendar) >= date).toBe(true);
          // An unclipped bucket starts at the production day its key names.
          if (bucket !== buckets[0]) expect(bucket.start).toBe(productionDayStart(date, calendar).toMillis());
        }
      }),
      { numRuns: 120 },
    );
  });

  it('factories in different zones line up on the same local hour, day, week or month', () => {
    fc.assert(
      fc.property(windows, calendars, calendars, ({ interval, window }, a, b) => {
        const [left, right] = [intervalBuckets(interval, window, a), intervalBuckets(interval, window, b)];
        const aligned = alignBucketKeys([left.map((x) => x.key), right.map((x) => x.key)]);
        expect([...aligned.keys].sort()).toEqual(aligned.keys);
        expect(new Set(aligned.keys).size).toBe(aligned.keys.length);
        [left, right].forEach((buckets, s) => buckets.forEach((bucket, i) => expect(aligned.keys[aligned.positions[s]![i]!]).toBe(bucket.key)));
        // Each place on the axis is one wall-clock reading: the two factories' buckets there start at the same local time.
        const leftAt = new Map(left.map((x) => [x.key, x]));
        for (const bucket of right) {
          const twin = leftAt.get(bucket.key);
          if (!twin || interval !== 'hour') continue;
          const startOf = (t: number, zone: string): string => local(DateTime.fromMillis(t, { zone }).startOf('hour').toMillis(), zone);
          expect(startOf(twin.start, a.timezone)).toBe(startOf(bucket.start, b.timezone));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('an hour window allowed by product §9 has 1 bucket per local hour: 23 on the spring day, 25 on the fall-back day', () => {
    const paris: FactoryCalendar = { timezone: 'Europe/Paris', production_day_minutes_from_midnight: 0, week_first_day: 'monday', year_first_month: 'january' };
    const day = (date: string) => ({ start: productionDayStart(date, paris).toMillis(), end: productionDayStart(date, paris).plus({ days: 1 }).toMillis() });
    expect(intervalBuckets('hour', day('2026-03-29'), paris).map((b) => b.key.slice(11))).not.toContain('02:00');
    expect(intervalBuckets('hour', day('2026-03-29'), paris)).toHaveLength(23);
    const fall = intervalBuckets('hour', day('2026-10-25'), paris).map((b) => b.key.slice(11));
    expect(fall).toHaveLength(25);
    expect(fall.slice(0, 5)).toEqual(['00:00', '01:00', '02:00', `02:00${REPEATED_HOUR}`, '03:00']);
    const window = { start: day('2026-10-25').start, end: day('2026-10-25').end };
    expect(intervalProblem('hour', { start: DateTime.fromMillis(window.start), end: DateTime.fromMillis(window.end) }, paris)).toBeNull();
  });

  it('the hour a fall-back adds before a 06:00 production day start belongs to the day before (Montréal)', () => {
    const montreal: FactoryCalendar = { timezone: 'America/Toronto', production_day_minutes_from_midnight: 360, week_first_day: 'monday', year_first_month: 'january' };
    // 1 November 2026, 05:30 EST: after the change at 02:00, before the day's 06:00 start.
    const t = DateTime.fromISO('2026-11-01T05:30', { zone: 'America/Toronto' }).toMillis();
    expect(productionDayHolding(t, montreal)).toBe('2026-10-31');
    expect(bucketKeyOf('day', t, montreal)).toBe('2026-10-31');
    const days = intervalBuckets('day', { start: productionDayStart('2026-10-31', montreal).toMillis(), end: productionDayStart('2026-11-02', montreal).toMillis() }, montreal);
    expect(days.map((b) => [b.key, (b.end - b.start) / HOUR_MS])).toEqual([['2026-10-31', 25], ['2026-11-01', 24]]);
  });

  it('the demo’s yesterday by hour: Lyon, Montréal and Monterrey share their local hours', () => {
    const lyon: FactoryCalendar = { timezone: 'Europe/Paris', production_day_minutes_from_midnight: 300, week_first_day: 'monday', year_first_month: 'january' };
    const montreal: FactoryCalendar = { ...lyon, timezone: 'America/Toronto', production_day_minutes_from_midnight: 360 };
    const monterrey: FactoryCalendar = { ...lyon, timezone: 'America/Monterrey', production_day_minutes_from_midnight: 420 };
    const yesterday = (calendar: FactoryCalendar) => ({ start: productionDayStart('2026-11-25', calendar).toMillis(), end: productionDayStart('2026-11-26', calendar).toMillis() });
    const series = [lyon, montreal, monterrey].map((calendar) => intervalBuckets('hour', yesterday(calendar), calendar));
    // Their first buckets are three different instants (04:00Z, 11:00Z, 13:00Z)…
    expect(series.map((buckets) => new Date(buckets[0]!.start).toISOString())).toEqual(['2026-11-25T04:00:00.000Z', '2026-11-25T11:00:00.000Z', '2026-11-25T13:00:00.000Z']);
    const aligned = alignBucketKeys(series.map((buckets) => buckets.map((b) => b.key)));
    // …drawn at 05:00, 06:00 and 07:00 local on one axis of 26 local hours.
    expect(aligned.keys[0]).toBe('2026-11-25T05:00');
    expect(aligned.keys).toHaveLength(26);
    expect(aligned.positions.map((p) => p[0])).toEqual([0, 1, 2]);
    expect(aligned.keys[aligned.positions[1]![1]!]).toBe('2026-11-25T07:00');
  });
});
