import { describeCheckReason, type TicketStatus } from '@portaal/contracts';
import type { ApplicationStateEvent, TicketEvent } from './notifications.events.ts';

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
export const statusLabels: Record<MailLanguage, Record<TicketStatus, string>> = {
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

export const texts = {
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
export const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

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

export const applicationTexts = {
  en: {
    states: { up: 'up', down: 'down', maintenance: 'in maintenance' },
    subject: (name: string, state: string) => `${name} is ${state}`,
    changed: (name: string, url: string, from: string, to: string, at: string) =>
      `${name} (${url}) went from ${from} to ${to} at ${at} UTC.`,
    reason: (why: string) => `Reason: ${why}`,
    view: 'See the application statuses:',
    footer: (brand: string) =>
      `You receive this message from ${brand} as a technical contact of this application.`,
  },
  nl: {
    states: { up: 'beschikbaar', down: 'niet beschikbaar', maintenance: 'in onderhoud' },
    subject: (name: string, state: string) => `${name} is ${state}`,
    changed: (name: string, url: string, from: string, to: string, at: string) =>
      `${name} (${url}) ging van ${from} naar ${to} om ${at} UTC.`,
    reason: (why: string) => `Oorzaak: ${why}`,
    view: 'Bekijk de applicatiestatussen:',
    footer: (brand: string) =>
      `U ontvangt dit bericht van ${brand} als technisch contactpersoon van deze applicatie.`,
  },
} as const;

/** The mail about an application going down or coming back, in the recipient's language. */
export function renderApplicationMail(
  event: ApplicationStateEvent,
  recipient: MailRecipient,
  options: { publicUrl: string; brandName: string },
): RenderedMail {
  const t = applicationTexts[recipient.language];
  const name = oneLine(event.applicationName);
  const at = event.at.toISOString().slice(0, 16).replace('T', ' ');
  const link = `${options.publicUrl}/sla-usage/application-statuses?customer=${event.customerId}`;
  const intro = t.changed(name, event.url, t.states[event.from], t.states[event.to], at);
  const reason =
    event.reason && event.to === 'down'
      ? t.reason(oneLine(describeCheckReason(event.reason, recipient.language)))
      : undefined;
  const greeting = texts[recipient.language].greeting(recipient.givenName);
  const paragraphs = [greeting, intro, reason, `${t.view}\n${link}`].filter(
    (part): part is string => part !== undefined,
  );
  const text = [...paragraphs, '-- ', t.footer(options.brandName)].join('\n\n');
  const html = [
    `<!doctype html><html lang="${recipient.language}"><body>`,
    ...[greeting, intro, reason]
      .filter((part) => part !== undefined)
      .map((part) => `<p>${escapeHtml(part)}</p>`),
    `<p>${escapeHtml(t.view)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p style="color:#666;font-size:12px">${escapeHtml(t.footer(options.brandName))}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: t.subject(name, t.states[event.to]), text, html };
}
