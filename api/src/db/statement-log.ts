import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The statement log behind the account-scoping check (issue 26, decision 54). With SQL_STATEMENT_LOG
 * naming a file, every distinct statement that the api's own code sends is appended to it once per
 * process, as a JSON line `{ sql, origin }`, origin being the file and line in the api's source that
 * sent it. The api suite runs with it (scripts/run-tests.mjs) and test/after/statements-by-account.test.ts
 * then checks that each statement on a tenant table keeps to one account.
 *
 * Statements a test or a benchmark sends itself (fixtures, assertions) are not the product's and are left
 * out. Without the variable this is one comparison per statement (and one count, statementsSent).
 */
const file = process.env.SQL_STATEMENT_LOG || null;
const seen = new Set<string>();
const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..') + path.sep;
/**
 * The database layer itself, and the Dbs that wrap it (the shared reads' memo, the heavy calls' limits):
 * a statement's origin is the first frame outside these files.
 */
const LAYER = [
  ...['db.ts', 'pg-db.ts', 'pglite-db.ts', 'read-replica.ts', 'statement-log.ts'].map((f) => path.join(srcDir, 'db', f)),
  path.join(srcDir, 'analytics', 'shared-reads.ts'),
  path.join(srcDir, 'plugins', 'app', 'heavy-calls.ts'),
];

/** Statements sent by this process so far (every one: a benchmark's "queries per call" reads it). */
let sent = 0;
export const statementsSent = (): number => sent;

export function noteStatement(sql: string): void {
  sent += 1;
  if (file === null || seen.has(sql)) return;
  const origin = sourceLineOfCaller();
  // A test's own statement: not recorded, and looked at again if the product sends the same text.
  if (origin === null) return;
  seen.add(sql);
  appendFileSync(file, `${JSON.stringify({ sql, origin })}\n`);
}

/** `src/…/file.ts:line` of the code that called into the database layer, or null (a test, a benchmark). */
export function sourceLineOfCaller(): string | null {
  return originOf(captureStack());
}

function captureStack(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  return stack;
}

/** `src/…/file.ts:line` of the first frame outside the database layer, or null when that frame is not the api's source. */
function originOf(stack: string): string | null {
  for (const line of stack.split('\n').slice(1)) {
    const match = /\(?((?:file:\/\/)?\/[^():]+):(\d+):\d+\)?\s*$/.exec(line);
    if (!match) continue;
    const frameFile = match[1]!.startsWith('file://') ? fileURLToPath(match[1]!) : match[1]!;
    if (LAYER.includes(frameFile)) continue;
    if (!frameFile.startsWith(srcDir)) return null;
    return `src/${path.relative(srcDir, frameFile).split(path.sep).join('/')}:${match[2]}`;
  }
  return null;
}
