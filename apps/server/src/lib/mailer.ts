import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/database.js';
import type { MailCap } from './mail-caps.js';

/** nodemailer (~15 MB resident) is loaded by the SMTP mailer at start, by the outbox at its first mail. */
function nodemailer(): typeof import('nodemailer') {
  return createRequire(import.meta.url)('nodemailer') as typeof import('nodemailer');
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The links in the text, for readers that are not people (the tests); never logged: they are secrets. */
  links: string[];
  /** Which hourly caps the mail counts against (lib/mail-caps.ts). */
  cap: MailCap;
}

/** Queued for delivery, or not sent because one of its caps (lib/mail-caps.ts) is used up. */
export type MailOutcome = 'queued' | 'capped';

/**
 * What features are given to send mail (job-queue/mail-job.ts QueuedMailer, the only one): it counts
 * each mail against its caps, then queues it. A feature never holds a MailTransport.
 */
export interface Mailer {
  send(message: MailMessage): Promise<MailOutcome>;
  /** Queues the mail in `db`'s transaction: it is sent only if the write that caused it lands. */
  sendWithin(db: Db | undefined, message: MailMessage): Promise<MailOutcome>;
  close(): Promise<void>;
}

/** Delivers one mail now (SMTP, the outbox, the tests' memory): only the mail job worker calls it. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface MailLog {
  info(details: object, message: string): void;
}

/** Sends through SMTP_URL (smtp:// or smtps://). */
export class SmtpMailer implements MailTransport {
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

/**
 * Without SMTP: real .eml files in the outbox folder, which is how a single machine follows its links.
 * The log names each file but never a link: reset and confirmation links are credentials.
 */
export class OutboxMailer implements MailTransport {
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
    // Written aside and renamed into place: whoever watches the folder never reads half a mail
    // (a link cut short in the middle of its token).
    await writeFile(`${file}.partial`, info.message as Buffer, { mode: 0o600 });
    await rename(`${file}.partial`, file);
    this.log.info({ file, subject: message.subject }, 'mail written to the outbox');
  }

  async close(): Promise<void> {}
}

/** The configured mailer; without SMTP it says once, at start-up, where the mail (and its links) will be. */
export function createMailer(options: {
  smtpUrl: string | null;
  outboxDir: string;
  from: string;
  log: MailLog;
}): MailTransport {
  if (options.smtpUrl) return new SmtpMailer(options.smtpUrl, options.from);
  options.log.info(
    { outbox: options.outboxDir },
    `SMTP_URL is not set: mail is written as .eml files to ${options.outboxDir}; open them there to follow their links`,
  );
  return new OutboxMailer(options.outboxDir, options.from, options.log);
}

/** Control characters and the Unicode line and paragraph separators: anything that breaks a line. */
const LINE_BREAKING = /[\p{Cc}\p{Zl}\p{Zp}]+/gu;
/** Bidirectional embeddings, overrides and isolates, which can make a subject read backwards. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
export const SUBJECT_NAME_MAX_LENGTH = 40;

/**
 * Text as one plain line: every run of line-breaking or control characters becomes one space, and
 * the ends are trimmed. Names are stored this way because they go into mail headers and greetings.
 */
export function plainLine(text: string): string {
  return text.replace(LINE_BREAKING, ' ').trim();
}

/**
 * A user-chosen name as it may appear in a mail subject: one plain line without direction tricks,
 * cut to SUBJECT_NAME_MAX_LENGTH characters, so a subject cannot carry someone's advertisement.
 */
export function subjectName(name: string): string {
  const characters = Array.from(plainLine(name.replace(BIDI_CONTROLS, '')));
  if (characters.length <= SUBJECT_NAME_MAX_LENGTH) return characters.join('');
  return (
    characters
      .slice(0, SUBJECT_NAME_MAX_LENGTH - 1)
      .join('')
      .trimEnd() + '…'
  );
}
