/**
 * Which platform versions a remote accepts. A remote declares the range of `@linepulse/shared` (the
 * platform the host lends at runtime) it was built against; the host refuses to mount a remote whose
 * range its platform does not satisfy. Semver ranges as npm writes them for a dependency: `^1.2.3`,
 * `~1.2.3`, `1.2.3`, `>=1.2.0 <2.0.0` (space-separated comparators, all must hold), `*`, and
 * alternatives joined by `||` (`^1.4.0 || ^2.0.0`: one must hold), so a remote that works on two
 * platform majors deploys once for both. Prerelease versions are not used by the platform and are refused.
 */
type Version = [number, number, number];

function parse(text: string): Version | null {
  const match = /^v?(\d+)\.(\d+)\.(\d+)$/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

function comparatorHolds(version: Version, comparator: string): boolean {
  if (comparator === '*' || comparator === '') return true;
  const match = /^(\^|~|>=|<=|>|<|=)?(.+)$/.exec(comparator);
  const bound = match && parse(match[2]!);
  if (!match || !bound) return false;
  const order = compare(version, bound);
  switch (match[1]) {
    case '^': {
      if (order < 0) return false;
      // ^1.2.3 := <2.0.0; ^0.2.3 := <0.3.0; ^0.0.3 := <0.0.4 (npm's caret)
      const [major, minor] = bound;
      if (major > 0) return version[0] === major;
      if (minor > 0) return version[0] === 0 && version[1] === minor;
      return compare(version, bound) === 0;
    }
    case '~':
      return order >= 0 && version[0] === bound[0] && version[1] === bound[1];
    case '>=':
      return order >= 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '<':
      return order < 0;
    default:
      return order === 0;
  }
}

/** Whether `version` (x.y.z) satisfies `range`; anything unparsable does not. */
export function satisfiesRange(version: string, range: string): boolean {
  const parsed = parse(version);
  if (!parsed || typeof range !== 'string') return false;
  const alternatives = range.split('||').map((alternative) => alternative.trim());
  // An empty alternative (`^1.0.0 ||`) is a mistake, not "anything".
  if (alternatives.length > 1 && alternatives.some((alternative) => alternative === '')) return false;
  return alternatives.some((alternative) => alternative.split(/\s+/).every((comparator) => comparatorHolds(parsed, comparator)));
}
