/** Hands outbox mails to whatever delivers them (the pg-boss `mail.deliver` queue in the product). */
export interface MailQueue {
  enqueue(mailIds: readonly number[]): Promise<void>;
}
