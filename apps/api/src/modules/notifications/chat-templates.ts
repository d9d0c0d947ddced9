import { describeCheckReason } from '@portaal/contracts';
import type { ChatMessage } from '../chat/chat.table.ts';
import {
  applicationTexts,
  type MailLanguage,
  oneLine,
  statusLabels,
  texts,
  ticketLink,
} from './mail-templates.ts';
import type { ApplicationStateEvent, TicketEvent } from './notifications.events.ts';

/** A chat message is read in a busy channel: the reply's first lines, not all of it. */
const EXCERPT_CHARS = 300;

const linkLabels = {
  en: { ticket: 'Open the ticket', applications: 'Open the application statuses' },
  nl: { ticket: 'Open het ticket', applications: 'Open de applicatiestatussen' },
} as const;

/** A ticket reply or status change as a chat message, in the channel's language (the mail's texts). */
export function renderTicketChat(
  event: TicketEvent,
  language: MailLanguage,
  options: { publicUrl: string },
): ChatMessage {
  const t = texts[language];
  const subject = oneLine(event.subject);
  const status = event.status ? statusLabels[language][event.status] : undefined;
  const title =
    event.kind === 'ticket_reply'
      ? t.replySubject(event.ticketId, subject)
      : event.status === 'closed'
        ? t.closedSubject(event.ticketId)
        : t.statusSubject(event.ticketId, status ?? '');
  const excerpt = event.kind === 'ticket_reply' ? event.excerpt?.trim() : undefined;
  const intro =
    event.kind === 'ticket_reply'
      ? t.replied(event.actor.name, event.ticketId, subject)
      : t.changed(event.actor.name, event.ticketId, subject, status ?? '');
  const short = excerpt && excerpt.length > EXCERPT_CHARS ? `${excerpt.slice(0, EXCERPT_CHARS)}…` : excerpt;
  return {
    title,
    text: [intro, short].filter(Boolean).join('\n'),
    link: ticketLink(options.publicUrl, event),
    linkLabel: linkLabels[language].ticket,
  };
}

/** An application going down or coming back as a chat message. */
export function renderApplicationChat(
  event: ApplicationStateEvent,
  language: MailLanguage,
  options: { publicUrl: string },
): ChatMessage {
  const t = applicationTexts[language];
  const name = oneLine(event.applicationName);
  const at = event.at.toISOString().slice(0, 16).replace('T', ' ');
  const reason =
    event.reason && event.to === 'down'
      ? t.reason(oneLine(describeCheckReason(event.reason, language)))
      : undefined;
  return {
    title: t.subject(name, t.states[event.to]),
    text: [t.changed(name, event.url, t.states[event.from], t.states[event.to], at), reason]
      .filter(Boolean)
      .join('\n'),
    link: `${options.publicUrl}/sla-usage/application-statuses?customer=${event.customerId}`,
    linkLabel: linkLabels[language].applications,
  };
}

export const bothLanguages = (render: (language: MailLanguage) => ChatMessage) => ({
  en: render('en'),
  nl: render('nl'),
});
