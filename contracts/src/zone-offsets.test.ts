import { DateTime, IANAZone } from 'luxon';
import { rememberZoneOffsets } from './zone-offsets';

const ZONES = ['Europe/Paris', 'America/Toronto', 'America/Havana', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Apia', 'America/Sao_Paulo', 'UTC'];

/** Offsets luxon works out itself, before remembering is installed. */
function exactOffsets(instants: number[]): Map<string, number[]> {
  return new Map(ZONES.map((zone) => [zone, instants.map((t) => IANAZone.create(zone).offset(t))]));
}

describe('rememberZoneOffsets', () => {
  // Every hour and 13 seconds (so sliding across each hour) from December 2011 to the end of 2012 (Apia
  // skipped a day, Havana and Lord Howe change at midnight and by 30 minutes), and every 10 s around a
  // few changes.
  const instants: number[] = [];
  for (let t = Date.UTC(2011, 11, 1); t < Date.UTC(2013, 0, 1); t += 3_613_000) instants.push(t);
  for (const change of [Date.UTC(2012, 2, 25, 1), Date.UTC(2012, 9, 28, 1), Date.UTC(2011, 11, 30, 10)]) {
    for (let t = change - 3_600_000; t <= change + 3_600_000; t += 10_000) instants.push(t);
  }
  let undo: () => void = () => undefined;
  afterEach(() => undo());

  it('gives the offsets luxon works out itself, in every zone, at every instant', () => {
    const expected = exactOffsets(instants);
    undo = rememberZoneOffsets();
    for (const zone of ZONES) {
      const got = instants.map((t) => IANAZone.create(zone).offset(t));
      const wrong = got.findIndex((offset, i) => offset !== expected.get(zone)![i]);
      expect([zone, wrong === -1 ? null : new Date(instants[wrong]!).toISOString()]).toEqual([zone, null]);
    }
  });

  it('leaves local times the same through a change of offset (Paris, spring 2026)', () => {
    const at = (iso: string) => DateTime.fromISO(iso, { zone: 'Europe/Paris' }).toISO();
    const before = ['2026-03-29T01:30', '2026-03-29T02:30', '2026-03-29T03:30', '2026-10-25T02:30'].map(at);
    undo = rememberZoneOffsets();
    expect(['2026-03-29T01:30', '2026-03-29T02:30', '2026-03-29T03:30', '2026-10-25T02:30'].map(at)).toEqual(before);
  });

  it('can be undone, and installing twice is harmless', () => {
    const original = IANAZone.prototype.offset;
    rememberZoneOffsets();
    const patched = IANAZone.prototype.offset;
    expect(patched).not.toBe(original);
    undo = rememberZoneOffsets();
    expect(IANAZone.prototype.offset).toBe(patched);
    undo();
    expect(IANAZone.prototype.offset).toBe(original);
  });
});
