import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { sourceFilesUnder } from '../../scripts/source-files.cjs';

/**
 * What the browser apps take from contracts must not bring TypeBox with it. `index.ts` re-exports every
 * module and the package is `"sideEffects": false`, so webpack keeps only the modules whose exports an
 * app uses — but the whole module, with its imports: a rule or a limit declared beside top-level
 * `Type.Object(…)` schemas puts those calls and TypeBox itself (~12 KiB brotli) on the host's first
 * page. Rules and limits the apps import live in TypeBox-free modules (justification-rules.ts,
 * live-rules.ts, …), which the schema modules import and re-export.
 *
 * This test reads the apps' source (host, shared, every remote; not tests nor `testing/` folders),
 * takes each value it imports from '@linepulse/contracts' (not `import type`, not `type X`), finds the
 * module that declares it by following index.ts's `export *` and `export { x } from` chains, and fails
 * when that module imports 'typebox', itself or through its relative imports (type-only imports are
 * erased: they do not count).
 */

const ROOT = path.resolve(__dirname, '../..');
const CONTRACTS_SRC = path.join(ROOT, 'contracts', 'src');
const CONTRACTS_INDEX = path.join(CONTRACTS_SRC, 'index.ts');
const CONTRACTS_PACKAGE = '@linepulse/contracts';
const isTypebox = (specifier: string): boolean => specifier === 'typebox' || specifier.startsWith('typebox/');

const relative = (file: string): string => path.relative(ROOT, file).split(path.sep).join('/');

/** The browser packages' source folders: host, shared and every remote. */
function browserSourceDirs(): string[] {
  const names = readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && (entry.name === 'host' || entry.name === 'shared' || entry.name.startsWith('remote-')))
    .map((entry) => entry.name);
  return names.map((name) => path.join(ROOT, name, 'src')).filter((dir) => existsSync(dir));
}

/** Source files the browser runs: no tests, no `testing/` helpers, no declarations. */
function browserSourceFiles(): string[] {
  return browserSourceDirs().flatMap(sourceFilesUnder).sort();
}

const parsed = new Map<string, ts.SourceFile>();
function parse(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
    parsed.set(file, source);
  }
  return source;
}

const specifierOf = (node: { moduleSpecifier?: ts.Expression }): string | null =>
  node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : null;

/** A value a browser file imports from contracts, and where. */
interface BrowserImport {
  site: string;
  name: string;
}

/**
 * Values a browser file takes from contracts. A namespace import, `export *` or a dynamic import of the
 * package takes every export: it comes back as the name `*`, which no module declares.
 */
