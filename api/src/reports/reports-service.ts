import { createHash } from 'node:crypto';
import {
  nextReportDelivery,
  recipientAllowed,
  reportWindow,
  type ReportDelivery,
  type ReportFrequency,
  type ReportScheduleType,
  type ReportTimeUnit,
  type FactoryCalendar,
} from '@linepulse/contracts';
import type { Db } from '../db/db.ts';
import { findStoredReport, type StoredReport } from '../db/email-reports.ts';
import { composeMessage, type Mailer } from './mail.ts';
import { recipientPolicy, withoutAddresses } from './recipients.ts';
import { renderReport, UNSUBSCRIBE_PLACEHOLDER, type RenderableReport, type RenderedReport } from './render.ts';
import { unsubscribeUrl } from './unsubscribe.ts';

export interface ReportsServiceOptions {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  mailFrom: string;
  /** Epoch ms; tests move it. */
  clock?: () => number;
  /** Retries after a failed send, and how long each waits (ms): the last entry repeats. */
  retryDelaysMs?: readonly number[];
  maxAttempts?: number;
  /** How long a sender holds a delivery before another instance may take it over. */
  claimMs?: number;
  /** Deliveries claimed per round, and sent at once. */
  batch?: number;
  concurrency?: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

interface DueRow {
  id: string;
  account_id: string;
  frequency: ReportFrequency;
  day: number | null;
  time: string;
  timezone: string;
  schedule_type: ReportScheduleType;
  duration: number;
  time_unit: ReportTimeUnit;
  recipients: string[];
  next_due_at: string;
  factory_timezone: string;
  production_day_minutes_from_midnight: number;
  week_first_day: FactoryCalendar['week_first_day'];
  year_first_month: FactoryCalendar['year_first_month'];
}

interface ClaimedRow {
  account_id: string;
  id: string;
  report_id: string;
  kind: 'scheduled' | 'test';
  due_at: string;
  recipients: string[];
  sent_to: string[];
  attempts: number;
}

/** The HTML with its cid: charts as data: URLs (a browser shows those; the product's CSP allows them). */
function inlineImages(rendered: RenderedReport): string {
  let html = rendered.html;
  for (const image of rendered.images) html = html.replaceAll(`cid:${image.cid}`, `data:image/png;base64,${image.content.toString('base64')}`);
  return html;
}

const DELIVERY_COLUMNS = `id, report_id, kind, due_at, status, attempts, recipients, skipped_to AS skipped_recipients, window_start, window_end, subject,
  smtp_response, sent_at, next_attempt_at, created_at`;

/**
 * Renders and sends reports, and runs the schedule (decision 23). Every instance runs the same loop;
 * PostgreSQL row locks decide who does what:
 * 1. `schedule`: due reports are locked with SKIP LOCKED; each gets one delivery row for its due
 *    instant (unique per report and instant: a second insert does nothing) and its next instant.
 * 2. `work`: pending deliveries are claimed (SKIP LOCKED, held for `claimMs`), rendered and sent one
 *    message per recipient; each accepted recipient is recorded at once, so a retry after a partial
 *    failure sends only to the others, and a delivery marked sent is never taken again.
 */
export class ReportsService {
  private readonly db: Db;
  private readonly mailer: Mailer;
  private readonly clock: () => number;
  private readonly retryDelaysMs: readonly number[];
  private readonly maxAttempts: number;
  private readonly claimMs: number;
  private readonly batch: number;
  private readonly concurrency: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly options: ReportsServiceOptions) {
    this.db = options.db;
    this.mailer = options.mailer;
    this.clock = options.clock ?? Date.now;
    this.retryDelaysMs = options.retryDelaysMs ?? [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];
    this.maxAttempts = options.maxAttempts ?? 5;
    this.claimMs = options.claimMs ?? 5 * 60_000;
    this.batch = options.batch ?? 20;
    this.concurrency = options.concurrency ?? 4;
  }

