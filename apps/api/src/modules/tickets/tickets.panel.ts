import { hasRights } from '@portaal/contracts';
import type { Database } from '../../db/client.ts';
import type { PanelRegistration } from '../dashboard/dashboard.registry.ts';

/** Open statuses in the order of the support list's filter, as the figures' links name them. */
const OPEN = 'new,open,in_progress,awaiting_reply';
const LATEST = 5;

/**
 * The tickets panel of the dashboard in one statement: tickets awaiting the customer's reply, open
 * tickets, and the latest open ones the service desk answered last, with the list's visibility
 * (own and watched tickets without ticket-read-all). The counts and the choice of the latest come
 * from tickets_open_customer_idx alone (an index-only scan of the customer's open tickets); only the
 * five chosen tickets are read for their subjects.
 * $1 customer id, $2 the caller's user id when they see only their own and watched tickets.
 */
export const TICKETS_PANEL_SQL = `with visible as (
  select t.id, t.status, t.updated_at, t.last_reply_staff
  from tickets t
  where t.customer_id = $1::int and t.status <> 'closed'
    and ($2::text is null or t.author_id = $2::text
      or exists (select 1 from ticket_watchers w where w.ticket_id = t.id and w.user_id = $2::text))
), latest as (
  select id, updated_at from visible where last_reply_staff order by updated_at desc, id desc limit ${LATEST}
)
select
  (select count(*) from visible where status = 'awaiting_reply')::int as awaiting_reply,
  (select count(*) from visible)::int as open,
  coalesce((
    select json_agg(json_build_object('id', l.id, 'subject', t.subject,
        'at', to_char(l.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
      order by l.updated_at desc, l.id desc)
    from latest l join tickets t on t.id = l.id
  ), '[]'::json) as latest`;

interface PanelRow {
  awaiting_reply: number;
  open: number;
  latest: { id: number; subject: string; at: string }[];
}

/** The tickets area's registration on the dashboard (ticket-read). */
export function ticketsPanel(db: Database): PanelRegistration {
  return {
    panel: 'tickets',
    requires: 'ticket-read',
    async load(caller, customerId) {
      const readAll = hasRights(caller.rights, { customer: ['ticket-read-all'] }, customerId, () => {});
      // Its generic plan is the index-only scan of the customer's open tickets: planned once.
      const result = await db.$reusablePlans.query<PanelRow>({
        name: 'dashboard_tickets_panel',
        text: TICKETS_PANEL_SQL,
        values: [customerId, readAll ? null : caller.user.id],
      });
      const row = result.rows[0] ?? { awaiting_reply: 0, open: 0, latest: [] };
      return {
        figures: [
          {
            key: 'awaiting_reply',
            value: row.awaiting_reply,
            tone: row.awaiting_reply > 0 ? 'attention' : 'neutral',
            href: '/support?status=awaiting_reply',
          },
          { key: 'open', value: row.open, tone: 'neutral', href: `/support?status=${OPEN}` },
        ],
        items_title: 'latest',
        items: row.latest.map((ticket) => ({
          key: String(ticket.id),
          title: ticket.subject,
          detail: `#${ticket.id}`,
          at: ticket.at,
          href: `/support/ticket/${ticket.id}`,
        })),
      };
    },
  };
}
