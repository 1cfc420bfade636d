import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/db.ts';
import { migrate, validateForeignKeys } from '../../db/migrate.ts';
import { openDb } from '../../db/open-db.ts';
import { seedDemoData } from '../../seed/seed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Opens the database (PostgreSQL or PGlite), applies migrations, seeds the demo accounts. */
async function dbPlugin(app: FastifyInstance, options: { db?: Db }): Promise<void> {
  const { config } = app;
  const started = Date.now();
  const db = options.db ?? (await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  app.decorate('db', db);
  // Closing a database handed in by the caller (tests) is the caller's business.
  if (!options.db) app.addHook('onClose', async () => db.close());

  const applied = await migrate(db);
  if (applied.length) app.log.info({ applied }, 'database migrations applied');
  const validated = await validateForeignKeys(db);
  if (validated.length) app.log.info({ validated }, 'foreign keys validated');
  if (config.seedDemo) {
    const created = await seedDemoData(db);
    if (created.length) app.log.info({ created }, 'demo data seeded');
  }
  app.log.info({ database: db.kind, ms: Date.now() - started }, 'database ready');
}

export default fp(dbPlugin, { name: 'db', dependencies: ['config'] });
