import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { MailingRow, MailingsRepo } from './mailings.repo.ts';

export const MAILING_SEND_JOB = 'mailing.send';
export const MAILING_RESUME_JOB = 'mailing.resume';
const BATCH = 50;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const footers = {
  en: (brand: string, url: string) =>
    `You receive this message from ${brand} because you chose to get mailings. Change that under your notification settings: ${url}/user/profile`,
  nl: (brand: string, url: string) =>
    `U ontvangt dit bericht van ${brand} omdat u hebt gekozen voor mailings. Dat wijzigt u bij uw meldingsinstellingen: ${url}/user/profile`,
};
const greetings = { en: (name: string) => `Dear ${name},`, nl: (name: string) => `Beste ${name},` };

/** A mailing in one recipient's language: their greeting, the body, the sender as signature, a footer. */
export function renderMailingMail(
  mailing: Pick<MailingRow, 'subjectEn' | 'subjectNl' | 'bodyEn' | 'bodyNl' | 'sender'>,
  recipient: { name: string; language: 'en' | 'nl' },
  options: { brandName: string; publicUrl: string },
) {
  const language = recipient.language;
  const subject = language === 'nl' ? mailing.subjectNl : mailing.subjectEn;
  const body = language === 'nl' ? mailing.bodyNl : mailing.bodyEn;
  const greeting = greetings[language](recipient.name);
  const footer = footers[language](options.brandName, options.publicUrl);
  const text = [greeting, '', body, '', mailing.sender, '', '--', footer].join('\n');
  const paragraphs = body
    .split(/\r?\n\s*\r?\n/)
    .map((part) => `<p style="white-space:pre-wrap">${escapeHtml(part)}</p>`);
  const html = [
    `<!doctype html><html lang="${language}"><body>`,
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs,
    `<p>${escapeHtml(mailing.sender)}</p>`,
    `<p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/**
 * The work of the `mailing.send` job: the pending deliveries of a mailing, in batches, each batch put
 * in the notification centre's outbox (one mail per address, in the recipient's language) in the
 * transaction that marks it done, then handed to the mail queue. A retried or doubled job finds
 * nothing pending for what was done, and the outbox's idempotency key (mailing and address) refuses a
 * second mail even so.
 */
export function createMailingSender(deps: {
  repo: MailingsRepo;
  mail: Pick<NotificationsService, 'recordMail' | 'dispatch'>;
  brandName: string;
  publicUrl: string;
}) {
  const { repo, mail } = deps;
  return {
    async run(mailingId: number): Promise<void> {
      const mailing = await repo.get(mailingId);
      if (mailing?.status !== 'sending') return;
      for (;;) {
        const mailIds = await repo.deliverBatch(mailingId, BATCH, async (tx, rows) => {
          const ids = new Map<number, number | null>();
          for (const row of rows) {
            const [mailId] = await mail.recordMail(
              {
                idempotencyKey: `mailing:${mailingId}:${row.email}`,
                userId: row.userId,
                recipient: row.email,
                language: row.language,
                ...renderMailingMail(mailing, row, deps),
              },
              tx,
            );
            ids.set(row.id, mailId ?? null);
          }
          return ids;
        });
        if (!mailIds) break;
        await mail.dispatch(mailIds);
        await repo.settle(mailingId);
      }
      // Sent once no recipient waits any more: when the mail job delivered them all already, now;
      // otherwise when progress is read, or at the periodic resume.
      await repo.settle(mailingId);
    },

    /**
     * Mailings left sending (a process stopped, a queue call failed, mails still being delivered):
     * run them again; a run without pending deliveries only recounts them.
     */
    async resume(): Promise<void> {
      for (const id of await repo.sendingIds()) await this.run(id);
    },
  };
}
export type MailingSender = ReturnType<typeof createMailingSender>;
