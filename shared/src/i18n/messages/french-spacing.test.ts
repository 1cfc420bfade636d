import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { sourceFilesUnder } from '../../../../scripts/source-files.cjs';

/**
 * French puts a no-break space (U+00A0) before ":", ";", "?" and "!" (product rule): "Période : …" with
 * an ordinary space can wrap the colon alone onto the next line, and "Période:" is not French. Every
 * French catalogue of the workspace is read as source (the shell's, the platform components', each
 * remote's and feature's, the api's e-mails and pages), so a catalogue added later is checked too.
 */

const ROOT = path.resolve(__dirname, '../../../..');
const NBSP = '\u00a0';

/** The workspace's source folders: every package's `src`. */
function sourceFiles(): string[] {
  const packages = readdirSync(ROOT, { withFileTypes: true }).filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules');
  const files: string[] = [];
  for (const entry of packages) {
    const src = path.join(ROOT, entry.name, 'src');
    try {
      files.push(...sourceFilesUnder(src));
    } catch {
      // A folder without sources (docs, scripts) has no catalogue.
    }
  }
  return files;
}

const nameOf = (name: ts.PropertyName | ts.BindingName): string | null =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : null;

/** The texts of every object literal named `fr` in a file (`fr: { … }`, `const fr = { … }`), keyed by their path. */
function frenchTexts(file: string): { where: string; text: string }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: { where: string; text: string }[] = [];
  const collect = (node: ts.Node, where: string): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      found.push({ where, text: node.text });
      return;
    }
    if (ts.isPropertyAssignment(node)) {
      collect(node.initializer, `${where}.${nameOf(node.name) ?? '?'}`);
      return;
    }
    node.forEachChild((child) => collect(child, where));
  };
  const visit = (node: ts.Node): void => {
    const initializer =
      (ts.isPropertyAssignment(node) || ts.isVariableDeclaration(node)) && nameOf(node.name) === 'fr' ? node.initializer : undefined;
    const literal = initializer && (ts.isAsExpression(initializer) || ts.isSatisfiesExpression(initializer) ? initializer.expression : initializer);
    if (literal && ts.isObjectLiteralExpression(literal)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      literal.properties.forEach((property) => collect(property, `${path.relative(ROOT, file)}:${line}`));
      return;
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

/** Each ":", ";", "?" or "!" of a French text not preceded by a no-break space, with its surroundings. */
function missingNoBreakSpaces(text: string): string[] {
  const missing: string[] = [];
  for (const match of text.matchAll(/[:;?!]/g)) {
    const at = match.index;
    const mark = match[0];
    const before = text[at - 1] ?? '';
    const after = text[at + 1] ?? '';
    if (before === NBSP) continue;
    // Punctuation ends a phrase: followed by a space, the end or a closing mark. Between two characters
    // the mark is something else: a time or a ratio (05:00, 1:1), a format (HH:mm, ::.##), an address.
    if (after !== '' && !/[\s)\]}»"'’]/.test(after)) continue;
    // "?!" takes one space, before the first mark.
    if ((mark === '?' || mark === '!') && (before === '?' || before === '!')) continue;
    missing.push(text.slice(Math.max(0, at - 12), at + 1));
  }
  return missing;
}

describe('French punctuation', () => {
  it('finds the missing no-break spaces it exists to find', () => {
    expect(missingNoBreakSpaces('Période: mai')).toEqual(['Période:']);
    expect(missingNoBreakSpaces('Supprimer ? Oui ; non !')).toEqual(['Supprimer ?', 'rimer ? Oui ;', '? Oui ; non !']);
    expect(missingNoBreakSpaces('{count, plural, one {Supprimer ?} other {Supprimer tout ?}}')).toEqual([' {Supprimer ?', 'primer tout ?']);
    expect(missingNoBreakSpaces(`Période${NBSP}: de 05:00 à 06:00 (HH:mm), {max, number, ::.##}, https://linepulse.example/?a=1${NBSP}?!`)).toEqual([]);
  });

  const files = sourceFiles();
  const catalogues = files.map((file) => ({ file, texts: frenchTexts(file) })).filter((c) => c.texts.length > 0);

  it('reads every French catalogue of the workspace', () => {
    const names = catalogues.map((c) => path.relative(ROOT, c.file));
    // The catalogues the product has today; a new one is found the same way.
    expect(names).toEqual(
      expect.arrayContaining([
        'shared/src/i18n/messages/fr.ts',
        'shared/src/ui/ui-messages.ts',
        'remote-overview/src/messages/fr.ts',
        'remote-downtime/src/messages/fr.ts',
        'remote-opportunities/src/messages/fr.ts',
        'remote-reports/src/messages/fr.ts',
        'remote-admin/src/messages.ts',
        'remote-admin/src/features/ingest-keys/messages.ts',
        'api/src/reports/texts.ts',
        'api/src/reports/unsubscribe.ts',
        'api/src/oidc/pages.ts',
      ]),
    );
  });

  it('puts a no-break space before every colon, semicolon, question and exclamation mark', () => {
    const wrong = catalogues.flatMap((c) => c.texts.flatMap(({ where, text }) => missingNoBreakSpaces(text).map((excerpt) => `${where}: «${excerpt}»`)));
    expect(wrong).toEqual([]);
  });
  it('joins a label and its value composed in code with labelColon, not a literal ": "', () => {
    // Tooltips, screen-reader descriptions and labels built as `${label}: ${value}` show "Disponibilité:"
    // in French. Only the screens' packages are read (the api's texts are catalogues or logs), and a
    // developer's message (an Error, a log line, a missing-translation list) is not shown to users.
    const screens = files.filter((file) => /^(host|shared|remote-[a-z]+)\//.test(path.relative(ROOT, file)));
    const composed = screens.flatMap((file) => literalColons(file));
    expect(composed).toEqual([]);
    expect(literalColons(path.join(ROOT, 'fixture.tsx'), 'const a = `${name}: <b>${value}</b>`;\nthrow new Error(`${code}: ${message}`);\nconsole.warn(`${x}: y`);')).toEqual([
      'fixture.tsx:1 `${name}: <b>${value}</b>`',
    ]);
  });
});

/** Template literals of a file that put ": " right after a substitution, outside developer messages. */
function literalColons(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const forDevelopers = (node: ts.Node): boolean => {
    for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
      if (ts.isNewExpression(at) || ts.isThrowStatement(at)) return true;
      if (ts.isCallExpression(at) && (at.expression.kind === ts.SyntaxKind.SuperKeyword || /^console\.|\.(debug|info|warn|error)$/.test(at.expression.getText(source)))) return true;
      if (ts.isFunctionDeclaration(at) && at.name?.text === 'missingTranslations') return true;
    }
    return false;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isTemplateExpression(node) && node.templateSpans.some((span) => span.literal.text.startsWith(': ')) && !forDevelopers(node)) {
      found.push(`${path.relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.getText(source)}`);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}
