import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { CleanupTarget } from './helper.ts';

export interface Received {
  to: string[];
  raw: Buffer;
  parsed: ParsedMail;
}

export interface SmtpCapture {
  url: string;
  received: Received[];
  /** Refuse the next `count` messages with this answer (a failing server). */
  failNext(count: number, code?: number): void;
  /** Refuse the next `count` messages to this address. */
  failFor(address: string, count: number, code?: number): void;
  /** Resolves once `count` messages have arrived in all. */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
}

/** A real SMTP server on a free port of 127.0.0.1 that keeps what it receives, parsed with mailparser. */
export async function smtpCapture(t: CleanupTarget): Promise<SmtpCapture> {
  const received: Received[] = [];
  let failures = 0;
  let failCode = 451;
  const failAddress = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const addressed = to.find((a) => (failAddress.get(a) ?? 0) > 0);
        if (addressed) failAddress.set(addressed, failAddress.get(addressed)! - 1);
        if (addressed || failures > 0) {
          if (!addressed) failures--;
          callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: failCode }));
          return;
        }
        const raw = Buffer.concat(chunks);
        void simpleParser(raw).then((parsed) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, parsed });
          callback(null, `queued as ${received.length}`);
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    failNext(count, code = 451) {
      failures = count;
      failCode = code;
    },
    failFor(address, count, code = 451) {
      failAddress.set(address, count);
      failCode = code;
    },
    async waitFor(count, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`${received.length} of ${count} messages arrived`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
  };
}
