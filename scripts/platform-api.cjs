#!/usr/bin/env node
// The platform's public API, recorded (docs/decisions/0048-platform-api-report.md).
//
// `@linepulse/shared` is lent by the host to remotes deployed on their own: a remote built against a
// newer platform than the host lends fails at runtime. Its exports are therefore recorded in
// shared/platform-api.json with the version that introduced each, and:
// - `pnpm platform:api` records the exports after a change, and refuses to unless the platform's version
//   was bumped to match (a minor version for additions, a major one for removals or a name that changed
//   from type to value);
// - shared/src/platform-api.test.ts fails when the exports differ from the record, and when an app
//   declares a platform range lower than the newest export it imports (its range is computed from what
//   it imports: `rangeFloor`).
// Exports are read from the source's syntax (index.ts and the files it re-exports with `export *`),
// not through the type checker: the same reading works on any commit of the repository.
const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { createHash } = require('node:crypto');
const ts = require('typescript');
const { sourceFilesUnder } = require('./source-files.cjs');

const ROOT = path.resolve(__dirname, '..');
const SHARED = path.join(ROOT, 'shared');
const REPORT = path.join(SHARED, 'platform-api.json');
/** The apps that import the platform: the host and every remote. */
const APPS = ['host', 'remote-overview', 'remote-downtime', 'remote-reports', 'remote-admin', 'remote-opportunities'];

const parse = (file, text) => ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
/** The file a relative module specifier of `file` names (`.ts`, `.tsx` or a folder's index), or null. */
function resolveModule(read, file, from) {
  return (
    ['.ts', '.tsx', '/index.ts'].map((ext) => path.posix.join(path.posix.dirname(file), from) + ext).find((candidate) => {
      try {
        read(candidate);
        return true;
      } catch {
        return false;
      }
    }) ?? null
  );
}

const hasExport = (node) => (ts.canHaveModifiers(node) ? ts.getModifiers(node) ?? [] : []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/**
 * Name → 'value' | 'type' for what a module exports. `read(relativePath)` gives a file's text (the
 * working tree's, or a commit's); `export *` is followed into the file it names.
 */
function exportsOf(read, file = 'src/index.ts') {
  const out = new Map();
  const source = parse(file, read(file));
  for (const node of source.statements) {
    if (ts.isExportDeclaration(node)) {
      const from = node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : null;
      if (!node.exportClause && from) {
        const target = resolveModule(read, file, from);
        if (target) for (const [name, kind] of exportsOf(read, target)) out.set(name, kind);
      } else if (node.exportClause && ts.isNamedExports(node.exportClause)) {
        for (const element of node.exportClause.elements) out.set(element.name.text, node.isTypeOnly || element.isTypeOnly ? 'type' : 'value');
      }
    } else if (hasExport(node)) {
      if (ts.isVariableStatement(node)) for (const d of node.declarationList.declarations) if (ts.isIdentifier(d.name)) out.set(d.name.text, 'value');
      if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isEnumDeclaration(node)) && node.name) out.set(node.name.text, 'value');
      if ((ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && node.name) out.set(node.name.text, 'type');
    }
  }
  return out;
}

/** Comments and runs of white space removed: the same declaration written again gives the same text. */
function normalise(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/[^\n]*/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What a declaration promises its users, as text: a function's or method's signature without its body,
 * a type's or interface's whole text, a constant's declared type (a constant without one promises its
 * name only: its inferred type is not read here). Bodies and values are left out: changing them is not
 * an API change.
 */
function shapeOf(node, source) {
  const text = (n) => n.getText(source);
  const withoutBody = (n) => (n.body ? source.text.slice(n.getStart(source), n.body.getStart(source)) : text(n));
  if (ts.isFunctionDeclaration(node)) return withoutBody(node);
  if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isEnumDeclaration(node)) return text(node);
  if (ts.isVariableDeclaration(node)) {
    if (node.type) return `${text(node.name)}: ${text(node.type)}`;
    const init = node.initializer;
    if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) return `${text(node.name)} = ${withoutBody(init)}`;
    return text(node.name);
  }
  if (ts.isClassDeclaration(node)) {
    const members = node.members
      .filter((m) => !(ts.canHaveModifiers(m) ? ts.getModifiers(m) ?? [] : []).some((mod) => mod.kind === ts.SyntaxKind.PrivateKeyword))
      .map((m) => ('body' in m ? withoutBody(m) : text(m)));
    return `class ${node.name?.text ?? ''} ${(node.heritageClauses ?? []).map(text).join(' ')} { ${members.join('; ')} }`;
  }
  return text(node);
}

