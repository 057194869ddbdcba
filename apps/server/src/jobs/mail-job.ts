import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { Mailer, MailMessage } from '../lib/mailer.js';
import { SecretBox } from '../lib/sealed-secrets.js';
import type { JobQueue } from './job-queue.js';

export const MAIL_JOB = 'mail';

/**
 * The Mailer the features are given: `send` queues the message as a `mail` job and returns, so no
 * request waits for SMTP (nor takes longer for a known address than for an unknown one), and a
 * failed delivery is retried with back-off. The message is sealed under SECRET_KEY in the job's
 * payload: reset and confirmation links are credentials. The worker hands it to `transport`.
 */
export class QueuedMailer implements Mailer {
  private readonly box: SecretBox;

  constructor(
    private readonly jobs: JobQueue,
    private readonly transport: Mailer,
    secretKey: string,
  ) {
    this.box = new SecretBox(secretKey, 'queued mail');
    jobs.handle(MAIL_JOB, (_key, payload) => this.deliver(payload));
  }

  /** Queues the mail; each mail is its own job (a unique key), never coalesced with another. */
  send(message: MailMessage): Promise<void> {
    return this.sendWithin(undefined, message);
  }

  /** Queues the mail in `db`'s transaction: it is sent only if the write that caused it lands. */
  async sendWithin(db: Db | undefined, message: MailMessage): Promise<void> {
    const payload = this.box.seal(JSON.stringify(message));
    await this.jobs.enqueue(MAIL_JOB, randomUUID(), { payload, ...(db ? { db } : {}) });
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  private async deliver(payload: string | null): Promise<void> {
    if (payload === null) throw new Error('mail job without a message');
    await this.transport.send(JSON.parse(this.box.open(payload)) as MailMessage);
  }
}
