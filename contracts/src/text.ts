/**
 * What the api accepts as text and as a request body's shape, before any schema or rule looks at it.
 *
 * PostgreSQL stores neither NUL (`\u0000`) nor an unpaired UTF-16 surrogate: the first fails the
 * statement, the second is silently replaced by U+FFFD by the UTF-8 encoder — two distinct ids would
 * then become one. Such text is refused, never rewritten. Bodies are also limited in depth: schema
 * checkers recurse, and a 100 000-deep array would exhaust the stack.
 */

/** Deepest nesting of arrays and objects a request body may have (the deepest real body is ~5). */
export const INPUT_MAX_DEPTH = 32;

/** Why a text cannot be stored. */
export type TextProblem = 'nul' | 'surrogate';

// An unpaired surrogate: a high one not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why this text cannot be stored, or null when it can. */
export function textProblem(text: string): TextProblem | null {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  return null;
}

/** One problem of a request part: the field (dotted path from the part's root) and what is wrong. */
export interface InputProblem {
  field: string;
  problem: TextProblem | 'depth';
}

/**
 * Every string (object keys included) that cannot be stored, and every place nested deeper than
 * `maxDepth`, in a parsed JSON value (only the depth when `text` is false). Iterative, so a hostile
 * depth cannot overflow the stack; stops after `maxProblems`.
 */
export function inputProblems(
  value: unknown,
  { root = '', maxDepth = INPUT_MAX_DEPTH, maxProblems = 20, text = true }: { root?: string; maxDepth?: number; maxProblems?: number; text?: boolean } = {},
): InputProblem[] {
  const problems: InputProblem[] = [];
  const stack: [unknown, string, number][] = [[value, root, 0]];
  const join = (path: string, key: string | number): string => (path ? `${path}.${key}` : String(key));
  while (stack.length > 0 && problems.length < maxProblems) {
    const [current, path, depth] = stack.pop()!;
    if (typeof current === 'string') {
      if (!text) continue;
      const problem = textProblem(current);
      if (problem) problems.push({ field: path, problem });
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= maxDepth) {
      problems.push({ field: path, problem: 'depth' });
      continue;
    }
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push([current[i], join(path, i), depth + 1]);
      continue;
    }
    const keys = Object.keys(current);
    for (let i = keys.length - 1; i >= 0; i -= 1) {
      const key = keys[i]!;
      const problem = text ? textProblem(key) : null;
      // A key that cannot be stored is named by its position among the keys, not by itself.
      if (problem) problems.push({ field: join(path, `[key ${i}]`), problem });
      else stack.push([(current as Record<string, unknown>)[key], join(path, key), depth + 1]);
    }
  }
  return problems;
}