/** The declaration text of `name` in `file` (following re-exports), or null when it is not found. */
function declarationOf(read, file, name, depth = 0) {
  if (depth > 10) return null;
  let source;
  try {
    source = parse(file, read(file));
  } catch {
    return null;
  }
  const found = [];
  for (const node of source.statements) {
    if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isEnumDeclaration(node)) && node.name?.text === name) {
      found.push(shapeOf(node, source));
    } else if (ts.isVariableStatement(node)) {
      for (const d of node.declarationList.declarations) if (ts.isIdentifier(d.name) && d.name.text === name) found.push(shapeOf(d, source));
    }
  }
  if (found.length > 0) return normalise(found.join('\n'));
  // Re-exported or imported then exported: follow the module it comes from.
  for (const node of source.statements) {
    const from = node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : null;
    if (!from || !from.startsWith('.')) continue;
    let original = null;
    if (ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause)) {
      const element = node.exportClause.elements.find((e) => e.name.text === name);
      if (element) original = (element.propertyName ?? element.name).text;
    } else if (ts.isImportDeclaration(node) && node.importClause?.namedBindings && ts.isNamedImports(node.importClause.namedBindings)) {
      const element = node.importClause.namedBindings.elements.find((e) => e.name.text === name);
      if (element) original = (element.propertyName ?? element.name).text;
    } else if (ts.isExportDeclaration(node) && !node.exportClause) {
      original = name;
    }
    const target = original === null ? null : resolveModule(read, file, from);
    const shape = target === null ? null : declarationOf(read, target, original, depth + 1);
    if (shape !== null) return shape;
  }
  return null;
}

/** Name → a short hash of what its declaration promises (`shapeOf`); null when not found. */
function shapesOf(read, names, file = 'src/index.ts') {
  const out = new Map();
  for (const name of names) {
    const shape = declarationOf(read, file, name);
    out.set(name, shape === null ? null : createHash('sha256').update(shape).digest('hex').slice(0, 12));
  }
  return out;
}

/** The platform's exports in the working tree. */
function currentExports() {
  return exportsOf((file) => readFileSync(path.join(SHARED, file), 'utf8'));
}

/** The shapes of the working tree's exports. */
function currentShapes(exports = currentExports()) {
  return shapesOf((file) => readFileSync(path.join(SHARED, file), 'utf8'), [...exports.keys()]);
}

function readReport() {
  return JSON.parse(readFileSync(REPORT, 'utf8'));
}

function sharedVersion() {
  return JSON.parse(readFileSync(path.join(SHARED, 'package.json'), 'utf8')).version;
}

const parts = (version) => version.split('.').map(Number);
/** -1, 0 or 1 as a is below, equal to or above b (x.y.z, numbers only). */
function compareVersions(a, b) {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i += 1) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return 0;
}

/**
 * What changed between the record and the exports: added, removed, names whose kind changed (type ↔
 * value), and names whose declaration now promises something else (`reshaped`; only when `shapes` given).
 */
function diff(report, exports, shapes) {
  const recorded = new Map(Object.entries(report.exports).map(([name, entry]) => [name, entry.kind]));
  return {
    added: [...exports.keys()].filter((name) => !recorded.has(name)).sort(),
    removed: [...recorded.keys()].filter((name) => !exports.has(name)).sort(),
    changed: [...exports].filter(([name, kind]) => recorded.has(name) && recorded.get(name) !== kind).map(([name]) => name).sort(),
    reshaped: shapes
      ? [...shapes].filter(([name, shape]) => recorded.has(name) && recorded.get(name) === exports.get(name) && (report.exports[name].shape ?? null) !== shape).map(([name]) => name).sort()
      : [],
  };
}

/**
 * The bump a change needs from the recorded version: 'major' for removals and changed kinds, 'minor'
 * for additions and reshaped declarations (whether a new signature breaks callers is not read here: a
 * breaking one needs the major, by review), null for none; and whether `version` is such a bump.
 */
