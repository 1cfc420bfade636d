/**
 * `pnpm bench:reports`: the budgets of issue 13 on PostgreSQL, with Demo Co. and its simulated history
 * (`--days`, 40 by default):
 *  - render: each of the four templates for the demo factories' lines (5) and shifts, figures + PNG
 *    charts + HTML, `--runs` times each (p50/p95 over all renders) — budget p95 ≤ 1 s;
 *  - delivery: `--reports` reports (1 000) due in the same minute, one recipient each, sent by two
 *    scheduler instances (two connection pools, the real loop) to a local SMTP server that counts what
 *    it receives — budget: all delivered within 2 minutes, none twice.
 * It prints figures; it asserts nothing.
 *
 * Options: DATABASE_URL (server, default postgres://postgres@127.0.0.1:5432/), --days=40 --runs=10
 * --reports=1000 --template=downtime_by_production_line (the delivery run's template) --keep.
 */
import { DateTime } from 'luxon';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { randomUUID } from 'node:crypto';
import { migrate } from '../src/db/migrate.ts';
import { createPgDb } from '../src/db/pg-db.ts';
import { insertReport } from '../src/db/email-reports.ts';
import { createMailer } from '../src/reports/mail.ts';
import { ReportsService } from '../src/reports/reports-service.ts';
import { seedDemoData } from '../src/seed/seed.ts';
import { ensureDemoHistory } from '../src/simulator/demo.ts';
import { REPORT_TEMPLATES, type EmailReportInput, type ReportTemplate } from '@linepulse/contracts';

function option(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : (process.env[`BENCH_${name.toUpperCase()}`] ?? fallback);
}
const DAYS = Number(option('days', '40'));
const RUNS = Number(option('runs', '10'));
const REPORTS = Number(option('reports', '1000'));
const DELIVERY_TEMPLATE = option('template', 'downtime_by_production_line') as ReportTemplate;
const KEEP = process.argv.includes('--keep');
const SERVER_URL = (process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/').replace(/\/[^/]*$/, '');
const log = (...args: unknown[]): void => console.log(...args);
const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};

