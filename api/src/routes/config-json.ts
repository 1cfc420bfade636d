import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppConfig } from '../config.ts';
import { APP_VERSION, REMOTE_NAMES, type RemoteName, type RuntimeConfig } from '../rules.ts';

export function runtimeConfig(config: AppConfig): RuntimeConfig {
  const { publicUrl, oidc } = config;
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, config.remoteUrls[name] ?? `${publicUrl}/remotes/${name}/mf-manifest.json`]),
  ) as Record<RemoteName, string>;
  return {
    version: APP_VERSION,
    auth: {
      authority: oidc.authority,
      clientId: oidc.clientId,
      knownAuthorities: [new URL(oidc.authority).host],
      apiScope: oidc.apiScope,
      isEntra: oidc.isEntra,
    },
    apiBase: `${publicUrl}/api`,
    dashboardApiBase: `${publicUrl}/dashboard-api`,
    remotes,
    sisterProductUrl: config.sisterProductUrl,
  };
}

/** GET /config.json: the host's runtime configuration (auth, API bases, remote manifests). */
export const configJsonRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const body = JSON.stringify(runtimeConfig(app.config));
  app.get('/config.json', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(body),
  );
};
