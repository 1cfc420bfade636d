import type { ApiErrorItem } from '@linepulse/contracts';
import { ERROR_CODES } from '@linepulse/contracts';

/**
 * An error the api answers on purpose: an HTTP status plus one or more coded items. Anything else
 * thrown is a bug and becomes 500 GEN_500 (see plugins/app/error-handler.ts).
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly items: ApiErrorItem[];

  constructor(statusCode: number, items: ApiErrorItem | ApiErrorItem[]) {
    const list = Array.isArray(items) ? items : [items];
    super(list.map((i) => `${i.code}: ${i.message}`).join('; '));
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.items = list;
  }
}

export function apiError(
  statusCode: number,
  code: string,
  message: string,
  args: Record<string, string | number> = {},
): ApiError {
  return new ApiError(statusCode, { code, arguments: args, message });
}

export const errors = {
  unauthenticated: (message = 'A valid bearer token is required.') => apiError(401, ERROR_CODES.unauthenticated, message),
  notEnabled: () => apiError(403, ERROR_CODES.notEnabled, 'The user is not enabled for Linepulse.'),
  adminRequired: () => apiError(403, ERROR_CODES.adminRequired, 'This call is reserved to administrators.'),
  factoryNotFound: (id: string) => apiError(404, ERROR_CODES.factoryNotFound, 'Factory not found.', { id }),
  accountNotFound: (id: string) => apiError(404, ERROR_CODES.accountNotFound, 'Account not found.', { id }),
  notFound: (path: string) => apiError(404, ERROR_CODES.notFound, 'Not found.', { path }),
  unavailable: (retryAfterSeconds: number) => ({
    code: ERROR_CODES.unavailable,
    arguments: { retry_after: retryAfterSeconds },
    message: 'The database cannot be reached; try again shortly.',
  }),
};

// PostgreSQL SQLSTATEs meaning the server or the connection went away, not that the query was wrong:
// class 08 (connection exception), 57P01–57P03 (shut down, crashed, not accepting connections yet),
// 53300 (too many connections).
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
// What the clients say when the connection is gone: pg (terminated, broken client, ended pool,
// refused or reset socket) and PGlite (closed).
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
  'timeout exceeded when trying to connect',
  'PGlite is closed',
];
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH']);

/** Whether an error means the database cannot be reached (answered 503 with Retry-After, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_ERRNOS.has(code))) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m));
}
