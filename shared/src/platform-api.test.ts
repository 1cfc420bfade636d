/**
 * The platform's public API against its record (shared/platform-api.json, scripts/platform-api.cjs):
 * an export added, removed or changed without `pnpm platform:api` and the matching version bump fails
 * here, and so does an app whose declared platform range starts below the newest export it imports.
 */
import {
  APPS,
  compareVersions,
  currentExports,
  declaredRange,
  diff,
  exportsOf,
  rangeFloor,
  rangeStart,
  readReport,
  requiredBump,
  sharedVersion,
  type PlatformApiReport,
} from '../../scripts/platform-api.cjs';

describe('the platform’s public API', () => {
  const report: PlatformApiReport = readReport();

  it('is recorded as it is, for the platform’s version', () => {
    const change = diff(report, currentExports());
    // Run `pnpm platform:api` (after bumping @linepulse/shared: minor to add, major to remove).
    expect(change).toEqual({ added: [], removed: [], changed: [] });
    expect(report.version).toBe(sharedVersion());
    const ahead = Object.entries(report.exports).filter(([, entry]) => compareVersions(entry.since, report.version) > 0);
    expect(ahead).toEqual([]);
  });

  it('needs a minor version to add an export and a major one to remove or retype one', () => {
    const one: PlatformApiReport = { version: '1.4.0', exports: { a: { since: '1.0.0', kind: 'value' }, T: { since: '1.0.0', kind: 'type' } } };
    const added = diff(one, new Map([['a', 'value'], ['T', 'type'], ['b', 'value']]));
    expect(added).toEqual({ added: ['b'], removed: [], changed: [] });
    expect(requiredBump(added, '1.4.0', '1.4.0')).toEqual({ needs: 'minor', ok: false });
    expect(requiredBump(added, '1.4.0', '1.4.1')).toEqual({ needs: 'minor', ok: false });
    expect(requiredBump(added, '1.4.0', '1.5.0')).toEqual({ needs: 'minor', ok: true });
    const removed = diff(one, new Map([['a', 'value']]));
    expect(requiredBump(removed, '1.4.0', '1.5.0')).toEqual({ needs: 'major', ok: false });
    expect(requiredBump(removed, '1.4.0', '2.0.0')).toEqual({ needs: 'major', ok: true });
    const retyped = diff(one, new Map([['a', 'value'], ['T', 'value']]));
    expect(retyped.changed).toEqual(['T']);
    expect(requiredBump(diff(one, new Map([['a', 'value'], ['T', 'type']])), '1.4.0', '1.4.0')).toEqual({ needs: null, ok: true });
  });

  it('reads exports from the source: named, type-only, declared and re-exported with export *', () => {
    const files: Record<string, string> = {
      'src/index.ts': "export * from './a';\nexport { x, type Y, z as w } from './b';\nexport type { Q } from './c';\nexport const k = 1;\nexport interface I {}\nconst hidden = 2;",
      'src/a.ts': 'export function f() {}\nexport type T = number;\nexport class C {}',
    };
    const read = (file: string): string => {
      if (!(file in files)) throw new Error(`no ${file}`);
      return files[file]!;
    };
    expect(Object.fromEntries(exportsOf(read))).toEqual({ f: 'value', T: 'type', C: 'value', x: 'value', Y: 'type', w: 'value', Q: 'type', k: 'value', I: 'type' });
  });

  it.each(APPS)('%s declares a platform range that holds every export it imports', (app) => {
    const { floor, newest, unknown } = rangeFloor(app, report);
    expect(unknown).toEqual([]);
    const major = Number(sharedVersion().split('.')[0]);
    const start = rangeStart(declaredRange(app), major);
    expect(start).not.toBeNull();
    // e.g. "^1.0.0" for an app importing usePeriod (1.1.0) would let a 1.0 host mount it and fail.
    expect([newest, compareVersions(start!, floor) >= 0]).toEqual([newest, true]);
  });

  it('finds a range’s start on the platform’s major, with alternatives', () => {
    expect(rangeStart('^1.4.0 || ^2.0.0', 1)).toBe('1.4.0');
    expect(rangeStart('^1.4.0 || ^2.0.0', 2)).toBe('2.0.0');
    expect(rangeStart('^2.0.0', 1)).toBeNull();
  });
});
