import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Below this size the compressed answer plus its headers saves next to nothing. */
export const COMPRESSION_THRESHOLD = 1024;
/** The encodings answers are compressed with, in order of preference. */
export const ENCODINGS = ['br', 'gzip'] as const;
/** Brotli's parameters for answers made per request (quality: see below). */
export const BROTLI_PARAMS = {
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  [constants.BROTLI_PARAM_QUALITY]: 5,
};

/**
 * Compresses answers made per request (the JSON of /api and /dashboard-api, /config.json, the sign-in
 * pages) with brotli or gzip, as the request's Accept-Encoding allows, and adds `Vary: Accept-Encoding`.
 * Registered before every route: @fastify/compress attaches its hook to the routes declared after it.
 *
 * - Static files are served pre-compressed at build (see static.ts): an answer that already carries a
 *   Content-Encoding is left alone, so no file is compressed twice.
 * - The embedded provider's own endpoints are hijacked straight to oidc-provider, which bypasses
 *   Fastify's send hooks: its answers leave as oidc-provider writes them.
 * - Request bodies are not decompressed: nothing sends compressed bodies, and the provider must read
 *   its requests' raw streams untouched.
 * - Brotli at quality 5: per request, ratio close to gzip's best at a fraction of brotli 11's time.
 * - Analytics answers kept for identical requests carry their compressed bytes with them and arrive
 *   here already encoded (analytics/encoded-answer.ts).
 */
async function compressPlugin(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: [...ENCODINGS],
    threshold: COMPRESSION_THRESHOLD,
    brotliOptions: { params: BROTLI_PARAMS },
  });
}

export default fp(compressPlugin, { name: 'compress' });
