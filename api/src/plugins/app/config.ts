import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

async function configPlugin(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  app.decorate('config', options.config);
}

export default fp(configPlugin, { name: 'config' });
