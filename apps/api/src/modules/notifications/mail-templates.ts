import type { TicketStatus } from '@portaal/contracts';
import type { TicketEvent } from './notifications.events.ts';

export type MailLanguage = 'en' | 'nl';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailRecipient {
  givenName: string;
  language: MailLanguage;
}

/** The statuses as the ticket screens name them (apps/web/public/locales/{en,nl}/support.json). */
const statusLabels: Record<MailLanguage, Record<TicketStatus, string>> = {
  en: {
    new: 'New',
    open: 'Open',
    in_progress: 'In progress',
    awaiting_reply: 'Awaiting reply',
    closed: 'Closed',
  },
  nl: {
    new: 'Nieuw',
    open: 'Open',
    in_progress: 'In behandeling',
    awaiting_reply: 'Wacht op reactie',
    closed: 'Gesloten',
  },
};

const texts = {
  en: {
    replySubject: (id: number, subject: string) => `New reply on ticket #${id}: ${subject}`,
    closedSubject: (id: number) => `Ticket #${id} is closed`,
    statusSubject: (id: number, status: string) => `Ticket #${id} is now: ${status}`,
    greeting: (name: string) => `Dear ${name},`,
    replied: (actor: string, id: number, subject: string) =>
      `${actor} replied to ticket #${id} “${subject}”:`,
    changed: (actor: string, id: number, subject: string, status: string) =>
      `${actor} changed the status of ticket #${id} “${subject}” to: ${status}.`,
    statusNow: (status: string) => `The status is now: ${status}.`,
    assignedSubject: (id: number, subject: string) => `Ticket #${id} is assigned to you: ${subject}`,
    assigned: (actor: string, id: number, subject: string) =>
      `${actor} assigned ticket #${id} “${subject}” to you.`,
    view: 'View the ticket and reply:',
    footer: (brand: string) =>
      `You receive this message from ${brand} because you wrote or follow this ticket.`,
  },
  nl: {
    replySubject: (id: number, subject: string) => `Nieuw antwoord op ticket #${id}: ${subject}`,
    closedSubject: (id: number) => `Ticket #${id} is gesloten`,
    statusSubject: (id: number, status: string) => `Ticket #${id} heeft nu de status: ${status}`,
    greeting: (name: string) => `Beste ${name},`,
    replied: (actor: string, id: number, subject: string) =>
      `${actor} heeft gereageerd op ticket #${id} “${subject}”:`,
    changed: (actor: string, id: number, subject: string, status: string) =>
      `${actor} heeft de status van ticket #${id} “${subject}” gewijzigd in: ${status}.`,
    statusNow: (status: string) => `De status is nu: ${status}.`,
    assignedSubject: (id: number, subject: string) => `Ticket #${id} is aan u toegewezen: ${subject}`,
    assigned: (actor: string, id: number, subject: string) =>
      `${actor} heeft ticket #${id} “${subject}” aan u toegewezen.`,
    view: 'Bekijk het ticket en reageer:',
    footer: (brand: string) =>
      `U ontvangt dit bericht van ${brand} omdat u dit ticket hebt aangemaakt of volgt.`,
  },
} as const;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** A header must stay one line whatever the ticket subject holds. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

/** The link in a mail: the ticket, with its customer selected (a user may belong to several). */
export function ticketLink(publicUrl: string, event: Pick<TicketEvent, 'ticketId' | 'customerId'>) {
  return `${publicUrl}/support/ticket/${event.ticketId}?customer=${event.customerId}`;
}

/** The mail about a ticket event, written in the recipient's language. */
export function renderTicketMail(
  event: TicketEvent,
  recipient: MailRecipient,
  options: { publicUrl: string; brandName: string },
): RenderedMail {
  const t = texts[recipient.language];
  const labels = statusLabels[recipient.language];
  const subject = oneLine(event.subject);
  const status = event.status ? labels[event.status] : undefined;
  const link = ticketLink(options.publicUrl, event);

  const mailSubject =
    event.kind === 'ticket_assigned'
      ? t.assignedSubject(event.ticketId, subject)
      : event.kind === 'ticket_reply'
        ? t.replySubject(event.ticketId, subject)
        : event.status === 'closed'
          ? t.closedSubject(event.ticketId)
          : t.statusSubject(event.ticketId, status ?? '');

  // Paragraphs of plain text; the HTML part shows the same paragraphs, the excerpt as a quote.
  const intro =
    event.kind === 'ticket_assigned'
      ? t.assigned(event.actor.name, event.ticketId, subject)
      : event.kind === 'ticket_reply'
        ? t.replied(event.actor.name, event.ticketId, subject)
        : t.changed(event.actor.name, event.ticketId, subject, status ?? '');
  const excerpt = event.kind === 'ticket_reply' && event.excerpt ? event.excerpt.trim() : undefined;
  const statusLine = event.kind === 'ticket_reply' && status ? t.statusNow(status) : undefined;

  const text = [
    t.greeting(recipient.givenName),
    intro,
    excerpt
      ?.split('\n')
      .map((line) => `> ${line}`)
      .join('\n'),
    statusLine,
    `${t.view}\n${link}`,
    '-- ',
    t.footer(options.brandName),
  ]
    .filter((part): part is string => part !== undefined)
    .join('\n\n');

  const paragraph = (value: string) => `<p>${escapeHtml(value)}</p>`;
  const html = [
    `<!doctype html><html lang="${recipient.language}"><body>`,
    paragraph(t.greeting(recipient.givenName)),
    paragraph(intro),
    excerpt
      ? `<blockquote style="border-left:3px solid #ccc;margin:0;padding-left:12px;white-space:pre-wrap">${escapeHtml(excerpt)}</blockquote>`
      : undefined,
    statusLine ? paragraph(statusLine) : undefined,
    `<p>${escapeHtml(t.view)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p style="color:#666;font-size:12px">${escapeHtml(t.footer(options.brandName))}</p>`,
    '</body></html>',
  ]
    .filter((part): part is string => part !== undefined)
    .join('\n');

  return { subject: mailSubject, text, html };
}
