import { satisfiesRange } from './platform-range';

describe('satisfiesRange', () => {
  it.each([
    ['1.0.0', '^1.0.0', true],
    ['1.4.2', '^1.2.0', true],
    ['2.0.0', '^1.2.0', false],
    ['1.1.9', '^1.2.0', false],
    ['0.3.1', '^0.3.0', true],
    ['0.4.0', '^0.3.0', false],
    ['0.0.3', '^0.0.3', true],
    ['0.0.4', '^0.0.3', false],
    ['1.2.9', '~1.2.3', true],
    ['1.3.0', '~1.2.3', false],
    ['1.2.3', '1.2.3', true],
    ['1.2.4', '1.2.3', false],
    ['1.5.0', '>=1.2.0 <2.0.0', true],
    ['2.0.0', '>=1.2.0 <2.0.0', false],
    ['3.1.4', '*', true],
    // Alternatives: one platform major or the next, so a remote deploys once for both.
    ['1.5.0', '^1.4.0 || ^2.0.0', true],
    ['2.3.0', '^1.4.0 || ^2.0.0', true],
    ['1.3.0', '^1.4.0 || ^2.0.0', false],
    ['3.0.0', '^1.4.0 || ^2.0.0', false],
    ['2.1.0', '>=1.0.0 <1.5.0 || >=2.1.0 <3.0.0', true],
    ['1.6.0', '>=1.0.0 <1.5.0 || >=2.1.0 <3.0.0', false],
  ])('%s in %s: %s', (version, range, expected) => {
    expect(satisfiesRange(version, range)).toBe(expected);
  });

  it('refuses what it cannot read', () => {
    expect(satisfiesRange('1.0', '^1.0.0')).toBe(false);
    expect(satisfiesRange('1.0.0', 'workspace:*')).toBe(false);
    expect(satisfiesRange('1.0.0-beta.1', '^1.0.0')).toBe(false);
    expect(satisfiesRange('1.0.0', '^1.0.0 ||')).toBe(false);
    expect(satisfiesRange('1.0.0', '|| ^1.0.0')).toBe(false);
  });
});
