import { shiftIntervals, type UnitSetup } from './derive.ts';

const DAY_MS = 86_400_000;
/** How far before and after `now` the shifts are read: a weekly schedule repeats within it. */
const REACH_MS = 8 * DAY_MS;

/** Where `now` falls in a line's work shifts (DOMAIN.md: scheduled time is time inside them). */
export interface ScheduleNow {
  inShift: boolean;
  /**
   * In a shift: when the scheduled time around `now` began (shifts that overlap or follow one another
   * are one stretch: a stop across a shift change is one stop); null when it began more than a week ago
   * (a line scheduled round the clock).
   */
  since: number | null;
  /** In a shift: when that stretch ends; null beyond a week. */
  until: number | null;
  /** Outside the shifts: when the last one ended, and when the next one starts (null: none within a week). */
  lastEnded: number | null;
  nextStarts: number | null;
}

/**
 * The scheduled stretch around `now`, or null for a line with no work shift (scheduled all the time,
 * DOMAIN.md). A stopped line outside its shifts is not down (its downtime is not counted) and a line
 * that sends nothing then is expected to be silent.
 */
export function scheduleNow(setup: UnitSetup, now: number): ScheduleNow | null {
  if (setup.shifts.length === 0) return null;
  const from = now - REACH_MS;
  const to = now + REACH_MS;
  const stretches: { start: number; end: number }[] = [];
  for (const { start, end } of shiftIntervals(setup, from, to)) {
    const last = stretches.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else stretches.push({ start, end });
  }
  const current = stretches.find((s) => s.start <= now && now < s.end);
  if (current) {
    return { inShift: true, since: current.start <= from ? null : current.start, until: current.end >= to ? null : current.end, lastEnded: null, nextStarts: null };
  }
  const lastEnded = stretches.filter((s) => s.end <= now).at(-1)?.end ?? null;
  const nextStarts = stretches.find((s) => s.start > now)?.start ?? null;
  return { inShift: false, since: null, until: null, lastEnded, nextStarts };
}
