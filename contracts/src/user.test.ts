import { initials } from './user';

describe('initials (product §2)', () => {
  it.each([
    ['Alice Martin', 'AM'],
    ['alice', 'A'],
    ['Jean Pierre Dupont', 'JP'],
    ['  Élodie   Ouellet ', 'ÉO'],
    ['', ''],
  ])('%p → %p', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
