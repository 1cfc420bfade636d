import { Type, type TSchema } from 'typebox';

// INT4_MAX lives in ../wire-limits.ts (no TypeBox: forms check it too).
export { INT4_MAX } from '../wire-limits';

export const Uuid = Type.String({ format: 'uuid' });

const UUID_PATTERN = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** A comma-separated list of at most `max` UUIDs, in a query string (`?factory_ids=a,b`). */
export const UuidList = (max: number, options: { description?: string } = {}) =>
  Type.String({ pattern: `^${UUID_PATTERN}(,${UUID_PATTERN})*$`, maxLength: max * 37, ...options });

/**
 * The pattern of a name: at least one character other than white space. The api answers a name that
 * does not match it with GEN_NAME_BLANK (plugins/app/error-handler.ts recognises this exact pattern).
 */
export const VISIBLE_TEXT_PATTERN = '\\S';
/**
 * A name as stored: at most `maxLength` characters, not only white space. The pattern alone refuses the
 * empty string too (no separate minLength: one problem per field, answered GEN_NAME_BLANK).
 */
export const VisibleText = (maxLength: number, options: { description?: string } = {}) =>
  Type.String({ maxLength, pattern: VISIBLE_TEXT_PATTERN, ...options });
export const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'yyyy-LL-dd' });

export const ErrorItem = Type.Object({
  code: Type.String({ description: 'Stable code the front end translates (contracts/src/errors.ts).' }),
  arguments: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  message: Type.String({ description: 'English fallback for logs and API users.' }),
});
export const ErrorBody = Type.Object({ errors: Type.Array(ErrorItem) });

/** `{ errors: [...] }` responses every authenticated route may give, merged into each route's `response`. */
export function withErrors<T extends Record<number, TSchema>>(
  ok: T,
  statuses: readonly number[] = [400, 401, 403, 404, 500],
): T & Record<number, TSchema> {
  const out: Record<number, TSchema> = { ...ok };
  for (const status of statuses) out[status] = ErrorBody;
  return out as T & Record<number, TSchema>;
}

export const FactoryIdParams = Type.Object({ id: Uuid });
