/**
 * The platform's public API against its record (shared/platform-api.json, scripts/platform-api.cjs):
 * an export added, removed or changed without `pnpm platform:api` and the matching version bump fails
 * here, and so does an app whose declared platform range starts below the newest export it imports.
 */
import {
  APPS,
  compareVersions,
  currentExports,
  currentShapes,
  declaredRange,
  diff,
  exportsOf,
  rangeFloor,
  rangeStart,
  readReport,
  requiredBump,
  shapesOf,
  sharedVersion,
  type PlatformApiReport,
} from '../../scripts/platform-api.cjs';

describe('the platform’s public API', () => {
  const report: PlatformApiReport = readReport();

  it('is recorded as it is, for the platform’s version', () => {
    const exports = currentExports();
    const change = diff(report, exports, currentShapes(exports));
    // Run `pnpm platform:api` (after bumping @linepulse/shared: minor to add or change a declaration,
    // major to remove one or break its callers).
    expect(change).toEqual({ added: [], removed: [], changed: [], reshaped: [] });
    expect(report.version).toBe(sharedVersion());
    const ahead = Object.entries(report.exports).filter(([, entry]) => compareVersions(entry.since, report.version) > 0);
    expect(ahead).toEqual([]);
  });

  it('needs a minor version to add an export and a major one to remove or retype one', () => {
    const one: PlatformApiReport = { version: '1.4.0', exports: { a: { since: '1.0.0', kind: 'value' }, T: { since: '1.0.0', kind: 'type' } } };
    const added = diff(one, new Map([['a', 'value'], ['T', 'type'], ['b', 'value']]));
    expect(added).toEqual({ added: ['b'], removed: [], changed: [], reshaped: [] });
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

  it('sees a declaration that promises something else, and not a body or a value that changed', () => {
    const files = (a: string): Record<string, string> => ({
      'src/index.ts': "export { f, type T, K } from './a';",
      'src/a.ts': a,
    });
    const shapes = (a: string): Map<string, string | null> => {
      const all = files(a);
      return shapesOf((file: string) => {
        if (!(file in all)) throw new Error(`no ${file}`);
        return all[file]!;
      }, ['f', 'T', 'K']);
    };
    const before = shapes('export function f(a: number): string { return String(a); }\nexport interface T { a: number }\nexport const K: number = 1;');
    // Another body, another value, a comment: the same promises.
    expect(shapes('/** f */\nexport function f(a: number): string { return `${a}`; }\nexport interface T { a: number } // T\nexport const K: number = 2;')).toEqual(before);
    // A parameter, a field, a type: each is another promise.
    const after = shapes('export function f(a: number, b?: number): string { return String(a); }\nexport interface T { a: number; b: string }\nexport const K: string = "1";');
    for (const name of ['f', 'T', 'K']) expect([name, after.get(name) === before.get(name)]).toEqual([name, false]);
    const recorded: PlatformApiReport = {
      version: '1.4.0',
      exports: { f: { since: '1.0.0', kind: 'value', shape: before.get('f') }, T: { since: '1.0.0', kind: 'type', shape: before.get('T') }, K: { since: '1.0.0', kind: 'value', shape: before.get('K') } },
    };
    const change = diff(recorded, new Map([['f', 'value'], ['T', 'type'], ['K', 'value']]), after);
    expect(change.reshaped).toEqual(['K', 'T', 'f']);
    expect(requiredBump(change, '1.4.0', '1.4.1')).toEqual({ needs: 'minor', ok: false });
    expect(requiredBump(change, '1.4.0', '1.5.0')).toEqual({ needs: 'minor', ok: true });
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
