import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LIVE_HEARTBEAT_MS, LIVE_POSITION_HEADER, type LiveChange, type LiveMessage } from '@linepulse/contracts';
import { accountChanged, unitsWritten } from '../../analytics/answer-generations.ts';
import { LiveHub, type Replay } from '../../live/live-hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveStreams;
  }
  interface FastifyRequest {
    /** The live hub's read position when the request arrived, sent to its signed-in caller. */
    livePosition: number | null;
  }
}

/** A stream whose client reads slower than this much is ended (it reconnects and catches up by id). */
const MAX_UNSENT_BYTES = 256 * 1024;
/** Streams one instance serves at most (each is a socket and a small object; 500 screens is the budget's case). */
export const MAX_LIVE_STREAMS = Number(process.env.LIVE_MAX_STREAMS ?? 5000);
/** How often announcements older than the retention are deleted. */
const PRUNE_EVERY_MS = 60_000;

export interface OpenStream {
  accountId: string;
  factoryIds: readonly string[];
  /** The reconnecting client's replay, or null for a first connection. */
  replay: Replay | null;
  /** The stream ends then (the token's expiry): the client reconnects with a fresh token. */
  endsAt: number;
}

export interface LiveStreams {
  readonly hub: LiveHub;
  /** Streams open on this instance. */
  readonly count: number;
  /** Answers the request with the event stream (the reply is hijacked: Fastify sends nothing more). */
  open(request: FastifyRequest, reply: FastifyReply, stream: OpenStream): void;
}

/** One server-sent event. */
function sse(event: string, data: unknown, id?: number): string {
  return `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The live screens' streams (issue 25, decision 49): the hub hears every announcement on the database;
 * each open stream gets its account's changes of the factories it follows, a comment line as a
 * heartbeat, and ends at its token's expiry. Announcements older than the retention are pruned here.
 */
async function livePlugin(app: FastifyInstance): Promise<void> {
  const hub = new LiveHub(app.db, {
    // Another instance's writes reach this one's kept answers too (decision 27 said they could lag).
    onEvent: (event) => {
      if (event.kinds.includes('configuration') || event.production_unit_ids === null) accountChanged(event.account_id);
      else unitsWritten(event.account_id, event.production_unit_ids);
    },
  });
  await hub.start();
  const ends = new Set<() => void>();

  const prune = setInterval(() => {
    hub.prune().catch((error: unknown) => app.log.warn({ err: error }, 'live events prune failed'));
  }, PRUNE_EVERY_MS);
  prune.unref();

  // Open streams would keep the server from closing: they end first.
  app.addHook('preClose', async () => {
    for (const end of [...ends]) end();
  });
  app.addHook('onClose', async () => {
    clearInterval(prune);
    await hub.stop();
  });

  // Every answer to a signed-in user (only api calls sign users in) says how far the changes it reflects
  // go (decision 49): a screen's first stream asks for what followed (Last-Event-ID), so a change made
  // between its first answers and the stream's opening is not lost. Read when the request arrives,
  // before the answer reads anything; sent only once the caller is known (the position counts every
  // account's announcements).
  app.decorateRequest('livePosition', null);
  app.addHook('onRequest', async (request) => {
    request.livePosition = hub.readPosition;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.livePosition !== null && request.user) void reply.header(LIVE_POSITION_HEADER, String(request.livePosition));
    return payload;
  });

  const streams: LiveStreams = {
    hub,
    get count() {
      return ends.size;
    },
    open(request, reply, { accountId, factoryIds, replay, endsAt }) {
      const raw = reply.raw;
      const headers: Record<string, string | string[] | number> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value as string | string[] | number;
      Object.assign(headers, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        // A proxy must pass each event on at once, not buffer the answer.
        'x-accel-buffering': 'no',
      });
      if (request.raw.httpVersionMajor < 2) headers.connection = 'keep-alive';
      reply.hijack();
      request.raw.socket?.setNoDelay(true);
      raw.writeHead(200, headers);

      let ended = false;
      const write = (text: string): void => {
        if (ended) return;
        raw.write(text);
        if (raw.writableLength > MAX_UNSENT_BYTES) end();
      };
      const heartbeat = setInterval(() => write(': keep-alive\n\n'), LIVE_HEARTBEAT_MS);
      heartbeat.unref();
      const expiry = setTimeout(() => {
        write(sse('expired', {}));
        end();
      }, Math.max(0, endsAt - Date.now()));
      expiry.unref();
      const unsubscribe = hub.subscribe({
        accountId,
        factoryIds: new Set(factoryIds),
        deliver: (lastId: number, changes: LiveChange[]) => write(sse('change', { changes } satisfies LiveMessage, lastId)),
        reset: () => write(sse('reset', {}, hub.position)),
      });
      function end(): void {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        clearTimeout(expiry);
        unsubscribe();
        ends.delete(end);
        raw.end();
      }
      ends.add(end);
      request.raw.on('close', end);
      raw.on('close', end);
      raw.on('error', end);

      // Reconnect after 1 s at first (the client's own backoff takes over when that fails).
      write('retry: 1000\n\n');
      if (replay === 'reset') write(sse('reset', {}, hub.position));
      else if (replay && replay.events.length > 0) write(sse('change', { changes: replay.events } satisfies LiveMessage, replay.lastId));
      write(sse('ready', { factory_ids: factoryIds }, replay && replay !== 'reset' ? replay.lastId : hub.position));
    },
  };
  app.decorate('live', streams);
}

export default fp(livePlugin, { name: 'live', dependencies: ['db'] });
