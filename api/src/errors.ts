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
};
