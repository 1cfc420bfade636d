import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { APP_VERSION } from '@linepulse/contracts';

type Json = Record<string, unknown>;

const DOCUMENTED = ['/api/', '/dashboard-api/'];

/** Copy of a JSON schema without TypeBox's private keys. */
function clean(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(clean);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('~') || key === '$id') continue;
    out[key] = clean(value);
  }
  return out;
}

function parameters(schema: unknown, where: 'path' | 'query'): Json[] {
  const s = schema as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  if (!s?.properties) return [];
  return Object.entries(s.properties).map(([name, prop]) => ({
    name,
    in: where,
    required: where === 'path' || (s.required ?? []).includes(name),
    schema: clean(prop),
  }));
}

const STATUS_TEXT: Record<string, string> = {
  200: 'OK',
  400: 'Invalid input (GEN_VALIDATION and rule codes)',
  401: 'Missing, invalid or expired bearer token (AUTH_401)',
  403: 'Not enabled for the product (AUTH_NOT_ENABLED) or not an administrator (AUTH_ADMIN_REQUIRED)',
  404: 'Not found in the caller’s account',
  201: 'Created',
  409: 'Conflict (e.g. CS_FAC_PUT_20001 duplicate factory name, CFG_IN_USE)',
  413: 'Body too large',
  500: 'Unexpected error (GEN_500)',
  503: 'Database unreachable',
};

/**
 * Builds the OpenAPI 3.1 description from the routes' own TypeBox schemas, so it cannot drift from
 * what the server validates and serialises. Served at GET /api/openapi.json.
 */
async function openapiPlugin(app: FastifyInstance): Promise<void> {
  const paths: Record<string, Record<string, Json>> = {};

  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url;
    if (!DOCUMENTED.some((p) => url.startsWith(p)) || !route.schema || url.endsWith('/openapi.json')) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    const schema = route.schema as Json & { response?: Record<string, unknown> };
    const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    for (const method of methods) {
      const operation: Json = {
        summary: schema.summary,
        tags: schema.tags,
        security: schema.security ?? [],
        parameters: [...parameters(schema.params, 'path'), ...parameters(schema.querystring, 'query')],
        responses: Object.fromEntries(
          Object.entries(schema.response ?? {}).map(([status, body]) => [
            status,
            { description: STATUS_TEXT[status] ?? status, content: { 'application/json': { schema: clean(body) } } },
          ]),
        ),
      };
      if (schema.body) operation.requestBody = { required: true, content: { 'application/json': { schema: clean(schema.body) } } };
      paths[path] ??= {};
      paths[path][method.toLowerCase()] = operation;
    }
  });

  const document = (): Json => ({
    openapi: '3.1.0',
    info: {
      title: 'Linepulse API',
      version: APP_VERSION,
      description:
        'Main API under /api and dashboard API under /dashboard-api. Errors: `{ "errors": [{ "code", "arguments", "message" }] }`.',
    },
    servers: [{ url: app.config.publicUrl }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        ingestKey: { type: 'http', scheme: 'bearer', description: 'A factory ingest key (POST /api/factories/{id}/ingest-keys), not a user token' },
      },
    },
    paths,
  });

  app.get('/api/openapi.json', { config: { access: 'public' } }, async () => document());
}

export default fp(openapiPlugin, { name: 'openapi', dependencies: ['config'] });
