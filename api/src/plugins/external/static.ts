import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { REMOTE_NAMES } from '@linepulse/contracts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the host's index.html for a history-mode route; null when the request is not one. */
    serveSpa(request: FastifyRequest, reply: FastifyReply): FastifyReply | null;
  }
}

const LONG_CACHE = 'public, max-age=31536000, immutable';
/** Webpack content hashes in file names, e.g. 123.4f9a0c1b2d3e.js. */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
/** The build's pre-compressed copies (shared/webpack/create-config.cjs) sit next to each file. */
const COMPRESSED_COPY = /\.(br|gz)$/;

/**
 * A remote's files that keep their names from one deploy to the next, so browsers check them on every
 * visit: the federation's manifest and entry, and the overview's embed module (`embed/embed.js`), as
 * paths in the remote's folder. One list for the api, the deploy command and the tests' second origin.
 */
const REMOTE_ENTRY_FILES = new Set<string>(createRequire(import.meta.url)('@linepulse/contracts/remote-entry-files.json'));

/** Source maps: the whole TypeScript sources, served only when SERVE_SOURCE_MAPS=true. */
const SOURCE_MAP = /\.map$/i;

/**
 * Cached for a year and never asked again (`immutable`): a content-hashed file. Its validators and
 * `Accept-Ranges` serve no one — the browser does not revalidate it, nor fetch scripts by ranges — and
 * cost ~100 bytes of every such response, a first visit's dozens of scripts and styles.
 */
function cacheForever(reply: FastifyReply): void {
  reply.header('Cache-Control', LONG_CACHE);
  reply.removeHeader('etag');
  reply.removeHeader('last-modified');
  reply.removeHeader('accept-ranges');
}

/** The name of the file a request asked for, when @fastify/static answers with its .br or .gz copy. */
function requestedName(file: string): string {
  return path.basename(file).replace(COMPRESSED_COPY, '');
}

/** A served file's path in the folder it is served from, with `/` between its parts, not compressed. */
function pathInFolder(folder: string, file: string): string {
  return path.relative(folder, file).split(path.sep).join('/').replace(COMPRESSED_COPY, '');
}

/**
 * Serves the built front end from STATIC_ROOT: each remote under /remotes/<name>/ from
 * remote-<name>/dist (as if deployed on its own: open CORS, entry files revalidated, the rest cached
 * for a year), and the host from host/dist at / with history-mode fallback to index.html. A missing
 * dist folder only means 404s for its paths (tests run without builds).
 *
 * Files are sent as the build compressed them (`preCompressed`): the .br copy when the request accepts
 * brotli, else the .gz copy, else the file itself, with `Content-Encoding` and `Vary: Accept-Encoding`;
 * cache headers follow the requested file's name, not its copy's.
 *
 * Source maps (*.map) answer 404 unless SERVE_SOURCE_MAPS=true: they hold the full sources; the files
 * stay beside the build, for reading error reports.
 */
async function staticPlugin(app: FastifyInstance): Promise<void> {
  const root = app.config.staticRoot;
  const allowedPath = app.config.serveSourceMaps ? undefined : (pathName: string) => !SOURCE_MAP.test(pathName);

  for (const name of REMOTE_NAMES) {
    const dist = path.join(root, `remote-${name}`, 'dist');
    if (!existsSync(dist)) {
      app.log.debug({ dist }, `remote ${name} not built: /remotes/${name}/ will answer 404`);
      continue;
    }
    await app.register(fastifyStatic, {
      root: dist,
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      cacheControl: false,
      index: false,
      preCompressed: true,
      ...(allowedPath ? { allowedPath } : {}),
      setHeaders(reply, file) {
        reply.header('Access-Control-Allow-Origin', '*');
        if (REMOTE_ENTRY_FILES.has(pathInFolder(dist, file))) reply.header('Cache-Control', 'no-cache');
        else cacheForever(reply);
      },
    });
  }

  const hostDist = path.join(root, 'host', 'dist');
  if (!existsSync(hostDist)) {
    app.log.debug({ hostDist }, 'host not built: / will answer 404');
    return;
  }
  await app.register(fastifyStatic, {
    root: hostDist,
    prefix: '/',
    cacheControl: false,
    preCompressed: true,
    ...(allowedPath ? { allowedPath } : {}),
    // index.html (no-cache) for /; every other client-side route goes through serveSpa below.
    index: 'index.html',
    setHeaders(reply, file) {
      if (HASHED.test(requestedName(file))) cacheForever(reply);
      else reply.header('Cache-Control', 'no-cache');
    },
  });
  // Looked for until found: on a first start the host may still be building while the server listens.
  let hasIndex = false;
  app.decorate('serveSpa', (request: FastifyRequest, reply: FastifyReply) => {
    hasIndex ||= existsSync(path.join(hostDist, 'index.html'));
    if (!hasIndex || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
    if (!String(request.headers.accept ?? '').includes('text/html')) return null;
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html', hostDist);
  });
}

export default fp(staticPlugin, { name: 'static', dependencies: ['config'] });