function contractsImports(file: string): BrowserImport[] {
  const source = parse(file);
  const site = (node: ts.Node): string => `${relative(file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const out: BrowserImport[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && specifierOf(node) === CONTRACTS_PACKAGE) {
      const clause = node.importClause;
      if (clause && !clause.isTypeOnly) {
        if (clause.name) out.push({ site: site(node), name: 'default' });
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) out.push({ site: site(node), name: '*' });
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) {
            if (!element.isTypeOnly) out.push({ site: site(element), name: (element.propertyName ?? element.name).text });
          }
        }
      }
    } else if (ts.isExportDeclaration(node) && specifierOf(node) === CONTRACTS_PACKAGE) {
      if (!node.isTypeOnly) {
        const clause = node.exportClause;
        if (!clause || ts.isNamespaceExport(clause)) out.push({ site: site(node), name: '*' });
        else for (const element of clause.elements) if (!element.isTypeOnly) out.push({ site: site(element), name: (element.propertyName ?? element.name).text });
      }
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0]) &&
      node.arguments[0].text === CONTRACTS_PACKAGE
    ) {
      out.push({ site: site(node), name: '*' });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The file a relative specifier of `from` means (`./x` → x.ts, x.tsx or x/index.ts). */
function resolveRelative(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  const found = candidates.find((candidate) => existsSync(candidate) && candidate.match(/\.tsx?$/));
  if (!found) throw new Error(`${relative(from)}: cannot resolve '${specifier}'`);
  return found;
}

const hasModifier = (node: ts.Node, kind: ts.SyntaxKind): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === kind);

/** Names a binding pattern (`const { a, b: [c] } = …`) declares. */
function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : bindingNames(element.name)));
}

/** How a contracts module makes its exports. */
interface ModuleExports {
  /** Values declared here (const, let, function, class, enum; not interfaces nor type aliases). */
  values: Set<string>;
  /** `export { a as b } from './x'`, `export * as b from './x'` and `import { a } from './x'; export { a as b }`: b → (x, a; `*` for the namespace). */
  forwarded: Map<string, { file: string; name: string }>;
  /** `export * from './x'`. */
  stars: string[];
  /** Modules whose code loading this one runs: value imports and re-exports (type-only ones are erased). */
  imports: string[];
}

const exportsCache = new Map<string, ModuleExports>();
function moduleExports(file: string): ModuleExports {
  const cached = exportsCache.get(file);
  if (cached) return cached;
  const source = parse(file);
  const result: ModuleExports = { values: new Set(), forwarded: new Map(), stars: [], imports: [] };
  /** Local names bound by a relative value import: name → (module, imported name). */
  const importedBindings = new Map<string, { file: string; name: string }>();
  /** `export { a as b }` without a module: resolved once every import is known. */
  const localExports: Array<{ local: string; exported: string }> = [];
  const resolve = (specifier: string): string => (specifier.startsWith('.') ? resolveRelative(file, specifier) : specifier);

  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const specifier = specifierOf(statement);
      if (!specifier) continue;
      const clause = statement.importClause;
      // `import type { … }` and `import { type A, type B }` are erased whole (verbatimModuleSyntax is off).
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name && !!clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      if (typeOnly) continue;
      const target = resolve(specifier);
      result.imports.push(target);
      if (clause?.namedBindings && ts.isNamedImports(clause.namedBindings)) {
        for (const element of clause.namedBindings.elements) {
          if (!element.isTypeOnly) importedBindings.set(element.name.text, { file: target, name: (element.propertyName ?? element.name).text });
        }
      }
      if (clause?.namedBindings && ts.isNamespaceImport(clause.namedBindings)) importedBindings.set(clause.namedBindings.name.text, { file: target, name: '*' });
    } else if (ts.isExportDeclaration(statement)) {
      const specifier = specifierOf(statement);
      const clause = statement.exportClause;
      if (statement.isTypeOnly) continue;
      if (!specifier) {
        if (clause && ts.isNamedExports(clause)) {
          for (const element of clause.elements) {
            if (!element.isTypeOnly) localExports.push({ local: (element.propertyName ?? element.name).text, exported: element.name.text });
          }
        }
        continue;
      }
      const valueElements = clause && ts.isNamedExports(clause) ? clause.elements.filter((element) => !element.isTypeOnly) : null;
      if (valueElements && valueElements.length === 0 && clause && ts.isNamedExports(clause) && clause.elements.length > 0) continue;
      const target = resolve(specifier);
      result.imports.push(target);
      if (!clause) result.stars.push(target);
      else if (ts.isNamespaceExport(clause)) result.forwarded.set(clause.name.text, { file: target, name: '*' });
      else for (const element of valueElements ?? []) result.forwarded.set(element.name.text, { file: target, name: (element.propertyName ?? element.name).text });
    } else if (hasModifier(statement, ts.SyntaxKind.ExportKeyword) && !hasModifier(statement, ts.SyntaxKind.DeclareKeyword)) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) for (const name of bindingNames(declaration.name)) result.values.add(name);
      } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name) {
        result.values.add(statement.name.text);
      }
    }
  }
  for (const { local, exported } of localExports) {
    const imported = importedBindings.get(local);
    if (imported) result.forwarded.set(exported, imported);
    else result.values.add(exported);
  }
  exportsCache.set(file, result);
  return result;
}

/**
 * The module that declares export `name` of `file`, with the modules passed through to reach it (the
 * first is `file`); null when no module of the chain exports it as a value.
 */
function declaringModule(file: string, name: string, seen: Set<string> = new Set()): string[] | null {
  if (seen.has(file)) return null;
  seen.add(file);
  if (!file.startsWith(CONTRACTS_SRC)) return null;
  const exports = moduleExports(file);
  if (name === '*') return [file];
  if (exports.values.has(name)) return [file];
  const forwarded = exports.forwarded.get(name);
  if (forwarded) {
    if (forwarded.name === '*') return [file, forwarded.file];
    const rest = declaringModule(forwarded.file, forwarded.name, new Set(seen));
    return rest && [file, ...rest];
  }
  for (const star of exports.stars) {
    const rest = declaringModule(star, name, new Set(seen));
    if (rest) return [file, ...rest];
  }
  return null;
}

/** The import chain from `file` to TypeBox through relative value imports (`file`, …, 'typebox'), or null. */
function typeboxChain(file: string, seen: Set<string> = new Set()): string[] | null {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const target of moduleExports(file).imports) {
    if (isTypebox(target)) return [file, target];
    if (path.isAbsolute(target)) {
      const rest = typeboxChain(target, seen);
      if (rest) return [file, ...rest];
    }
  }
  return null;
}

const chainText = (chain: readonly string[]): string => chain.map((step) => (path.isAbsolute(step) ? relative(step) : step)).join(' → ');

describe('what the browser apps import from @linepulse/contracts', () => {
  const imports = browserSourceFiles().flatMap(contractsImports);

  it('reads the apps’ imports (the check sees something)', () => {
    expect(browserSourceDirs().map(relative)).toEqual(expect.arrayContaining(['host/src', 'shared/src']));
    expect(imports.length).toBeGreaterThan(50);
  });

  it('finds TypeBox where it is (the check can fail)', () => {
    const declared = declaringModule(CONTRACTS_INDEX, 'Uuid');
    expect(declared && relative(declared[declared.length - 1]!)).toBe('contracts/src/schemas/common.ts');
    expect(typeboxChain(declared![declared!.length - 1]!)).toEqual([path.join(CONTRACTS_SRC, 'schemas', 'common.ts'), 'typebox']);
  });

  it('is declared, every value, in a module that does not load TypeBox', () => {
    const problems: string[] = [];
    for (const { site, name } of imports) {
      if (name === '*') {
        problems.push(`${site}: imports the whole of ${CONTRACTS_PACKAGE} (namespace, export * or dynamic import): name the values instead`);
        continue;
      }
      const declared = declaringModule(CONTRACTS_INDEX, name);
      if (!declared) {
        problems.push(`${site}: ${name} is not a value export of contracts/src/index.ts (a type? import it with \`type\`)`);
        continue;
      }
      const chain = typeboxChain(declared[declared.length - 1]!);
      if (chain) {
        problems.push(`${site}: ${name} is declared in ${relative(declared[declared.length - 1]!)} (${chainText(declared)}), which loads TypeBox: ${chainText(chain)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
