import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { rememberZoneOffsets } from '@linepulse/contracts';
import { ceilHour, floorHour } from '../src/analytics/derive.ts';

const ZONES = ['Europe/Paris', 'America/Havana', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham', 'Pacific/Apia', 'America/St_Johns', 'UTC'];
const luxonFloor = (t: number, zone: string) => DateTime.fromMillis(t, { zone }).startOf('hour').toMillis();

describe('local hour boundaries without a DateTime', () => {
  it("equal luxon's, every hour and 13 s (sliding across the hour) through 2012 and every minute around changes of offset, with offsets remembered or not", () => {
    const instants: number[] = [];
    for (let t = Date.UTC(2011, 11, 1); t < Date.UTC(2013, 0, 1); t += 3_613_000) instants.push(t);
    for (const change of [Date.UTC(2012, 2, 25, 1), Date.UTC(2012, 9, 28, 1), Date.UTC(2011, 11, 29, 10), Date.UTC(2012, 3, 1, 15), Date.UTC(2012, 8, 30, 14)]) {
      for (let t = change - 7_200_000; t <= change + 7_200_000; t += 60_000) instants.push(t);
    }
    for (const remembered of [false, true]) {
      const undo = remembered ? rememberZoneOffsets() : () => undefined;
      try {
        for (const zone of ZONES) {
          const wrong = instants.find((t) => floorHour(t, zone) !== luxonFloor(t, zone));
          assert.equal(wrong, undefined, `${zone} (remembered: ${remembered}) at ${wrong === undefined ? '' : new Date(wrong).toISOString()}`);
          const t = instants[1234]!;
          assert.equal(ceilHour(t, zone), floorHour(t, zone) === t ? t : floorHour(t, zone) + 3_600_000);
        }
      } finally {
        undo();
      }
    }
  });
});
