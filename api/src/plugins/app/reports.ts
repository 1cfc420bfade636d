import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, startEmbeddedSmtp, type Mailer } from '../../reports/mail.ts';
import { ReportsService } from '../../reports/reports-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    reports: ReportsService;
    /** The SMTP side, shared with the alerts' e-mails. */
    mail: { mailer: Mailer; from: string };
  }
}

/**
 * Scheduled e-mail reports: the SMTP side (SMTP_URL through nodemailer, or the embedded SMTP server
 * that keeps messages in DATA_DIR/mail) and, when REPORT_SCHEDULER is on, the loop that sends due
 * reports. Every instance may run the loop: the database decides who sends what (decision 23).
 */
async function reportsPlugin(app: FastifyInstance): Promise<void> {
  const { reports: config, dataDir, publicUrl } = app.config;
  let smtpUrl = config.smtpUrl;
  if (smtpUrl === null) {
    const embedded = await startEmbeddedSmtp(dataDir, config.embeddedSmtpPort);
    app.addHook('onClose', async () => embedded.close());
    smtpUrl = embedded.url;
    app.log.info({ port: embedded.port }, 'embedded SMTP server ready (messages kept in DATA_DIR/mail)');
  }
  const mailer = createMailer(smtpUrl);
  app.decorate('mail', { mailer, from: config.mailFrom });
  const service = new ReportsService({ db: app.db, mailer, publicUrl, mailFrom: config.mailFrom, log: app.log });
  app.decorate('reports', service);
  if (config.scheduler) app.addHook('onReady', async () => service.start(config.tickMs));
  app.addHook('onClose', async () => service.stop());
}

export default fp(reportsPlugin, { name: 'reports', dependencies: ['config', 'db'] });
