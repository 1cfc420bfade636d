import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';
import { RemoteLocations } from '../../remote-locations.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** Where the remotes live now (REMOTE_<NAME>_URL, over which REMOTES_FILE, re-read when it changes). */
    remoteLocations: RemoteLocations;
  }
}

async function configPlugin(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  app.decorate('config', options.config);
  app.decorate('remoteLocations', new RemoteLocations(options.config.remoteUrls, options.config.remotesFile, app.log));
}

export default fp(configPlugin, { name: 'config' });