  /** Figures, charts and HTML of a report as it would be sent at `dueAt`. */
  async render(report: RenderableReport, dueAt: number, extra: { inlineImages?: boolean; test?: boolean } = {}): Promise<RenderedReport> {
    const [factory] = await this.db.query<{ name: string }>('SELECT name FROM factories WHERE account_id = $1 AND id = $2', [report.account_id, report.factory_id]);
    const rendered = await renderReport(this.db, report, dueAt, { publicUrl: this.options.publicUrl, factoryName: factory?.name ?? '', now: this.clock(), ...extra });
    if (extra.inlineImages) {
      // A preview has no recipient: its unsubscribe link goes nowhere.
      return { ...rendered, html: inlineImages(rendered).replaceAll(UNSUBSCRIBE_PLACEHOLDER, '#'), text: rendered.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, '-') };
    }
    return rendered;
  }

  /** Sends the report now to one address (the caller), recorded as a test delivery; waits for the outcome. */
  async sendTest(accountId: string, reportId: string, address: string): Promise<ReportDelivery> {
    const report = await findStoredReport(this.db, accountId, reportId);
    if (!report) throw new Error(`report ${reportId} is gone`);
    const now = this.clock();
    const calendar = await this.calendarOf(report);
    const window = reportWindow(report, now, calendar);
    const [row] = await this.db.query<ClaimedRow>(
      `INSERT INTO email_report_deliveries (account_id, report_id, kind, due_at, status, attempts, recipients, window_start, window_end, claimed_until)
       VALUES ($1, $2, 'test', $3, 'sending', 1, $4, $5, $6, $7) RETURNING account_id, id, report_id, kind, due_at, recipients, sent_to, attempts`,
      [report.account_id, report.id, new Date(now).toISOString(), [address], new Date(window.start).toISOString(), new Date(window.end).toISOString(), new Date(now + this.claimMs).toISOString()],
    );
    await this.deliver(row!);
    const [delivery] = await this.db.query<ReportDelivery>(`SELECT ${DELIVERY_COLUMNS} FROM email_report_deliveries WHERE account_id = $1 AND id = $2`, [report.account_id, row!.id]);
    return delivery!;
  }

  private async calendarOf(report: { account_id: string; factory_id: string }): Promise<FactoryCalendar> {
    const [row] = await this.db.query<FactoryCalendar>(
      'SELECT timezone, production_day_minutes_from_midnight, week_first_day, year_first_month FROM factories WHERE account_id = $1 AND id = $2',
      [report.account_id, report.factory_id],
    );
    if (!row) throw new Error(`factory ${report.factory_id} is gone`);
    return row;
  }

  /**
   * Creates the deliveries of every report whose instant has come (at most `limit` reports per call)
   * and moves each to its next instant. A report that fell due several times while no instance ran
   * gets one delivery, for its latest instant (decision 23). Returns how many deliveries were created.
   */
  async schedule(limit = 500): Promise<number> {
    const now = this.clock();
    return this.db.transaction(async (tx) => {
      const due = await tx.query<DueRow>(
        `/* all accounts: report scheduler */ SELECT r.id, r.account_id, r.frequency, r.day, r.time, r.timezone, r.schedule_type, r.duration, r.time_unit, r.recipients, r.next_due_at,
                f.timezone AS factory_timezone, f.production_day_minutes_from_midnight, f.week_first_day, f.year_first_month
           FROM email_reports r JOIN factories f ON f.account_id = r.account_id AND f.id = r.factory_id
          WHERE r.active AND r.next_due_at <= $1 ORDER BY r.next_due_at LIMIT $2 FOR UPDATE OF r SKIP LOCKED`,
        [new Date(now).toISOString(), limit],
      );
      let created = 0;
      for (const report of due) {
        let dueAt = Date.parse(report.next_due_at);
        for (let next = nextReportDelivery(report, dueAt); next <= now; next = nextReportDelivery(report, next)) dueAt = next;
        const calendar: FactoryCalendar = {
          timezone: report.factory_timezone,
          production_day_minutes_from_midnight: report.production_day_minutes_from_midnight,
          week_first_day: report.week_first_day,
          year_first_month: report.year_first_month,
        };
        const window = reportWindow(report, dueAt, calendar);
        if (report.recipients.length > 0) {
          const inserted = await tx.query(
            `INSERT INTO email_report_deliveries (account_id, report_id, kind, due_at, recipients, window_start, window_end, next_attempt_at)
             VALUES ($1, $2, 'scheduled', $3, $4, $5, $6, $7)
             ON CONFLICT (account_id, report_id, due_at) WHERE kind = 'scheduled' DO NOTHING RETURNING id`,
            [report.account_id, report.id, new Date(dueAt).toISOString(), report.recipients, new Date(window.start).toISOString(), new Date(window.end).toISOString(), new Date(now).toISOString()],
          );
          created += inserted.length;
        }
        await tx.query('UPDATE email_reports SET next_due_at = $3 WHERE account_id = $1 AND id = $2', [report.account_id, report.id, new Date(nextReportDelivery(report, now)).toISOString()]);
      }
      return created;
    });
  }

  /** Claims up to `batch` deliveries that are waiting (or whose sender vanished). */
  private async claim(): Promise<ClaimedRow[]> {
    const now = this.clock();
    return this.db.query<ClaimedRow>(
      `/* all accounts: report deliveries */ UPDATE email_report_deliveries d SET status = 'sending', attempts = d.attempts + 1, claimed_until = $2
        WHERE d.id IN (SELECT id FROM email_report_deliveries
                        WHERE (status IN ('pending', 'retrying') AND next_attempt_at <= $1) OR (status = 'sending' AND claimed_until < $1)
                        ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING d.account_id, d.id, d.report_id, d.kind, d.due_at, d.recipients, d.sent_to, d.attempts`,
      [new Date(now).toISOString(), new Date(now + this.claimMs).toISOString(), this.batch],
    );
  }

  /** Sends what is waiting until nothing is left; returns how many deliveries were handled. */
  async work(): Promise<number> {
    let handled = 0;
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) return handled;
      let next = 0;
      const lanes = Array.from({ length: Math.min(this.concurrency, claimed.length) }, async () => {
        while (next < claimed.length) await this.deliver(claimed[next++]!);
      });
      await Promise.all(lanes);
      handled += claimed.length;
    }
  }

  /** Renders one claimed delivery and sends it to each recipient not yet served; records the outcome. */
  private async deliver(row: ClaimedRow): Promise<void> {
    const report = await findStoredReport(this.db, row.account_id, row.report_id);
    if (!report) return; // deleted meanwhile: the delivery went with it (cascade)
    let rendered: RenderedReport;
    try {
      rendered = await this.render({ ...report }, Date.parse(row.due_at), { test: row.kind === 'test' });
    } catch (error) {
      await this.failed(row, `render: ${(error as Error).message}`);
      return;
    }
    const answers: string[] = [];
    let firstRaw: string | null = null;
    // Recipients the account may not address (any more: the rules of decision 32 came after the report,
    // or an admin narrowed the allow-list) are skipped, and listed in the history with the reason.
    const policy = await recipientPolicy(this.db, report.account_id);
    const waiting = row.recipients.filter((a) => !row.sent_to.includes(a));
    const skipped = waiting.filter((a) => !recipientAllowed(a, policy));
    if (skipped.length > 0) {
      answers.push(...skipped.map((address) => `${address}: not sent, not an allowed recipient of the account`));
      await this.db.query('UPDATE email_report_deliveries SET skipped_to = $3, smtp_response = $4 WHERE account_id = $1 AND id = $2', [row.account_id, row.id, skipped, answers.join('\n')]);
      if (skipped.length === waiting.length && row.sent_to.length === 0) {
        await this.failed({ ...row, attempts: this.maxAttempts }, answers.join('\n'));
        return;
      }
    }
    for (const address of waiting.filter((a) => !skipped.includes(a))) {
      const link = unsubscribeUrl(this.options.publicUrl, report, address);
      const message = await composeMessage({
        from: this.options.mailFrom,
        to: address,
        subject: rendered.subject,
        text: rendered.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, link),
        html: rendered.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, link),
        attachments: rendered.images.map((image) => ({ filename: image.filename, content: image.content, cid: image.cid, contentType: 'image/png' })),
        // Stable per delivery and recipient: a receiver can drop a copy sent again after a crash.
        messageId: `<${row.id}.${createHash('sha256').update(address).digest('hex').slice(0, 12)}@linepulse>`,
        // RFC 2369 + RFC 8058: mail clients offer their own one-click "unsubscribe" with these.
        headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'Auto-Submitted': 'auto-generated' },
      });
      try {
        const answer = await this.mailer.send(message);
        answers.push(`${address}: ${answer}`);
        firstRaw ??= message.raw.toString('utf8');
        // The history shows the message as the first recipient got it, its charts inlined for the browser.
        const storedHtml = inlineImages(rendered).replaceAll(UNSUBSCRIBE_PLACEHOLDER, link);
        await this.db.query(
          `UPDATE email_report_deliveries SET sent_to = array_append(sent_to, $3), smtp_response = $4,
                  subject = $5, html = coalesce(html, $6), text_body = coalesce(text_body, $7), raw_message = coalesce(raw_message, $8) WHERE account_id = $1 AND id = $2`,
          [row.account_id, row.id, address, answers.join('\n'), rendered.subject, storedHtml, rendered.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, link), firstRaw],
        );
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        answers.push(`${address}: ${code ? `${code} ` : ''}${(error as Error).message}`);
        await this.failed(row, answers.join('\n'));
        return;
      }
    }
    await this.db.query(
      `UPDATE email_report_deliveries SET status = 'sent', sent_at = $3, claimed_until = NULL, next_attempt_at = NULL,
              smtp_response = coalesce($4, smtp_response), subject = $5 WHERE account_id = $1 AND id = $2`,
      [row.account_id, row.id, new Date(this.clock()).toISOString(), answers.length ? answers.join('\n') : null, rendered.subject],
    );
  }

  /** A failed attempt: retried after a growing delay, or failed for good after `maxAttempts`. */
  private async failed(row: ClaimedRow, why: string): Promise<void> {
    // The history keeps the addresses; the log does not (decision 32).
    this.options.log?.warn({ delivery: row.id, attempts: row.attempts, why: withoutAddresses(why) }, 'e-mail report delivery failed');
    const giveUp = row.kind === 'test' || row.attempts >= this.maxAttempts;
    const delay = this.retryDelaysMs[Math.min(row.attempts - 1, this.retryDelaysMs.length - 1)] ?? 60_000;
    await this.db.query(
      `UPDATE email_report_deliveries SET status = $3, smtp_response = $4, claimed_until = NULL, next_attempt_at = $5 WHERE account_id = $1 AND id = $2`,
      [row.account_id, row.id, giveUp ? 'failed' : 'retrying', why, giveUp ? null : new Date(this.clock() + delay).toISOString()],
    );
  }

  /** One round: schedule what is due, then send what waits. */
  async tick(): Promise<void> {
    while ((await this.schedule()) > 0) {
      // more due reports than one call takes: keep scheduling before sending
    }
    await this.work();
  }

  /** Runs `tick` every `intervalMs` until stop(); a round never overlaps the previous one. */
  start(intervalMs: number): void {
    const round = (): void => {
      if (this.stopped) return;
      this.running = this.tick()
        .catch((error: unknown) => this.options.log?.error({ err: error }, 'e-mail report round failed'))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.timer = setTimeout(round, intervalMs);
        });
    };
    this.timer = setTimeout(round, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    this.mailer.close();
  }
}

export type { StoredReport };
