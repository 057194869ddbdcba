import type { MailMessage, MailTransport } from '../../src/lib/mailer.js';

/** A mail transport that keeps messages in memory, for API tests that only need the links. */
export class MemoryMailer implements MailTransport {
  readonly messages: MailMessage[] = [];

  async send(message: MailMessage): Promise<void> {
    this.messages.push(message);
  }

  async close(): Promise<void> {}

  to(email: string): MailMessage[] {
    return this.messages.filter((message) => message.to === email);
  }

  lastTo(email: string): MailMessage {
    const message = this.to(email).at(-1);
    if (!message) throw new Error(`no mail to ${email}`);
    return message;
  }
}

/** The token at the end of a confirmation or reset link. */
export function tokenFromLink(link: string): string {
  const match = /confirmation_token=([\w-]+)|reset_password\/([\w-]+)/.exec(link);
  const token = match?.[1] ?? match?.[2];
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}
