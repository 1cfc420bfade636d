import { SAVED_FILTER_LIMITS, nameLength, sameNameKey, savedFilterNameProblem, selectionKey } from './saved-filters';

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
