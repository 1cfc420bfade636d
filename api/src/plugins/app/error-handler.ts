import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, errors } from '../../errors.ts';
import { ERROR_CODES, type ApiErrorItem } from '@linepulse/contracts';

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** One item per offending field: '/tilelytics/selected_time_option' → 'tilelytics.selected_time_option'. */
export function validationItems(issues: ValidationIssue[], context: string): ApiErrorItem[] {
  const byField = new Map<string, ApiErrorItem>();
  for (const issue of issues) {
    if (issue.keyword === 'boolean') continue; // "schema is false" twin of additionalProperties
    let path = (issue.instancePath ?? '').split('/').filter(Boolean).join('.');
    const missing = issue.params?.requiredProperties;
    if (issue.keyword === 'required' && Array.isArray(missing)) {
      // One item per missing property, named like any other field.
      for (const name of missing) {
        const field = [path, String(name)].filter(Boolean).join('.');
        byField.set(field, { code: ERROR_CODES.validation, arguments: { field, in: context }, message: `${field} is required` });
      }
      continue;
    }
    const extra = issue.params?.additionalProperties;
    if (issue.keyword === 'additionalProperties' && Array.isArray(extra)) path = [path, ...extra].filter(Boolean).join('.');
    const field = path || context;
    // Keep the outermost message of a union (anyOf comes after its branches).
    const message = issue.message ?? 'is invalid';
    if (byField.has(field) && issue.keyword !== 'anyOf') continue;
    byField.set(field, { code: ERROR_CODES.validation, arguments: { field, in: context }, message: `${field} ${message}` });
  }
  return [...byField.values()];
}

const KNOWN_PREFIXES = ['/api', '/dashboard-api', '/oidc', '/remotes'];

function isApiPath(url: string): boolean {
  return KNOWN_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`));
}

/**
 * The one error handler: every failure leaves as `{ errors: [{ code, arguments, message }] }`.
 * ApiError carries its own status and items; schema validation becomes 400 GEN_VALIDATION naming the
 * field; anything else is logged and answered 500 GEN_500 without internals.
 */
async function errorHandlerPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'api error');
      return reply.status(error.statusCode).send({ errors: error.items });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      return reply.status(400).send({ errors: validationItems(fastifyError.validation as ValidationIssue[], fastifyError.validationContext ?? 'body') });
    }
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, unsupported media type, body too large…
      return reply.status(status).send({
        errors: [{ code: status === 404 ? ERROR_CODES.notFound : ERROR_CODES.validation, arguments: { reason: fastifyError.code ?? 'bad_request' }, message: fastifyError.message }],
      });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({
      errors: [{ code: ERROR_CODES.unexpected, arguments: { code: 500 }, message: 'An unexpected error occurred.' }],
    });
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // History-mode routes of the single-page app (see plugins/external/static.ts).
    if (!isApiPath(path) && app.hasDecorator('serveSpa')) {
      const answered = app.serveSpa(request, reply);
      if (answered) return answered;
    }
    const error = errors.notFound(path);
    return reply.status(404).send({ errors: error.items });
  });
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });
