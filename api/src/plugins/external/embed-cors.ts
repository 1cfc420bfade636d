import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LIVE_POSITION_HEADER } from '@linepulse/contracts';

/**
 * What another site embedding the overview remote calls (issue 24): the api bases and the runtime
 * configuration (where the remotes live). The remotes' own files are public code, readable from any
 * origin already (static.ts). Not the host's pages, not the sign-in provider's endpoints.
 */
const EMBEDDABLE_PATHS = ['/api/', '/dashboard-api/', '/config.json'];

export function isEmbeddablePath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return EMBEDDABLE_PATHS.some((prefix) => (prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix));
}

/** Preflight answers are kept this long by the browser (seconds; Chromium caps it at 2 hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * Cross-origin calls from the sites named in EMBED_ORIGINS (decision 47), and from no one else:
 * bearer tokens, no cookies (no credentials), so the allowed origins are listed, never a wildcard. Other
 * origins and other paths get no CORS headers at all, so browsers keep refusing them.
 */
async function embedCors(app: FastifyInstance): Promise<void> {
  const allowed = new Set(app.config.embedOrigins);
  if (allowed.size === 0) return;
  // The same answer for every permitted request; only the echoed origin differs.
  const permittedOptions = {
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // Last-Event-ID: the live stream resuming where it (or the screen's first answers) left off.
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Accept-Language', 'Last-Event-ID'],
    // What the embed reads of an answer: how long to wait before retrying a refused call, a file's name,
    // where its live stream starts.
    exposedHeaders: ['Retry-After', 'Content-Disposition', 'X-Total-Rows', 'X-Estimated-Bytes', LIVE_POSITION_HEADER],
    credentials: false,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    strictPreflight: true,
  };
  await app.register(cors, {
    hook: 'onRequest',
    delegator: (request: FastifyRequest, callback) => {
      const origin = request.headers.origin;
      const permitted = typeof origin === 'string' && allowed.has(origin) && isEmbeddablePath(request.url);
      callback(null, { ...permittedOptions, origin: permitted ? origin : false });
    },
  });
}

export default fp(embedCors, { name: 'embed-cors', dependencies: ['config'] });
