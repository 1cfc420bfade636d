import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyContextConfig, FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, FastifyServerOptions, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import Format from 'typebox/format';
import { ApiError, errors, isDatabaseUnavailable } from '../../errors.ts';
import { ERROR_CODES, INPUT_MAX_DEPTH, VISIBLE_TEXT_PATTERN, inputProblems, type ApiErrorItem } from '@linepulse/contracts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route that takes input to change something (POST, PUT, PATCH, DELETE), as declared: the
     * checks that must cover all of them (the property test of writes) list them from here, so a new
     * route cannot be forgotten.
     */
    writeRoutes: readonly WriteRoute[];
    /**
     * Every route as declared, whatever its method (HEAD twins of GET routes left out): the checks that
     * must cover all routes (permissions, input fuzzing of reads) list them from here.
     */
    declaredRoutes: readonly WriteRoute[];
  }
  interface FastifyContextConfig {
    /**
     * The handler checks the body's text itself, to name each problem its own way (ingestion: the
     * event's index); the common check below then looks only at the depth.
     */
    checksOwnText?: boolean;
  }
}

/** A route as declared (see FastifyInstance.writeRoutes and declaredRoutes). */
export interface WriteRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  config: FastifyContextConfig | undefined;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Seconds a client should wait before retrying when the database cannot be reached. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

const OFFSET = /(?:Z|([+-])(\d{2}):(\d{2}))$/i;
/**
 * 'date-time' as the database can store it: RFC 3339 with an offset of at most ±14:00 (the widest in
 * use). The default format accepts any two-digit offset, which PostgreSQL then refuses.
 */
export function isStorableInstant(value: string): boolean {
  if (!Format.IsDateTime(value)) return false;
  const m = OFFSET.exec(value);
  if (!m) return false;
  if (m[1] === undefined) return true;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return Number(m[3]) < 60 && minutes <= 14 * 60;
}
// Registered once for every schema compiled after this module loads (all routes).
Format.Set('date-time', isStorableInstant);

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** One item per offending field: '/tilelytics/selected_time_option' → 'tilelytics.selected_time_option'. */
export function validationItems(issues: ValidationIssue[], context: string): ApiErrorItem[] {
  const byField = new Map<string, ApiErrorItem>();
  const blank = new Set<string>();
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
    if (issue.keyword === 'pattern' && issue.params?.pattern === VISIBLE_TEXT_PATTERN) {
      // A name of white space only: its own code, kept over the union's generic message.
      blank.add(field);
      byField.set(field, { code: ERROR_CODES.nameBlank, arguments: { field, in: context }, message: `${field} cannot be blank` });
      continue;
    }
    if (blank.has(field)) continue;
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

/** The problems of one request part that no route should see: unstorable text, excessive depth. */
export function inputItems(value: unknown, part: string, depthOnly = false): ApiErrorItem[] {
  return inputProblems(value, { text: !depthOnly })
    .map(({ field, problem }): ApiErrorItem => {
      const name = field || part;
      if (problem === 'depth') {
        return { code: ERROR_CODES.tooDeep, arguments: { field: name, in: part, max: INPUT_MAX_DEPTH }, message: `${part} is nested deeper than ${INPUT_MAX_DEPTH} levels` };
      }
      const what = problem === 'nul' ? 'a NUL character' : 'an unpaired surrogate';
      return { code: ERROR_CODES.textInvalid, arguments: { field: name, in: part }, message: `${name} contains ${what}, which cannot be stored` };
    });
}

/** Status → code of the refusals Fastify and its plugins make before or around a route. */
const FRAMEWORK_CODES: Record<number, string> = {
  403: ERROR_CODES.forbiddenPath,
  404: ERROR_CODES.notFound,
  413: ERROR_CODES.bodyTooLarge,
  414: ERROR_CODES.urlTooLong,
  415: ERROR_CODES.mediaTypeUnsupported,
  431: ERROR_CODES.headersTooLarge,
};

function errorBody(code: string, args: Record<string, string | number>, message: string): string {
  return JSON.stringify({ errors: [{ code, arguments: args, message }] });
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers or request line over 16 KiB,
 * malformed HTTP) gets the documented body too. Passed as Fastify's `clientErrorHandler`.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, ERROR_CODES.headersTooLarge, 'The request line and headers are too large.']
      : error.code === 'HPE_URI_TOO_LONG'
        ? [414, ERROR_CODES.urlTooLong, 'The address is too long.']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, ERROR_CODES.badRequest, 'The request took too long to arrive.']
          : [400, ERROR_CODES.badRequest, 'The request could not be read.'];
  const body = errorBody(code, { reason: error.code ?? 'bad_request' }, message);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * Errors Fastify's router raises before any hook (a malformed percent-encoding in the path): the
 * documented body instead of Fastify's own. Passed as Fastify's `frameworkErrors`.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  // FST_ERR_MAX_PARAM_LENGTH (414) or FST_ERR_BAD_URL (400), or an async constraint failing (500).
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const [code, message] =
    status === 414 ? [ERROR_CODES.urlTooLong, 'A parameter of the address is too long.'] : [ERROR_CODES.badRequest, 'The address is not correctly encoded.'];
  reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(errorBody(code, { reason: error.code ?? 'bad_request' }, message));
}

