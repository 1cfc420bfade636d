import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { ConfigError, loadConfig } from '../src/config.ts';
import { build, call, Cleanup, DEMO } from './helper.ts';

const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

describe('MQTT connector (local Mosquitto)', () => {
  let app: FastifyInstance;
  let device: MqttClient;
  let factory: string;
  let key: string;
  // A prefix of its own, so parallel runs on one broker never see each other's messages.
  const prefix = `linepulse-test-${randomBytes(4).toString('hex')}/v1`;
  const acks: { topic: string; body: Record<string, unknown> }[] = [];
  const cleanup = new Cleanup();

  before(async () => {
    ({ app } = await build(cleanup, { MQTT_URL: BROKER, MQTT_TOPIC_PREFIX: prefix }));
    factory = (await call(app, DEMO.admin, { method: 'POST', url: '/api/factories', payload: { name: 'MQTT Plant', timezone: 'UTC' } })).body.id;
    await call(app, DEMO.admin, {
      method: 'PUT',
      url: `/api/factories/${factory}/configuration`,
      payload: {
        production_units: [{ key: 'press-1', name: 'Press 1' }],
        work_shifts: [],
        products: [],
        downtime_reasons: [{ key: 'jam', name: 'Jam', category: 'Mechanical', is_planned: false }],
      },
    });
    key = (await call(app, DEMO.admin, { method: 'POST', url: `/api/factories/${factory}/ingest-keys` })).body.key;
    device = await mqtt.connectAsync(BROKER, { clientId: `device-${randomBytes(4).toString('hex')}` });
    cleanup.after(() => device.endAsync());
    device.on('message', (topic, payload) => acks.push({ topic, body: JSON.parse(payload.toString()) }));
    await device.subscribeAsync(`${prefix}/+/acks`, { qos: 1 });
  });
  after(() => cleanup.run());

  async function ackFor(batchId: string): Promise<Record<string, unknown>> {
    for (let i = 0; i < 100; i += 1) {
      const found = acks.find((a) => a.body.batch_id === batchId);
      if (found) {
        assert.equal(found.topic, `${prefix}/${factory}/acks`);
        return found.body;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no ack for ${batchId}`);
  }
  const publish = (body: unknown, factoryId = factory) =>
    device.publishAsync(`${prefix}/${factoryId}/events`, typeof body === 'string' ? body : JSON.stringify(body), { qos: 1 });
  const stored = async (): Promise<number> =>
    (await app.db.query<{ n: number }>('SELECT count(*) AS n FROM unit_state_events WHERE factory_id = $1', [factory]))[0]!.n;

  it('stores a published batch and acknowledges it on the acks topic; a re-sent batch is all duplicates', async () => {
    const at = new Date(Date.now() - 60_000).toISOString();
    const batch = {
      key,
      batch_id: 'b-1',
      events: [
        { id: 'm-1', type: 'state', unit: 'press-1', at, state: 'stopped' },
        { id: 'm-2', type: 'justification', unit: 'press-1', from: at, to: new Date().toISOString(), reason: 'jam' },
      ],
    };
    await publish(batch);
    assert.deepEqual(await ackFor('b-1'), { batch_id: 'b-1', status: 'accepted', accepted: 2, duplicates: 0 });
    assert.equal(await stored(), 1);
    await publish({ ...batch, batch_id: 'b-2' });
    assert.deepEqual(await ackFor('b-2'), { batch_id: 'b-2', status: 'accepted', accepted: 0, duplicates: 2 });
  });

  it('refuses a bad key, another factory’s topic and invalid events with an error ack, storing nothing', async () => {
    const before = await stored();
    const event = { id: 'm-9', type: 'state', unit: 'press-1', at: new Date().toISOString(), state: 'running' };
    await publish({ key: 'lpk_wrong', batch_id: 'bad-key', events: [event] });
    const badKey = await ackFor('bad-key');
    assert.equal(badKey.status, 'refused');
    assert.equal((badKey.errors as { code: string }[])[0]!.code, 'AUTH_401');

    const otherFactory = '00000000-0000-4000-8000-000000000001';
    await publish({ key, batch_id: 'wrong-topic', events: [event] }, otherFactory);
    for (let i = 0; i < 100 && !acks.some((a) => a.body.batch_id === 'wrong-topic'); i += 1) await new Promise((r) => setTimeout(r, 50));
    const wrong = acks.find((a) => a.body.batch_id === 'wrong-topic')!;
    assert.equal(wrong.topic, `${prefix}/${otherFactory}/acks`);
    assert.equal((wrong.body.errors as { code: string }[])[0]!.code, 'AUTH_401');

    await publish({ key, batch_id: 'bad-event', events: [event, { ...event, id: 'm-10', unit: 'press-9' }] });
    const invalid = await ackFor('bad-event');
    assert.equal(invalid.status, 'refused');
    assert.deepEqual(invalid.errors, [
      { code: 'ING_UNIT_UNKNOWN', arguments: { index: 1, field: 'unit' }, message: 'events[1].unit: no production unit press-9 in this factory' },
    ]);
    assert.equal(await stored(), before, 'nothing stored');

    // Not JSON: refused without a batch id (the connector keeps running).
    await publish('not json');
    await publish({ key, batch_id: 'after-garbage', events: [event] });
    assert.equal((await ackFor('after-garbage')).status, 'accepted');
    assert.ok(acks.some((a) => a.body.batch_id === null && (a.body.errors as { code: string }[])[0]!.code === 'GEN_VALIDATION'));
  });

  it('refuses text it cannot store and wide offsets with the batch_id and each event index, storing nothing', async () => {
    const before = await stored();
    const at = new Date(Date.now() - 60_000).toISOString();
    await publish({
      key,
      batch_id: 'bad-text',
      events: [
        { id: 'ok-1', type: 'state', unit: 'press-1', at, state: 'running' },
        { id: 'nul\u0000id', type: 'state', unit: 'press-1', at, state: 'running' },
        { id: 'lone-\ud800', type: 'state', unit: 'press-1', at, state: 'running' },
        { id: 'wide', type: 'state', unit: 'press-1', at: '2024-03-01T10:00:00+17:00', state: 'running' },
      ],
    });
    const ack = await ackFor('bad-text');
    assert.equal(ack.status, 'refused');
    assert.deepEqual(
      (ack.errors as { code: string; arguments: { index: number; field: string } }[]).map((e) => [e.code, e.arguments.index, e.arguments.field]),
      [
        ['GEN_TEXT_INVALID', 1, 'id'],
        ['GEN_TEXT_INVALID', 2, 'id'],
        ['ING_FIELD_INVALID', 3, 'at'],
      ],
    );
    assert.equal(await stored(), before, 'nothing stored');
  });

  it('validates its configuration at start', () => {
    assert.throws(() => loadConfig({ MQTT_URL: 'http://broker:1883' }), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.ok(error.problems.some((p) => p.startsWith('MQTT_URL must use mqtt or mqtts')));
      return true;
    });
    assert.throws(() => loadConfig({ MQTT_URL: 'mqtt://broker', MQTT_TOPIC_PREFIX: 'a/#' }), ConfigError);
    assert.deepEqual(loadConfig({ MQTT_URL: 'mqtts://broker.example.com:8883' }).mqtt, {
      url: 'mqtts://broker.example.com:8883',
      topicPrefix: 'linepulse/v1',
      shareGroup: 'linepulse',
    });
    assert.equal(loadConfig({}).mqtt, null);
  });
});
