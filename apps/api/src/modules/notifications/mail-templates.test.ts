import { readFileSync } from 'node:fs';
import { ticketStatuses } from '@portaal/contracts';
import { describe, expect, it } from 'vitest';
import { renderTicketMail } from './mail-templates.ts';
import type { TicketEvent } from './notifications.events.ts';

const screenLabels = (language: 'en' | 'nl'): Record<string, string> =>
  JSON.parse(
    readFileSync(new URL(`../../../../web/public/locales/${language}/support.json`, import.meta.url), 'utf8'),
  ).status;

const event = (status: TicketEvent['status']): TicketEvent => ({
  kind: 'ticket_status',
  eventKey: 'test',
  customerId: 1001,
  ticketId: 10042,
  subject: 'Printer offline',
  actor: { userId: 'u', name: 'Joris Mulder', staff: true },
  status,
  recipients: [],
});

describe('ticket mails', () => {
  it.each(['en', 'nl'] as const)('name each status as the ticket screens do (%s)', (language) => {
    const labels = screenLabels(language);
    for (const status of ticketStatuses) {
      const mail = renderTicketMail(
        event(status),
        { givenName: 'Lotte', language },
        { publicUrl: 'https://portaal.example', brandName: 'Portaal' },
      );
      expect(mail.text, status).toContain(`: ${labels[status]}.`);
    }
  });
});
