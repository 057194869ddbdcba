import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import { mailLimits } from '../lib/mail-caps.js';
import type { Mailer, MailMessage, MailOutcome, MailTransport } from '../lib/mailer.js';
import { SecretBox } from '../lib/sealed-secrets.js';
import { ThrottleUnavailableError, type Throttle } from '../lib/throttle.js';
import type { JobQueue } from './job-queue.js';

export const MAIL_JOB = 'mail';

/**
 * The Mailer the features are given, the one way their mail goes out. `send` counts the message
 * against its hourly caps (lib/mail-caps.ts) — here, so a mail sent in a loop counts as one sent
 * alone — then queues it as a `mail` job and returns, so no request waits for SMTP (nor takes longer
 * for a known address than for an unknown one), and a failed delivery is retried with back-off. The
 * message is sealed under SECRET_KEY in the job's payload: reset and confirmation links are
 * credentials. The worker hands it to `transport`.
 */
export class QueuedMailer implements Mailer {
  private readonly box: SecretBox;

  constructor(
    private readonly jobs: JobQueue,
    private readonly transport: MailTransport,
    secretKey: string,
    private readonly throttle: Throttle,
    private readonly log: FastifyBaseLogger,
  ) {
    this.box = new SecretBox(secretKey, 'queued mail');
    jobs.handle(MAIL_JOB, (_key, payload) => this.deliver(payload));
  }

  /** Queues the mail; each mail is its own job (a unique key), never coalesced with another. */
  send(message: MailMessage): Promise<MailOutcome> {
    return this.sendWithin(undefined, message);
  }

  /**
   * Queues the mail in `db`'s transaction: it is sent only if the write that caused it lands. Its
   * caps are counted first (a rolled-back write keeps its count: the caps err towards fewer mails).
   */
  async sendWithin(db: Db | undefined, message: MailMessage): Promise<MailOutcome> {
    if (!(await this.isWithinCaps(message))) return 'capped';
    const payload = this.box.seal(JSON.stringify(message));
    await this.jobs.enqueue(MAIL_JOB, randomUUID(), { payload, ...(db ? { db } : {}) });
    return 'queued';
  }

  /** Counts the mail against every cap, or none when one is used up; shared counters down: not sent. */
  private async isWithinCaps(message: MailMessage): Promise<boolean> {
    const limits = mailLimits(message.cap, message.to);
    if (limits.length === 0) return true;
    try {
      if (await this.throttle.hitAll(limits)) return true;
      this.log.info({ cap: message.cap.kind }, 'mail not sent: a sending cap is reached');
    } catch (error) {
      if (!(error instanceof ThrottleUnavailableError)) throw error;
      this.log.error({ err: error.cause }, 'mail caps: shared limits unavailable, mail not sent');
    }
    return false;
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  private async deliver(payload: string | null): Promise<void> {
    if (payload === null) throw new Error('mail job without a message');
    await this.transport.send(JSON.parse(this.box.open(payload)) as MailMessage);
  }
}
