import { SAVED_FILTER_LIMITS, countedOnceGroups, nameLength, sameNameKey, savedFilterNameProblem, selectionKey, sharedLines, type GroupLines } from './saved-filters';

describe('saved filter rules (product §5)', () => {
  it('counts characters as people do, not UTF-16 units', () => {
    expect(nameLength('Ligne 🏭')).toBe(7);
    expect(savedFilterNameProblem('🏭'.repeat(SAVED_FILTER_LIMITS.nameMax))).toBeNull();
    expect(savedFilterNameProblem('é'.repeat(SAVED_FILTER_LIMITS.nameMax + 1))).toBe('tooLong');
  });

  it('needs a name once trimmed', () => {
    expect(savedFilterNameProblem('   ')).toBe('required');
    expect(savedFilterNameProblem(undefined)).toBe('required');
    expect(savedFilterNameProblem('  Matin  ')).toBeNull();
  });

  it('treats names equal whatever the case and surrounding spaces', () => {
    expect(sameNameKey('  Équipe Nord ')).toBe(sameNameKey('équipe nord'));
    expect(sameNameKey('Nord')).not.toBe(sameNameKey('Sud'));
  });

  it('identifies a selection by factory, set of lines and set of shifts, in any order and case', () => {
    expect(selectionKey({ factory_id: 'F', production_unit_ids: ['b', 'a'], work_shift_ids: ['S'] })).toBe(
      selectionKey({ factory_id: 'f', production_unit_ids: ['A', 'B', 'a'], work_shift_ids: ['s'] }),
    );
    expect(selectionKey({ factory_id: 'f', production_unit_ids: ['a'], work_shift_ids: ['s'] })).not.toBe(
      selectionKey({ factory_id: 'f', production_unit_ids: ['a', 'b'], work_shift_ids: ['s'] }),
    );
  });
});

describe('comparison groups that share lines', () => {
  const day = { factory_id: 'lyon', production_unit_ids: ['l1', 'l2'], work_shift_ids: ['day'] };
  const night = { factory_id: 'lyon', production_unit_ids: ['L1'], work_shift_ids: ['night'] };
  const montreal = { factory_id: 'mtl', production_unit_ids: ['m1'], work_shift_ids: ['jour'] };

  it('finds the pairs of groups that hold the same line, whatever the shifts and the case of the ids', () => {
    expect(sharedLines([day, montreal, night])).toEqual([{ first: 0, second: 2, production_unit_ids: ['l1'] }]);
    expect(sharedLines([day, montreal])).toEqual([]);
    expect(sharedLines([day, day, day])).toHaveLength(3);
  });

  it('counts each line once, with the shifts of every group that holds it', () => {
    expect(countedOnceGroups([day, montreal, night])).toEqual([
      { name: '1', factory_id: 'lyon', production_unit_ids: ['l1'], work_shift_ids: ['day', 'night'] },
      { name: '2', factory_id: 'lyon', production_unit_ids: ['l2'], work_shift_ids: ['day'] },
      { name: '3', factory_id: 'mtl', production_unit_ids: ['m1'], work_shift_ids: ['jour'] },
    ]);
    // A group without shifts takes every shift of its lines.
    expect(countedOnceGroups([day, { factory_id: 'lyon', production_unit_ids: ['l2'] }])).toEqual([
      { name: '1', factory_id: 'lyon', production_unit_ids: ['l1'], work_shift_ids: ['day'] },
      { name: '2', factory_id: 'lyon', production_unit_ids: ['l2'] },
    ]);
    // Lines of a factory with the same shifts go together; the same group twice is counted once.
    expect(countedOnceGroups([day, day])).toEqual([{ name: '1', factory_id: 'lyon', production_unit_ids: ['l1', 'l2'], work_shift_ids: ['day'] }]);
  });

  it('covers every line and shift of the groups exactly once (any groups)', () => {
    const cells = (groups: readonly GroupLines[], allShifts: readonly string[]): string[] =>
      groups.flatMap((g) => g.production_unit_ids.flatMap((line) => (g.work_shift_ids?.length ? g.work_shift_ids : allShifts).map((s) => `${line.toLowerCase()}|${s}`)));
    const shifts = ['a', 'b', 'c'];
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let run = 0; run < 300; run += 1) {
      const groups: GroupLines[] = Array.from({ length: 1 + random(5) }, () => ({
        factory_id: 'f',
        production_unit_ids: ['l1', 'l2', 'l3', 'l4'].filter(() => random(2) === 0).concat('l5'),
        work_shift_ids: shifts.filter(() => random(2) === 0),
      }));
      const once = cells(countedOnceGroups(groups), shifts);
      expect(new Set(once).size).toBe(once.length);
      expect([...once].sort()).toEqual([...new Set(cells(groups, shifts))].sort());
      // No line is in two of them: its calendar time is counted once too.
      expect(sharedLines(countedOnceGroups(groups))).toEqual([]);
    }
  });
});
