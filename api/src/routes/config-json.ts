import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { RemoteUrls } from '../remote-locations.ts';
import { APP_VERSION, REMOTE_NAMES, type RemoteName, type RuntimeConfig } from '@linepulse/contracts';

/** The host's runtime configuration, with the remotes where they live now (`remoteUrls`: the overrides). */
export function runtimeConfig(config: AppConfig, remoteUrls: RemoteUrls = config.remoteUrls): RuntimeConfig {
  const { publicUrl, oidc } = config;
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, remoteUrls[name] ?? `${publicUrl}/remotes/${name}/mf-manifest.json`]),
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
  // Built once per version of the remotes' locations (they change without a restart).
  let body: { version: number; text: string } | null = null;
  app.get('/config.json', async (_request, reply) => {
    const remotes = app.remoteLocations.current();
    const version = app.remoteLocations.version;
    if (body?.version !== version) body = { version, text: JSON.stringify(await withEmbeddedMetadata(app, runtimeConfig(app.config, remotes))) };
    return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(body.text);
  });
};

/**
 * With the embedded provider, the config carries its discovery document (asked of the provider itself,
 * in process, at the first request once every route is ready), so the browser's MSAL does not fetch it
 * before its first token. An external provider's document is left to MSAL: it may change under us.
 */
async function withEmbeddedMetadata(app: FastifyInstance, config: RuntimeConfig): Promise<RuntimeConfig> {
  if (!app.embeddedOidc) return config;
  const discovery = await app.inject({ method: 'GET', url: `${new URL(app.embeddedOidc.issuer).pathname}/.well-known/openid-configuration` });
  if (discovery.statusCode !== 200) {
    app.log.warn({ status: discovery.statusCode }, 'embedded provider discovery unavailable: MSAL will fetch it');
    return config;
  }
  return { ...config, auth: { ...config.auth, authorityMetadata: discovery.body } };
}
