import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startMqttConnector } from './connector.ts';

/** The MQTT connector, when MQTT_URL is set: started with the app, closed with it. */
async function mqttPlugin(app: FastifyInstance): Promise<void> {
  const { mqtt } = app.config;
  if (!mqtt) return;
  const connector = await startMqttConnector(mqtt, app.db, app.log.child({ module: 'mqtt' }));
  app.addHook('onClose', async () => connector.close());
}

export default fp(mqttPlugin, { name: 'mqtt', dependencies: ['config', 'db'] });
