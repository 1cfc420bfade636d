import type { ApiErrorItem } from '@linepulse/contracts';

/** Code used when a failure carries no error item of its own (product §8: default code 500). */
export const DEFAULT_ERROR_CODE = '500';

/** Every failed API call rejects with this, whatever went wrong (HTTP error, network, bad JSON). */
export class ApiError extends Error {
  readonly status: number;
  readonly items: ApiErrorItem[];

  constructor(status: number, items: ApiErrorItem[], message?: string) {
    super(message ?? items.map((item) => `${item.code}: ${item.message}`).join('; '));
    this.name = 'ApiError';
    this.status = status;
    this.items = items;
  }

  /** The first item's code: what the generic message shows. */
  get code(): string {
    return this.items[0]?.code ?? DEFAULT_ERROR_CODE;
  }

  /** Server failures and network errors, as opposed to answers about the request itself. */
  get unexpected(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isItem(value: unknown): value is { code: unknown; arguments?: unknown; message?: unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';
}

/**
 * The one place where a failure becomes an ApiError: the body's `{ errors: [...] }` when it has one,
 * otherwise a single item with the default code 500.
 */
export function normaliseApiError(status: number, body: unknown, fallbackMessage: string): ApiError {
  const raw = typeof body === 'object' && body !== null ? (body as { errors?: unknown }).errors : undefined;
  const items: ApiErrorItem[] = Array.isArray(raw)
    ? raw.filter(isItem).map((item) => ({
        code: item.code as string,
        arguments:
          typeof item.arguments === 'object' && item.arguments !== null
            ? (item.arguments as ApiErrorItem['arguments'])
            : {},
        message: typeof item.message === 'string' ? item.message : '',
      }))
    : [];
  if (items.length === 0) {
    items.push({ code: DEFAULT_ERROR_CODE, arguments: { status }, message: fallbackMessage });
  }
  return new ApiError(status, items);
}
