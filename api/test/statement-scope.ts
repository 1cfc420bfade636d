/**
 * What the account-scoping check (issue 26, decision 54) reads in a statement: the tenant tables it
 * touches, and whether it keeps to one account, as a table distributed by account_id needs:
 * - every row it writes names account_id (an `INSERT INTO t (…, account_id, …)` or `COPY t (…)`), and
 * - every tenant table it reads, updates or deletes from is tied to account_id (`alias.account_id`, or
 *   `account_id` alone when the table has no alias), and the statement compares account_id with one of
 *   its parameters (`account_id = $1`, `= ANY($1)`, `$2 = x.account_id`): the account it keeps to.
 * A statement meant to cross accounts (background work looking for what to do in every account) says so
 * with a comment `/* all accounts: <name> *\/`, and its name must be one of the check's list. Schema
 * migrations are of the schema, not of an account.
 * Plain text reading, not a parser: the api's statements are written in a few regular shapes, and a
 * statement the reading cannot place fails the check rather than passing it.
 */

export type Scope =
  | { kind: 'no tenant table' }
  | { kind: 'by account' }
  | { kind: 'all accounts'; name: string }
  | { kind: 'schema' }
  | { kind: 'unscoped'; tables: string[] };

const MARKER = /\/\*\s*all accounts:\s*([^*]+?)\s*\*\//i;
const COMMENTS = /\/\*[\s\S]*?\*\/|--[^\n]*/g;
/** A table after a keyword that names one, with the alias that may follow it. */
const TABLE_REFERENCE = /\b(FROM|JOIN|INTO|UPDATE|USING|TABLE|COPY)\s+(?:ONLY\s+)?"?([a-z_][a-z0-9_]*)"?(?:\s+(?:AS\s+)?([a-z_][a-z0-9_]*))?/gi;
/** Words that may follow a table where an alias would stand: not aliases. */
const NOT_ALIAS = new Set(['where', 'join', 'left', 'right', 'inner', 'full', 'cross', 'on', 'set', 'using', 'group', 'order', 'limit', 'values', 'select', 'returning', 'for', 'union', 'except', 'intersect', 'natural', 'lateral', 'offset', 'having', 'window', 'default', 'with', 'from', 'do', 'as', 'and', 'or']);
const PARAMETER_ANCHOR = /\baccount_id\s*(?:=\s*(?:ANY\s*\(\s*)?\$\d|IN\s*\(\s*\$\d)|\$\d+(?:::[a-z_]+(?:\[\])?)?\s*=\s*(?:ANY\s*\(\s*)?[\w.]*\baccount_id\b/i;

interface Reference {
  table: string;
  alias: string | null;
  /** An INSERT's or COPY's target (rows written), with its column list. */
  columns: string | null;
}

function referencesIn(text: string, tenantTables: ReadonlySet<string>): Reference[] {
  const out: Reference[] = [];
  for (const match of text.matchAll(TABLE_REFERENCE)) {
    const keyword = match[1]!.toUpperCase();
    const table = match[2]!.toLowerCase();
    if (!tenantTables.has(table)) continue;
    if (keyword === 'INTO' || keyword === 'COPY') {
      const columns = /^\s*\(([^)]*)\)/.exec(text.slice(match.index! + match[0].length - (match[3]?.length ?? 0)));
      out.push({ table, alias: null, columns: columns ? columns[1]! : '' });
      continue;
    }
    const alias = match[3] && !NOT_ALIAS.has(match[3].toLowerCase()) ? match[3].toLowerCase() : null;
    out.push({ table, alias, columns: null });
  }
  return out;
}

/** The tenant tables a statement reads or writes, by name, in order of first mention. */
export function tenantTablesIn(sql: string, tenantTables: ReadonlySet<string>): string[] {
  return [...new Set(referencesIn(sql.replace(COMMENTS, ' '), tenantTables).map((r) => r.table))];
}

/**
 * How a statement sent from `origin` (`src/…:line`) is scoped. Statements of the migrations
 * (src/db/migrate.ts and src/db/migrations/) are the schema's.
 */
export function scopeOf(sql: string, origin: string, tenantTables: ReadonlySet<string>): Scope {
  const text = sql.replace(COMMENTS, ' ');
  const references = referencesIn(text, tenantTables);
  if (references.length === 0) return { kind: 'no tenant table' };
  if (/^src\/db\/(migrate\.ts|migrations\/)/.test(origin)) return { kind: 'schema' };
  const marker = MARKER.exec(sql);
  if (marker) return { kind: 'all accounts', name: marker[1]! };
  const loose = new Set<string>();
  const read = references.filter((r) => r.columns === null);
  for (const r of references) {
    if (r.columns !== null) {
      if (!/\baccount_id\b/i.test(r.columns)) loose.add(r.table);
    } else if (!tiedToAccount(text, r)) loose.add(r.table);
  }
  if (read.length > 0 && !PARAMETER_ANCHOR.test(text)) for (const r of read) loose.add(r.table);
  return loose.size === 0 ? { kind: 'by account' } : { kind: 'unscoped', tables: [...loose] };
}

function tiedToAccount(text: string, r: Reference): boolean {
  if (r.alias) return new RegExp(`\\b${r.alias}\\.account_id\\b`, 'i').test(text);
  return new RegExp(`(?:^|[^\\w.])(?:${r.table}\\.)?account_id\\b`, 'i').test(text);
}
