import type { Session } from '../../../app/session.ts';
import { ticketsQueries } from '../api/tickets-queries.ts';

/** "10048" or "#10048": a ticket number as typed in a search box. */
export function ticketNumberOf(text: string): number | undefined {
  const digits = /^#?(\d{1,15})$/.exec(text.trim())?.[1];
  const number = digits === undefined ? undefined : Number(digits);
  return number !== undefined && number > 0 && Number.isSafeInteger(number) ? number : undefined;
}

/**
 * The ticket a typed number names, when the user can open it: staff (global ticket-read) any
 * customer's, whose customer the ticket route then selects; others one of the selected customer. The
 * answers are cached, so the ticket screen that follows asks nothing again. Undefined for anything
 * else, which the search screen then looks for.
 */
export async function findTicketByNumber(
  session: Pick<Session, 'api' | 'queryClient' | 'selected' | 'can'>,
  text: string,
): Promise<number | undefined> {
  const ticketId = ticketNumberOf(text);
  if (ticketId === undefined) return undefined;
  const { api, queryClient } = session;
  try {
    if (session.can({ global: ['ticket-read'] })) {
      // Loaded for staff only, as the ticket route does.
      const { deskQueries } = await import('../api/desk-queries.ts');
      await queryClient.fetchQuery(deskQueries.location(api, ticketId));
      return ticketId;
    }
    const customerId = session.selected.get()?.id;
    if (customerId === undefined || !session.can({ customer: ['ticket-read'] }, customerId)) return undefined;
    await queryClient.fetchQuery(ticketsQueries.detail(api, customerId, ticketId));
    return ticketId;
  } catch {
    return undefined;
  }
}
