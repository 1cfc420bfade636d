import { IANAZone } from 'luxon';

const HOUR_MS = 3_600_000;
/** Hours remembered per zone before its memory is cleared (a year is 8 760). */
const MAX_HOURS_PER_ZONE = 200_000;

type OffsetOf = (this: IANAZone, ts: number) => number;
let installed: OffsetOf | null = null;

/**
 * Makes luxon remember the UTC offsets of IANA zones per UTC hour. luxon works an offset out with
 * Intl's formatToParts for every DateTime it makes in a zone (about 2 µs each); the analytics engine
 * makes hundreds of thousands of them for a busy minute of page loads (the load test's profile: the
 * largest single cost of the api's thread). Idempotent; returns a function that undoes it (tests).
 *
 * Exact: an hour whose two ends have the same offset has it throughout (no zone changes its offset
 * twice within an hour); an hour holding a change is worked out by luxon itself, every time.
 */
export function rememberZoneOffsets(): () => void {
  if (installed) return forgetZoneOffsets;
  const original = IANAZone.prototype.offset as OffsetOf;
  installed = original;
  const remembered = new WeakMap<IANAZone, Map<number, number>>();
  IANAZone.prototype.offset = function offset(this: IANAZone, ts: number): number {
    if (!Number.isFinite(ts)) return original.call(this, ts);
    let hours = remembered.get(this);
    if (!hours) remembered.set(this, (hours = new Map()));
    const hour = Math.floor(ts / HOUR_MS);
    let start = hours.get(hour);
    if (start === undefined) {
      if (hours.size >= MAX_HOURS_PER_ZONE) hours.clear();
      start = original.call(this, hour * HOUR_MS);
      hours.set(hour, start);
    }
    let end = hours.get(hour + 1);
    if (end === undefined) {
      end = original.call(this, (hour + 1) * HOUR_MS);
      hours.set(hour + 1, end);
    }
    return start === end ? start : original.call(this, ts);
  };
  return forgetZoneOffsets;
}

function forgetZoneOffsets(): void {
  if (!installed) return;
  IANAZone.prototype.offset = installed;
  installed = null;
}
