import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { SMTPServer } from 'smtp-server';

/** One message ready for SMTP, with its MIME source (kept in the delivery history). */
export interface ComposedMessage {
  from: string;
  to: string;
  raw: Buffer;
}

/** Builds the MIME message (multipart: text, HTML with related PNGs) as nodemailer would send it. */
export async function composeMessage(options: Mail.Options & { from: string; to: string }): Promise<ComposedMessage> {
  const raw = await new MailComposer(options).compile().build();
  return { from: options.from, to: options.to, raw };
}

export interface Mailer {
  /** Sends one composed message; resolves with the SMTP server's answer, rejects with its refusal. */
  send(message: ComposedMessage): Promise<string>;
  close(): void;
}

/** A nodemailer SMTP transport (pooled: many reports go out over a few connections). */
export function createMailer(smtpUrl: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(smtpUrl.includes('pool=') ? smtpUrl : `${smtpUrl}${smtpUrl.includes('?') ? '&' : '?'}pool=true`);
  return {
    async send(message) {
      const info = await transport.sendMail({ envelope: { from: message.from, to: [message.to] }, raw: message.raw });
      return String(info.response ?? '');
    },
    close() {
      transport.close();
    },
  };
}

export interface EmbeddedSmtp {
  port: number;
  url: string;
  close(): Promise<void>;
}

/**
 * The SMTP server the api runs when SMTP_URL is unset: it listens on 127.0.0.1 and keeps each message
 * it receives as an .eml file in `${dataDir}/mail`, so a fresh `pnpm start` delivers real messages
 * (and the history shows a real SMTP answer) without any mail setup.
 */
export async function startEmbeddedSmtp(dataDir: string, port = 0): Promise<EmbeddedSmtp> {
  const folder = path.join(dataDir, 'mail');
  mkdirSync(folder, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    banner: 'Linepulse embedded SMTP',
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
        try {
          writeFileSync(path.join(folder, name), Buffer.concat(chunks));
          callback(null, `stored as ${name}`);
        } catch (error) {
          callback(Object.assign(new Error(`cannot store the message: ${(error as Error).message}`), { responseCode: 451 }));
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}?ignoreTLS=true`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
