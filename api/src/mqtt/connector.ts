import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import type { MqttConfig } from '../config.ts';
import type { Queryable } from '../db/db.ts';
import { findIngestKeyOwner } from '../db/ingest-keys.ts';
import { ApiError, errors, isDatabaseUnavailable } from '../errors.ts';
import { ingestEvents } from '../ingestion/ingest-events.ts';
import { withoutPassword } from '../plugins/app/log-serializers.ts';
import { ERROR_CODES, type ApiErrorItem } from '@linepulse/contracts';

/** What a device gets back on `<prefix>/<factoryId>/acks`. */
export type MqttAck =
  | { batch_id: string | null; status: 'accepted'; accepted: number; duplicates: number }
  | { batch_id: string | null; status: 'refused'; errors: ApiErrorItem[] };

export interface MqttLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface MqttConnector {
  close(): Promise<void>;
}

/** The topics of one factory. */
export function mqttTopics(prefix: string, factoryId: string): { events: string; acks: string } {
  return { events: `${prefix}/${factoryId}/events`, acks: `${prefix}/${factoryId}/acks` };
}

const CONNECT_TIMEOUT_MS = 10_000;
/** What a refused batch's ack suggests waiting when the database is away (as HTTP's Retry-After). */
const RETRY_AFTER_SECONDS = 5;

function refused(batchId: string | null, item: ApiErrorItem | ApiErrorItem[]): MqttAck {
  return { batch_id: batchId, status: 'refused', errors: Array.isArray(item) ? item : [item] };
}

/**
 * One message, start to end: the payload `{ key, batch_id?, events }` is authenticated by its ingest
 * key, which must belong to the factory of the topic, then goes through the same ingestEvents as HTTP.
 */
export async function handleMqttBatch(db: Queryable, factoryId: string, payload: Buffer, log?: MqttLogger): Promise<MqttAck> {
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    return refused(null, { code: ERROR_CODES.validation, arguments: { field: 'payload' }, message: 'The payload is not JSON.' });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return refused(null, { code: ERROR_CODES.validation, arguments: { field: 'payload' }, message: 'The payload must be an object { key, batch_id, events }.' });
  }
  const { key, batch_id: rawBatchId, events } = body as { key?: unknown; batch_id?: unknown; events?: unknown };
  const batchId = typeof rawBatchId === 'string' && rawBatchId.length <= 200 ? rawBatchId : null;
  try {
    const owner = typeof key === 'string' ? await findIngestKeyOwner(db, key) : null;
    if (!owner || owner.factory_id !== factoryId) {
      return refused(batchId, { code: ERROR_CODES.unauthenticated, arguments: {}, message: 'The ingest key is missing, invalid, revoked or not this factory’s.' });
    }
    const result = await ingestEvents(db, { accountId: owner.account_id, factoryId, configVersion: owner.config_version }, events);
    return { batch_id: batchId, status: 'accepted', ...result };
  } catch (error) {
    // Every refusal names its batch, so that the device knows which one to fix or to send again.
    if (error instanceof ApiError) return refused(batchId, error.items);
    if (isDatabaseUnavailable(error)) {
      log?.warn({ err: error }, 'mqtt batch: database unavailable');
      return refused(batchId, errors.unavailable(RETRY_AFTER_SECONDS));
    }
    log?.error({ err: error }, 'mqtt batch failed');
    return refused(batchId, { code: ERROR_CODES.unexpected, arguments: { code: 500 }, message: 'An unexpected error occurred.' });
  }
}

/**
 * Subscribes (QoS 1, shared subscription `$share/<group>/<prefix>/+/events`, so several api instances
 * split the load) and answers every batch on the factory's acks topic. A message is acknowledged to the
 * broker (PUBACK) only after its batch is committed or refused; mqtt.js hands messages over one at a
 * time per instance. Resolves once subscribed; rejects when the broker cannot be reached at start.
 */
export async function startMqttConnector(config: MqttConfig, db: Queryable, log: MqttLogger): Promise<MqttConnector> {
  const clientId = `linepulse-${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`.slice(0, 64);
  const client: MqttClient = await mqtt.connectAsync(config.url, {
    clientId,
    clean: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    reconnectPeriod: 2_000,
  }, false);
  client.on('error', (error) => log.warn({ err: error }, 'mqtt error'));
  client.on('reconnect', () => log.info({ url: withoutPassword(config.url) }, 'mqtt reconnecting'));

  const pattern = new RegExp(`^${config.topicPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/([^/]+)/events$`);
  client.handleMessage = (packet: IPublishPacket, callback: (error?: Error) => void): void => {
    const match = pattern.exec(packet.topic);
    if (!match) {
      callback();
      return;
    }
    const factoryId = match[1]!;
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    handleMqttBatch(db, factoryId, payload, log)
      .catch((error: unknown): MqttAck => {
        // Not expected (handleMqttBatch answers every batch it could read); the device sees GEN_500 and
        // sends the batch again (ids make that safe).
        log.error({ err: error, topic: packet.topic }, 'mqtt batch failed');
        return refused(null, { code: ERROR_CODES.unexpected, arguments: { code: 500 }, message: 'An unexpected error occurred.' });
      })
      .then((ack) => {
        // Not awaited: the broker's PUBACK for the ack arrives on the incoming stream, which waits for
        // this callback — awaiting it here would deadlock.
        client.publish(mqttTopics(config.topicPrefix, factoryId).acks, JSON.stringify(ack), { qos: 1 }, (error) => {
          if (error) log.warn({ err: error }, 'mqtt ack not published');
        });
        callback();
      });
  };

  const subscription = `$share/${config.shareGroup}/${config.topicPrefix}/+/events`;
  await client.subscribeAsync(subscription, { qos: 1 });
  log.info({ url: withoutPassword(config.url), subscription }, 'mqtt connector subscribed');

  return {
    async close(): Promise<void> {
      await client.endAsync();
    },
  };
}