async function main(): Promise<void> {
  const database = `linepulse_bench_reports_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: `${SERVER_URL}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = `${SERVER_URL}/${database}`;
  const db = createPgDb(url);
  const second = createPgDb(url);
  const smtp = await countingSmtp();
  try {
    const started = Date.now();
    await migrate(db);
    await seedDemoData(db);
    const history = await ensureDemoHistory(db, { days: DAYS });
    log(`demo history: ${history.facts ?? 0} facts over ${DAYS} days in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // Enough room for the delivery run: the bench account gets the largest package.
    await db.query(`UPDATE accounts SET report_package = 'enterprise'`);
    const [owner] = await db.query<{ id: string; account_id: string }>(`SELECT id, account_id FROM users WHERE email = 'operation@demo.linepulse.test'`);
    const factories = await db.query<{ id: string; name: string; timezone: string }>('SELECT id, name, timezone FROM factories WHERE account_id = $1 ORDER BY name', [owner!.account_id]);
    const scope = async (factoryId: string) => ({
      units: (await db.query<{ id: string }>('SELECT id FROM production_units WHERE factory_id = $1 ORDER BY sort_order, name LIMIT 5', [factoryId])).map((r) => r.id),
      shifts: (await db.query<{ id: string }>('SELECT id FROM work_shifts WHERE factory_id = $1 ORDER BY sort_order, start_local LIMIT 5', [factoryId])).map((r) => r.id),
    });
    const input = (template: ReportTemplate, s: { units: string[]; shifts: string[] }, timezone: string, overrides: Partial<EmailReportInput> = {}): EmailReportInput => ({
      title: 'Bench',
      template,
      frequency: 'daily',
      schedule_type: 'last',
      duration: 1,
      time_unit: 'day',
      recipients: ['bench@demo.linepulse.test'],
      production_unit_ids: s.units,
      work_shift_ids: s.shifts,
      language: 'en',
      day: null,
      time: '06:00',
      timezone,
      ...overrides,
    });

    // 1. Rendering: figures, charts, HTML; daily and weekly windows, every template, every demo factory.
    const service = new ReportsService({ db, mailer: createMailer(smtp.url), publicUrl: 'https://localhost:8443', mailFrom: 'bench@linepulse.test' });
    const times: Record<string, number[]> = {};
    for (let run = 0; run < RUNS; run++) {
      for (const factory of factories) {
        const s = await scope(factory.id);
        for (const template of REPORT_TEMPLATES) {
          const unit = run % 2 === 0 ? 'day' : 'week';
          const t0 = performance.now();
          await service.render({ ...input(template, s, factory.timezone, { time_unit: unit }), account_id: owner!.account_id, factory_id: factory.id, id: null }, Date.now());
          (times[template] ??= []).push(performance.now() - t0);
        }
      }
    }
    const all = Object.values(times).flat();
    log(`\nrender (figures + PNG charts + HTML), ${all.length} renders (${RUNS} runs × ${factories.length} factories × 4 templates; last day and last week):`);
    for (const [template, list] of Object.entries(times)) log(`  ${template.padEnd(28)} p50 ${percentile(list, 50).toFixed(0)} ms  p95 ${percentile(list, 95).toFixed(0)} ms`);
    log(`  all                          p50 ${percentile(all, 50).toFixed(0)} ms  p95 ${percentile(all, 95).toFixed(0)} ms  (budget p95 ≤ 1000 ms: ${percentile(all, 95) <= 1000 ? 'OK' : 'OVER'})`);
    await service.stop();

    // 2. Delivery: REPORTS reports due in the same minute, two instances sending.
    const due = DateTime.now().plus({ minutes: 2 }).startOf('minute');
    const createdAt = due.minus({ minutes: 1 }).toMillis();
    const time = due.setZone('UTC').toFormat('HH:mm');
    for (let i = 0; i < REPORTS; i++) {
      const factory = factories[i % factories.length]!;
      const s = await scope(factory.id);
      await insertReport(db, owner!.account_id, owner!.id, factory.id, input(DELIVERY_TEMPLATE, s, 'UTC', { time, recipients: [`r${i}@bench.linepulse.test`] }), createdAt);
    }
    log(`\ndelivery: ${REPORTS} reports (${DELIVERY_TEMPLATE}, last day) due at ${due.toISO()}, two instances ticking every second`);
    const instances = [db, second].map((d) => new ReportsService({ db: d, mailer: createMailer(smtp.url), publicUrl: 'https://localhost:8443', mailFrom: 'bench@linepulse.test', concurrency: 4 }));
    while (Date.now() < due.toMillis()) await new Promise((r) => setTimeout(r, 200));
    const t0 = Date.now();
    for (const instance of instances) instance.start(1_000);
    let last = -1;
    while (smtp.count < REPORTS && Date.now() - t0 < 10 * 60_000) {
      await new Promise((r) => setTimeout(r, 1_000));
      if (smtp.count !== last && (Date.now() - t0) % 10_000 < 1_000) log(`  ${((Date.now() - t0) / 1000).toFixed(0)} s: ${smtp.count} delivered`);
      last = smtp.count;
    }
    const elapsed = (Date.now() - t0) / 1000;
    await Promise.all(instances.map((i) => i.stop()));
    const [counts] = await db.query<{ sent: number; rows: number; per_report_max: number }>(
      `SELECT count(*) FILTER (WHERE status = 'sent') AS sent, count(*) AS rows,
              (SELECT max(n) FROM (SELECT count(*) AS n FROM email_report_deliveries GROUP BY report_id) x) AS per_report_max
         FROM email_report_deliveries`,
    );
    const distinct = new Set(smtp.recipients).size;
    log(`  all ${smtp.count} delivered in ${elapsed.toFixed(1)} s (budget ≤ 120 s: ${smtp.count >= REPORTS && elapsed <= 120 ? 'OK' : 'OVER'})`);
    log(`  messages received ${smtp.count}, distinct recipients ${distinct} (sent twice: ${smtp.count - distinct}); delivery rows ${counts!.rows}, sent ${counts!.sent}, most rows for one report ${counts!.per_report_max}`);
  } finally {
    await db.close();
    await second.close();
    await smtp.close();
    if (!KEEP) await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    else log(`kept database ${database}`);
    await admin.end();
  }
}

/** A local SMTP server that counts messages and their recipients. */
async function countingSmtp(): Promise<{ url: string; count: number; recipients: string[]; close(): Promise<void> }> {
  const state = { count: 0, recipients: [] as string[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        state.count++;
        state.recipients.push(...session.envelope.rcptTo.map((r) => r.address));
        callback(null, `ok ${randomUUID()}`);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    get count() {
      return state.count;
    },
    get recipients() {
      return state.recipients;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

await main();