function requiredBump(change, recordedVersion, version) {
  const needs =
    change.removed.length > 0 || change.changed.length > 0 ? 'major' : change.added.length > 0 || (change.reshaped ?? []).length > 0 ? 'minor' : null;
  const [a, b] = [parts(recordedVersion), parts(version)];
  const ok = needs === null || (needs === 'major' ? b[0] > a[0] : b[0] > a[0] || (b[0] === a[0] && b[1] > a[1]));
  return { needs, ok };
}

/** Every name an app's sources import from '@linepulse/shared' (tests excluded), with the files. */
function importsOf(app) {
  const found = new Map();
  for (const file of sourceFilesUnder(path.join(ROOT, app, 'src'))) {
    const source = parse(file, readFileSync(file, 'utf8'));
    for (const node of source.statements) {
      if (!ts.isImportDeclaration(node) || !ts.isStringLiteral(node.moduleSpecifier) || node.moduleSpecifier.text !== '@linepulse/shared') continue;
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          const name = (element.propertyName ?? element.name).text;
          if (!found.has(name)) found.set(name, path.relative(ROOT, file));
        }
      }
    }
  }
  return found;
}

/** An app's declared platform range (its `@linepulse/shared` dependency without `workspace:`). */
function declaredRange(app) {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, app, 'package.json'), 'utf8'));
  return String(pkg.dependencies?.['@linepulse/shared'] ?? '').replace(/^workspace:/, '');
}

/**
 * The lowest platform version an app may declare: the newest `since` of the exports it imports. Its
 * range's alternative on that major must not start below it (`^1.0.0` for code using a 1.1.0 export
 * would let a 1.0 host mount it and fail).
 */
function rangeFloor(app, report) {
  let floor = '0.0.0';
  const unknown = [];
  let newest = null;
  for (const [name, file] of importsOf(app)) {
    const entry = report.exports[name];
    if (!entry) {
      unknown.push(`${name} (${file})`);
      continue;
    }
    if (compareVersions(entry.since, floor) > 0) {
      floor = entry.since;
      newest = name;
    }
  }
  return { floor, newest, unknown };
}

/** The lowest version of a range's alternative on `major` (`^1.4.0 || ^2.0.0`, major 1 → 1.4.0); null if none. */
function rangeStart(range, major) {
  for (const alternative of range.split('||').map((a) => a.trim())) {
    const match = /^[~^]?(\d+)\.(\d+)\.(\d+)$/.exec(alternative);
    if (match && Number(match[1]) === major) return `${match[1]}.${match[2]}.${match[3]}`;
  }
  return null;
}

/** Writes the record for the working tree's exports, if the version allows it; returns what it says. */
function record() {
  const version = sharedVersion();
  const report = readReport();
  const exports = currentExports();
  const shapes = currentShapes(exports);
  const change = diff(report, exports, shapes);
  const bump = requiredBump(change, report.version, version);
  if (!bump.ok) {
    const list = (names) => names.join(', ') || 'none';
    return {
      ok: false,
      message:
        `The platform's exports changed (added: ${list(change.added)}; removed: ${list(change.removed)}; changed kind: ${list(change.changed)}; ` +
        `changed declaration: ${list(change.reshaped)}) but @linepulse/shared is still ${version}: bump its ${bump.needs} version ` +
        `(recorded: ${report.version}), then run this again.`,
    };
  }
  const next = {};
  for (const name of [...exports.keys()].sort()) {
    const kept = report.exports[name];
    const since = kept && !change.changed.includes(name) ? kept.since : version;
    next[name] = { since, kind: exports.get(name), shape: shapes.get(name) };
  }
  writeFileSync(REPORT, `${JSON.stringify({ version, exports: next }, null, 2)}\n`);
  return { ok: true, message: `platform ${version}: ${exports.size} exports recorded (added ${change.added.length}, removed ${change.removed.length}, declarations changed ${change.reshaped.length})` };
}

module.exports = { APPS, REPORT, compareVersions, currentExports, currentShapes, declaredRange, diff, exportsOf, shapesOf, rangeFloor, rangeStart, readReport, record, requiredBump, sharedVersion };

if (require.main === module) {
  const result = record();
  console.log(result.message);
  process.exit(result.ok ? 0 : 1);
}
