import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Transporter } from 'nodemailer';

/** nodemailer (~15 MB resident) is loaded by the SMTP mailer at start, by the outbox at its first mail. */
function nodemailer(): typeof import('nodemailer') {
  return createRequire(import.meta.url)('nodemailer') as typeof import('nodemailer');
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The links in the text; printed to the log in outbox mode so a single machine can follow them. */
  links: string[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface MailLog {
  info(details: object, message: string): void;
}

/** Sends through SMTP_URL (smtp:// or smtps://). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer().createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/** Without SMTP: real .eml files in the outbox folder, plus their links in the log. */
export class OutboxMailer implements Mailer {
  private transport: Transporter | undefined;

  constructor(
    private readonly outboxDir: string,
    private readonly from: string,
    private readonly log: MailLog,
  ) {}

  async send(message: MailMessage): Promise<void> {
    this.transport ??= nodemailer().createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'unix',
    });
    const info = await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
    await mkdir(this.outboxDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, info.message as Buffer, { mode: 0o600 });
    this.log.info({ file, links: message.links }, `mail "${message.subject}" written to the outbox`);
  }

  async close(): Promise<void> {}
}

export function createMailer(options: {
  smtpUrl: string | null;
  outboxDir: string;
  from: string;
  log: MailLog;
}): Mailer {
  return options.smtpUrl
    ? new SmtpMailer(options.smtpUrl, options.from)
    : new OutboxMailer(options.outboxDir, options.from, options.log);
}
