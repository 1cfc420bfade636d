import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AlertService } from '../../alerts/alert-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    alerts: AlertService;
  }
}

/** Kinds of announcement after which a factory's rules look again (not 'alert': their own). */
const WATCHED = new Set(['state', 'counts', 'justification', 'configuration', 'history']);

/**
 * Alerts (issue 25, decision 51): the service evaluates a factory's rules when the live channel says it
 * changed (any instance's write), takes due timers and sends deliveries every second. At start, every
 * factory with rules is looked at once (timers set before a restart are kept in the database anyway).
 */
async function alertsPlugin(app: FastifyInstance): Promise<void> {
  const service = new AlertService({ db: app.db, mailer: app.mail.mailer, mailFrom: app.mail.from, publicUrl: app.config.publicUrl, log: app.log });
  app.decorate('alerts', service);
  const stopHearing = app.live.hub.hear((event) => {
    if (event.kinds.some((k) => WATCHED.has(k))) service.changed(event.account_id, event.factory_id, event.kinds.includes('configuration') ? null : event.production_unit_ids);
  });
  app.addHook('onReady', async () => {
    service.start();
    const factories = await app.db.query<{ account_id: string; factory_id: string }>('/* all accounts: alert rules at start */ SELECT DISTINCT account_id, factory_id FROM alert_rules WHERE enabled');
    for (const f of factories) service.changed(f.account_id, f.factory_id, null);
  });
  app.addHook('onClose', async () => {
    stopHearing();
    await service.stop();
  });
}

export default fp(alertsPlugin, { name: 'alerts', dependencies: ['db', 'live', 'reports'] });
