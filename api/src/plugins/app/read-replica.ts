import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/db.ts';
import { createPgDb } from '../../db/pg-db.ts';
import { ReadRouting, setReadAccount, withReadContext } from '../../db/read-replica.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What analytics, lists and exports read: the replica where it may serve (decision 52), else `db`. */
    reads: Db;
    /** The routing between the primary and the replica; null without DATABASE_READ_URL. */
    readRouting: ReadRouting | null;
  }
}

/**
 * A request that changes something: any but GET and HEAD, except the analytics calls, which are POSTs
 * because their bodies are large but only read (their derivation's writes are the engine's, not the user's).
 */
function isUserWrite(request: FastifyRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  const tags = (request.routeOptions.schema as { tags?: string[] } | undefined)?.tags ?? [];
  return !(request.method === 'POST' && tags.includes('analytics'));
}

/**
 * Reads on a streaming replica (issue 26, docs/decisions/0052-read-replica.md). Each request gets a
 * routing context (its account once signed in; whether it wrote); a user's successful write keeps the
 * primary's WAL position for the account before the answer leaves, and so does a person's write
 * announced by another instance; the live channel tells screens of a change once the replica has it.
 */
async function readReplicaPlugin(app: FastifyInstance): Promise<void> {
  const replica = app.config.readReplica;
  if (!replica) {
    app.decorate('reads', app.db);
    app.decorate('readRouting', null);
    return;
  }
  const replicaDb = createPgDb(replica.url);
  const routing = new ReadRouting(app.db, replicaDb, { maxLagMs: replica.maxLagMs, log: app.log });
  app.decorate('reads', routing.reads);
  app.decorate('readRouting', routing);
  app.addHook('onRequest', (_request, _reply, done) => withReadContext(done));
  app.addHook('preHandler', async (request) => {
    if (request.user) setReadAccount(request.user.account_id);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isUserWrite(request) && reply.statusCode < 400 && request.user) await routing.noteWrite(request.user.account_id);
    return payload;
  });
  // A configuration announced by any instance (only ever a person's write; 'justification' is also what
  // machines' own reasons announce, continuously on a busy line): its author's next call may land here,
  // and reads the primary until the replica has it. Screens are told of every change only once the
  // replica has it, so their refetch needs no such wait.
  const stopHearing = app.live.hub.hear((event) => {
    if (event.kinds.includes('configuration')) void routing.noteWrite(event.account_id).catch(() => undefined);
  });
  app.live.hub.setDeliveryGate(() => routing.caughtUpNow());
  app.addHook('onReady', () => routing.start());
  app.addHook('onClose', async () => {
    stopHearing();
    app.live.hub.setDeliveryGate(null);
    await routing.stop();
    await replicaDb.close();
  });
  app.log.info({ maxLagMs: replica.maxLagMs }, 'analytics, lists and exports read the replica (DATABASE_READ_URL)');
}

export default fp(readReplicaPlugin, { name: 'read-replica', dependencies: ['db', 'live'] });
