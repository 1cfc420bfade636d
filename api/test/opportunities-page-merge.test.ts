import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pageOfMerged } from '../src/analytics/opportunities.ts';

type Found = Parameters<typeof pageOfMerged>[0][number][number];

/** Lines' occurrences in time order, with instants shared between lines and within a line. */
function lines(seed: number, count: number): Found[][] {
  let x = seed;
  const random = () => ((x = (x * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  return Array.from({ length: count }, (_, line) => {
    const unitId = `unit-${String.fromCharCode(97 + ((line * 7) % 26))}${line}`;
    const n = Math.floor(random() * 40);
    const ats = Array.from({ length: n }, () => 1_700_000_000_000 + Math.floor(random() * 50) * 3_600_000).sort((a, b) => a - b);
    return ats.map((at, i) => ({ o: { at, i }, ctx: { unitId } }) as unknown as Found);
  });
}

describe('opportunities: a page of the lines merged by time, then line', () => {
  it('equals that page of everything sorted (the order the answer had), at any offset', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const lists = lines(seed, 12);
      const sorted = lists.flat().sort((a, b) => a.o.at - b.o.at || (a.ctx.unitId < b.ctx.unitId ? -1 : a.ctx.unitId > b.ctx.unitId ? 1 : 0));
      for (const [offset, limit] of [[0, 10], [7, 25], [0, 1000], [sorted.length - 3, 10], [sorted.length + 5, 10], [3, 0]] as const) {
        assert.deepEqual(pageOfMerged(lists, offset, limit), sorted.slice(offset, offset + limit), `seed ${seed}, offset ${offset}, limit ${limit}`);
      }
    }
  });
});
