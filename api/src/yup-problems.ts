import { ValidationError, type Schema } from 'yup';
import { ERROR_CODES, type ApiErrorItem } from '@linepulse/contracts';

const CODE = /^[A-Z][A-Z0-9_]+$/;

/**
 * Checks a body with a shared yup schema of contracts (whose messages are error codes) and answers its
 * problems as items, one per field and code, with `arguments.field` plus the placeholders the code's
 * message needs (`codeArguments`). A message that is not a code (yup's own, e.g. a wrong type) becomes
 * GEN_VALIDATION.
 */
export async function yupProblems<T>(
  schema: Schema<T>,
  body: unknown,
  codeArguments: Readonly<Record<string, Record<string, string | number>>> = {},
): Promise<{ value: T } | { problems: ApiErrorItem[] }> {
  try {
    return { value: await schema.validate(body, { abortEarly: false }) };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const inner = error.inner.length ? error.inner : [error];
    const seen = new Set<string>();
    const problems: ApiErrorItem[] = [];
    for (const issue of inner) {
      const field = issue.path || 'body';
      const message = String(issue.message);
      const code = CODE.test(message) ? message : ERROR_CODES.validation;
      const key = `${field}|${code}`;
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push({ code, arguments: { field, ...codeArguments[code] }, message: CODE.test(message) ? `${field} is invalid` : message });
    }
    return { problems };
  }
}
