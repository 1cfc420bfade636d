import { TypeBoxValidatorCompiler, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { rememberZoneOffsets } from '@linepulse/contracts';
import type { AppConfig } from './config.ts';
import type { Db } from './db/db.ts';
import compress from './plugins/external/compress.ts';
import embedCors from './plugins/external/embed-cors.ts';
import securityHeaders from './plugins/external/security-headers.ts';
import staticFiles from './plugins/external/static.ts';
import auth from './plugins/app/auth.ts';
import configPlugin from './plugins/app/config.ts';
import dbPlugin from './plugins/app/db.ts';
import errorHandler, { MAX_HEADER_BYTES, errorServerOptions, http2HeaderLimit } from './plugins/app/error-handler.ts';
import { withSerializers } from './plugins/app/log-serializers.ts';
import heavyCalls from './plugins/app/heavy-calls.ts';
import live from './plugins/app/live.ts';
import readReplica from './plugins/app/read-replica.ts';
import alerts from './plugins/app/alerts.ts';
import rollupSweep from './plugins/app/rollup-sweep.ts';
import oidc from './plugins/app/oidc.ts';
import openapi from './plugins/app/openapi.ts';
import mqtt from './mqtt/plugin.ts';
import reports from './plugins/app/reports.ts';
import startupGate, { type StartupProgress } from './startup/startup-gate.ts';
import { emailReportRoutes } from './routes/email-reports.ts';
import { accountRoutes } from './routes/accounts.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { opportunityPageRoutes } from './routes/opportunity-pages.ts';
import { downtimeRoutes } from './routes/downtimes.ts';
import { exportRoutes } from './routes/exports.ts';
import { configJsonRoutes } from './routes/config-json.ts';
import { configurationRoutes } from './routes/configuration.ts';
import { currencyRoutes } from './routes/currency-list.ts';
import { customPeriodRoutes } from './routes/custom-periods.ts';
import { factoryRoutes } from './routes/factories.ts';
import { filterRoutes } from './routes/filters.ts';
import { healthRoutes } from './routes/health.ts';
import { ingestRoutes } from './routes/ingest.ts';
import { liveRoutes } from './routes/live.ts';
import { justificationRoutes } from './routes/justifications.ts';
import { alertRoutes } from './routes/alerts.ts';
import { historyImportRoutes } from './routes/history-imports.ts';
import { preferencesRoutes } from './routes/preferences.ts';
import { workShiftRoutes } from './routes/work-shifts.ts';

export interface AppOptions {
  config: AppConfig;
  /** A database opened by the caller (tests); otherwise opened from the config and closed with the app. */
  db?: Db;
  /** A first start still preparing (apps to build, demo history to make): answers wait behind a progress page. */
  startup?: StartupProgress;
}

/**
 * The whole server as one plugin: third-party wiring, then domain services, then routes.
 * Main API under /api, dashboard API under /dashboard-api, the embedded provider under /oidc,
 * /config.json, the remotes under /remotes/<name>/ and the host at /.
 */
export const linepulse = fp(
  async (app: FastifyInstance, options: AppOptions) => {
    // The engine makes hundreds of thousands of DateTimes in factory zones a minute under load; luxon
    // otherwise asks Intl for each one's offset (contracts/src/zone-offsets.ts).
    rememberZoneOffsets();
    app.setValidatorCompiler(TypeBoxValidatorCompiler);
    await app.register(configPlugin, { config: options.config });
    // First: every answer, errors and the provider's pages included, carries the security headers.
    await app.register(securityHeaders);
    await app.register(embedCors);
    await app.register(errorHandler);
    if (options.startup) await app.register(startupGate, { progress: options.startup });
    // Before any route: its hook attaches to the routes declared after it.
    await app.register(compress);
    await app.register(openapi);
    await app.register(dbPlugin, options.db ? { db: options.db } : {});
    await app.register(rollupSweep);
    await app.register(live);
    await app.register(readReplica);
    await app.register(heavyCalls);
    await app.register(oidc);
    await app.register(auth);
    await app.register(staticFiles);
    await app.register(mqtt);
    await app.register(reports);
    await app.register(alerts);

    await app.register(configJsonRoutes);
    await app.register(
      async (api) => {
        await api.register(healthRoutes);
        await api.register(preferencesRoutes);
        await api.register(factoryRoutes);
        await api.register(workShiftRoutes);
        await api.register(currencyRoutes);
        await api.register(customPeriodRoutes);
        await api.register(filterRoutes);
        await api.register(analyticsRoutes);
        await api.register(opportunityPageRoutes);
        await api.register(downtimeRoutes);
        await api.register(exportRoutes);
        await api.register(configurationRoutes);
        await api.register(ingestRoutes);
        await api.register(liveRoutes);
        await api.register(justificationRoutes);
        await api.register(alertRoutes);
        await api.register(historyImportRoutes);
        await api.register(emailReportRoutes);
      },
      { prefix: '/api' },
    );
    await app.register(accountRoutes, { prefix: '/dashboard-api' });
  },
  { name: 'linepulse' },
);

export interface BuildOptions extends AppOptions {
  https?: { key: string; cert: string } | null;
  logger?: FastifyServerOptions['logger'];
}

/** Fastify's trustProxy; a number of hops as the function Fastify itself makes of one (its types omit numbers). */
function trustProxyOption(trust: AppConfig['trustProxy']): FastifyServerOptions['trustProxy'] {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** A ready-to-listen (or to `inject`) Fastify instance. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const base: FastifyServerOptions = {
    // Request URLs in the log without unsubscribe tokens nor addresses (log-serializers.ts), whatever
    // logger options the caller gives.
    logger: withSerializers(options.logger ?? { level: options.config.logLevel }),
    // A log line per request at info, unless LOG_REQUESTS=false (the demo start: decision 44).
    logController: new LogController({ disableRequestLogging: !options.config.logRequests }),
    bodyLimit: 1024 * 1024,
    // Interaction uids and ids in paths are longer than find-my-way's default limit of 100.
    routerOptions: { maxParamLength: 500 },
    // A first start creates the embedded database (initdb), migrates and seeds the demo company: on a
    // busy 2-core machine that takes longer than Fastify's 10 s default for a plugin to load.
    pluginTimeout: 300_000,
    // Client address and protocol from X-Forwarded-* only when the operator says which proxies to trust.
    trustProxy: trustProxyOption(options.config.trustProxy),
    // Refusals made before any route (by Node's HTTP parser or Fastify's router) in the documented shape.
    ...errorServerOptions,
  };
  // Fastify's overloads pick the server type from the options; both end up as the same instance API here.
  const create = Fastify as unknown as (
    opts: FastifyServerOptions & { http2?: boolean; https?: BuildOptions['https'] & { allowHTTP1?: boolean; settings?: { maxHeaderListSize: number } } },
  ) => FastifyInstance;
  // With HTTP2=true, over TLS the api speaks HTTP/2 with HTTP/1.1 kept for clients without it
  // (decision 46): a page loads some forty files and a dozen answers at once, which HTTP/1.1 queues six at
  // a time per origin, each with its full headers. Header lists over 16 KiB are refused on both
  // (http2HeaderLimit for HTTP/2).
  const http2 = !!options.https && options.config.http2;
  const app = create(
    options.https
      ? { ...base, ...(http2 ? { http2: true, https: { allowHTTP1: true, settings: { maxHeaderListSize: MAX_HEADER_BYTES }, ...options.https } } : { https: options.https }) }
      : base,
  );
  if (http2) app.addHook('onRequest', http2HeaderLimit);
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  await typed.register(linepulse, { config: options.config, ...(options.db ? { db: options.db } : {}), ...(options.startup ? { startup: options.startup } : {}) });
  return app;
}