/** Node's HTTP/1.1 parser refuses a request line and headers over 16 KiB; HTTP/2 header lists get the same limit. */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * An HTTP/2 request whose header list is over MAX_HEADER_BYTES (names and values, plus HPACK's 32 bytes
 * of accounting per field) is refused 431 with the documented body, as HTTP/1.1 requests are by Node's
 * parser (clientErrorHandler); Node's HTTP/2 server enforces no such limit itself. An `onRequest` hook.
 */
export async function http2HeaderLimit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.raw.httpVersionMajor !== 2) return;
  const raw = request.raw.rawHeaders;
  let bytes = 0;
  for (let i = 0; i + 1 < raw.length; i += 2) bytes += (raw[i] ?? '').length + (raw[i + 1] ?? '').length + 32;
  if (bytes <= MAX_HEADER_BYTES) return;
  await reply
    .status(431)
    .type('application/json; charset=utf-8')
    .send(errorBody(ERROR_CODES.headersTooLarge, { reason: 'header_list_too_large' }, 'The request line and headers are too large.'));
}

/** The server options this plugin relies on; buildApp spreads them into Fastify's options. */
export const errorServerOptions = {
  clientErrorHandler,
  frameworkErrors,
} satisfies Partial<FastifyServerOptions>;

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
    if (isDatabaseUnavailable(error)) {
      // Not the caller's fault nor a bug: the database went away (restart, failover, closed). Retry later.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ errors: [errors.unavailable(UNAVAILABLE_RETRY_AFTER_SECONDS)] });
    }
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, unsupported media type, body too large…
      return reply.status(status).send({
        errors: [{ code: FRAMEWORK_CODES[status] ?? ERROR_CODES.validation, arguments: { reason: fastifyError.code ?? 'bad_request' }, message: fastifyError.message }],
      });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({
      errors: [{ code: ERROR_CODES.unexpected, arguments: { code: 500 }, message: 'An unexpected error occurred.' }],
    });
  });

  const writeRoutes: WriteRoute[] = [];
  const declaredRoutes: WriteRoute[] = [];
  app.decorate('writeRoutes', writeRoutes);
  app.decorate('declaredRoutes', declaredRoutes);
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      const declared = { method, url: route.url, schema: route.schema, config: route.config as FastifyContextConfig | undefined };
      if (method !== 'HEAD') declaredRoutes.push(declared);
      if (WRITE_METHODS.has(method)) writeRoutes.push(declared);
    }
  });

  // Before any schema or handler sees the request: text the database cannot store and bodies deep
  // enough to exhaust a recursive checker are refused here, once for every route.
  app.addHook('preValidation', async (request) => {
    const ownText = request.routeOptions.config?.checksOwnText === true;
    const items = [
      ...inputItems(request.params, 'params'),
      ...inputItems(request.query, 'querystring'),
      ...inputItems(request.body, 'body', ownText),
    ];
    if (items.length > 0) throw new ApiError(400, items);
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
