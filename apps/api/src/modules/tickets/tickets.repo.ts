import type { TicketCategory, TicketDepartment, TicketStatus } from '@portaal/contracts';
import { defaultResponseTargetMinutes } from '@portaal/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { memberships, users } from '../users/users.table.ts';
import type { Upload } from './attachments.ts';
import { ticketAttachments, ticketMessages, tickets, ticketWatchers } from './tickets.table.ts';

/** The database or an open transaction on it. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

// ——— The ticket list: one SQL statement per request ———
//
// Kept as fixed texts (named prepared statements, parsed once per connection) so that the bench's bare
// node:http baseline can run exactly the same SQL: bench/bare-server.ts copies TICKET_LIST_SQL.
//
// Keyset paging over (updated_at desc, id desc). The first page passes the cursor ('infinity',
// max bigint), so the row comparison is always there and always an index condition: page 500 starts
// its index scan where page 499 ended, as cheap as page 1. The ORDER BY spells out NULLS LAST to
// match the indexes (drizzle writes them DESC NULLS LAST); a plain DESC would mean NULLS FIRST, which
// the index cannot deliver in order, and PostgreSQL would sort the customer's whole ticket set.
// Filters that are not set are passed as NULL and drop out; they filter rows the index delivers.
//
// No count(*): a total would make every page as slow as reading all of a customer's tickets.
//
// Parameters: $1 customer_id, $2 cursor updated_at, $3 cursor id, $4 statuses text[], $5 priorities
// smallint[], $6 categories text[], $7 subject ILIKE pattern, $8 ticket number, $9 limit,
// $10 (own or watched only) the caller's user id.
//
// The author's name comes from users in the same statement (users is the users module's table; a
// second round trip per page would cost more than the coupling).

const LIST_COLUMNS = `t.id, t.customer_id, t.subject, t.department, t.category, t.priority, t.status,
  t.author_id, u.username as author_username, u.given_name as author_given_name,
  u.family_name as author_family_name, u.global_roles as author_roles,
  to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(t.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
  t.message_count, t.attachment_count, t.last_reply_staff,
  to_char(t.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at`;

const LIST_ORDER = 't.updated_at desc nulls last, t.id desc nulls last';

/** Filters of both statements; with `objectParam`, only tickets about that landscape object. */
const listFilters = (
  alias: string,
  objectParam?: number,
) => `(${alias}.updated_at, ${alias}.id) < ($2::timestamptz, $3::bigint)
  and ($4::text[] is null or ${alias}.status = any($4::text[]))
  and ($5::smallint[] is null or ${alias}.priority = any($5::smallint[]))
  and ($6::text[] is null or ${alias}.category = any($6::text[]))
  and ($7::text is null or ${alias}.subject ilike $7::text or ${alias}.id = $8::bigint)${
    objectParam === undefined ? '' : `\n  and ${alias}.landscape_object_id = $${objectParam}::text`
  }`;

/**
 * The list statements; `aboutObject` adds the landscape object as one more parameter ($10, or $11
 * after the caller's id): an object page lists the open tickets about it.
 */
const listStatements = (aboutObject: boolean) =>
  ({
    /** Callers with ticket-read-all: served by tickets_customer_updated_idx. */
    all: `select ${LIST_COLUMNS}
from tickets t
join users u on u.id = t.author_id
where t.customer_id = $1::int
  and ${listFilters('t', aboutObject ? 10 : undefined)}
order by ${LIST_ORDER}
limit $9::int`,

    /**
     * Callers who see only what they wrote or watch: their own tickets through
     * tickets_author_updated_idx, the watched ones through ticket_watchers, each branch already limited
     * and ordered, then merged.
     */
    ownOrWatched: `select ${LIST_COLUMNS}
from (
  (select o.* from tickets o
    where o.customer_id = $1::int and o.author_id = $10::text and ${listFilters('o', aboutObject ? 11 : undefined)}
    order by o.updated_at desc nulls last, o.id desc nulls last
    limit $9::int)
  union
  (select w.* from ticket_watchers tw
    join tickets w on w.id = tw.ticket_id
    where tw.user_id = $10::text and w.customer_id = $1::int and ${listFilters('w', aboutObject ? 11 : undefined)}
    order by w.updated_at desc nulls last, w.id desc nulls last
    limit $9::int)
) t
join users u on u.id = t.author_id
order by ${LIST_ORDER}
limit $9::int`,
  }) as const;

export const TICKET_LIST_SQL = listStatements(false);
/** The tickets about one landscape object, through tickets_landscape_object_idx. */
export const TICKET_LIST_ABOUT_OBJECT_SQL = listStatements(true);

export interface ListRow {
  id: string;
  customer_id: number;
  subject: string;
  department: TicketDepartment;
  category: TicketCategory;
  priority: 1 | 2 | 3;
  status: TicketStatus;
  author_id: string;
  author_username: string;
  author_given_name: string;
  author_family_name: string;
  author_roles: string[];
  created_at: string;
  updated_at: string;
  message_count: number;
  attachment_count: number;
  last_reply_staff: boolean;
  cursor_at: string;
}

export interface ListParams {
  customerId: number;
  /** Set for callers without ticket-read-all: only tickets they wrote or watch. */
  ownerId?: string;
  after?: { at: string; id: number };
  statuses?: readonly string[];
  priorities?: readonly number[];
  categories?: readonly string[];
  subjectPattern?: string;
  ticketNumber?: number;
  /** Only tickets about this landscape object id. */
  landscapeObjectId?: string;
  limit: number;
}

const FIRST_PAGE = { at: 'infinity', id: '9223372036854775807' };

export interface NewTicket {
  customerId: number;
  authorId: string;
  /** Filed by the service desk: nothing awaits the desk's answer then. */
  byStaff: boolean;
  subject: string;
  department: TicketDepartment;
  category: TicketCategory;
  priority: 1 | 2 | 3;
  body: string;
  files: readonly Upload[];
  /** The landscape object the ticket is about (its canonical id), checked by the service. */
  landscapeObjectId?: string;
}

export interface NewMessage {
  ticketId: number;
  authorId: string;
  body: string;
  internal: boolean;
  statusChange: TicketStatus | null;
  files: readonly Upload[];
  /** Written by the service desk (an answer) or by the customer (something awaits the desk). */
  byStaff: boolean;
}

/** Response targets in minutes per priority (1, 2, 3): when the desk's answer is due. */
export type ResponseTargets = Readonly<Record<1 | 2 | 3, number>>;

const assignees = alias(users, 'assignee');

const person = {
  authorId: users.id,
  authorUsername: users.username,
  authorGivenName: users.givenName,
  authorFamilyName: users.familyName,
  authorRoles: users.globalRoles,
};

export function createTicketsRepo(
  db: Database,
  responseTargets: ResponseTargets = defaultResponseTargetMinutes,
) {
  // The due time of the desk's answer from the ticket's priority; the targets are whole numbers from
  // the configuration, written into the statement as literals.
  const targets = [1, 2, 3].map((priority) => Math.trunc(responseTargets[priority as 1 | 2 | 3]));
  const dueFromNow = sql`now() + make_interval(mins => (${sql.raw(`array[${targets.join(',')}]`)}::int[])[${tickets.priority}])`;
  const NOTHING_DUE = sql`'infinity'::timestamptz`;

  // The pg pool under Drizzle: the list runs as a named statement with a fixed text.
  const client = db.$client;

  const ticketId = sql.placeholder('ticketId');
  const customerId = sql.placeholder('customerId');
  const prepared = {
    ticket: db
      .select({
        id: tickets.id,
        customerId: tickets.customerId,
        subject: tickets.subject,
        department: tickets.department,
        category: tickets.category,
        priority: tickets.priority,
        status: tickets.status,
        createdAt: tickets.createdAt,
        updatedAt: tickets.updatedAt,
        messageCount: tickets.messageCount,
        attachmentCount: tickets.attachmentCount,
        lastReplyStaff: tickets.lastReplyStaff,
        landscapeObjectId: tickets.landscapeObjectId,
        ...person,
        assigneeId: assignees.id,
        assigneeUsername: assignees.username,
        assigneeGivenName: assignees.givenName,
        assigneeFamilyName: assignees.familyName,
        assigneeRoles: assignees.globalRoles,
      })
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.authorId))
      .leftJoin(assignees, eq(assignees.id, tickets.assigneeId))
      .where(and(eq(tickets.id, ticketId), eq(tickets.customerId, customerId)))
      .limit(1)
      .prepare('ticket_by_id'),
    watchers: db
      .select({
        userId: users.id,
        username: users.username,
        givenName: users.givenName,
        familyName: users.familyName,
        roles: users.globalRoles,
      })
      .from(ticketWatchers)
      .innerJoin(users, eq(users.id, ticketWatchers.userId))
      .where(eq(ticketWatchers.ticketId, ticketId))
      .orderBy(asc(users.givenName), asc(users.familyName), asc(users.id))
      .prepare('ticket_watchers_by_ticket'),
    messages: db
      .select({
        id: ticketMessages.id,
        body: ticketMessages.body,
        internal: ticketMessages.internal,
        statusChange: ticketMessages.statusChange,
        assignment: ticketMessages.assignment,
        createdAt: ticketMessages.createdAt,
        ...person,
        assigneeId: assignees.id,
        assigneeUsername: assignees.username,
        assigneeGivenName: assignees.givenName,
        assigneeFamilyName: assignees.familyName,
        assigneeRoles: assignees.globalRoles,
      })
      .from(ticketMessages)
      .innerJoin(users, eq(users.id, ticketMessages.authorId))
      .leftJoin(assignees, eq(assignees.id, ticketMessages.assigneeId))
      .where(eq(ticketMessages.ticketId, ticketId))
      .orderBy(asc(ticketMessages.id))
      .prepare('ticket_messages_by_ticket'),
    attachments: db
      .select({
        id: ticketAttachments.id,
        messageId: ticketAttachments.messageId,
        fileName: ticketAttachments.fileName,
        contentType: ticketAttachments.contentType,
        size: ticketAttachments.size,
        createdAt: ticketAttachments.createdAt,
      })
      .from(ticketAttachments)
      .where(eq(ticketAttachments.ticketId, ticketId))
      .orderBy(asc(ticketAttachments.messageId), asc(ticketAttachments.id))
      .prepare('ticket_attachments_by_ticket'),
  };

  async function insertAttachments(tx: Executor, ticket: number, message: number, files: readonly Upload[]) {
    if (files.length === 0) return;
    await tx.insert(ticketAttachments).values(
      files.map((file) => ({
        ticketId: ticket,
        messageId: message,
        fileName: file.fileName,
        contentType: file.contentType,
        size: file.size,
        sha256: file.sha256,
        content: file.content,
      })),
    );
  }

  return {
    transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** One page of a customer's tickets (limit + 1 rows, so the caller knows whether more follow). */
    async list(params: ListParams): Promise<ListRow[]> {
      const after = params.after ? { at: params.after.at, id: String(params.after.id) } : FIRST_PAGE;
      const values: unknown[] = [
        params.customerId,
        after.at,
        after.id,
        params.statuses?.length ? params.statuses : null,
        params.priorities?.length ? params.priorities : null,
        params.categories?.length ? params.categories : null,
        params.subjectPattern ?? null,
        params.ticketNumber ?? null,
        params.limit,
      ];
      const own = params.ownerId !== undefined;
      if (own) values.push(params.ownerId);
      const about = params.landscapeObjectId !== undefined;
      if (about) values.push(params.landscapeObjectId);
      const statements = about ? TICKET_LIST_ABOUT_OBJECT_SQL : TICKET_LIST_SQL;
      const result = await client.query<ListRow>({
        name: `ticket_list_${own ? 'own' : 'all'}${about ? '_object' : ''}`,
        text: own ? statements.ownOrWatched : statements.all,
        values,
      });
      return result.rows;
    },

    async ticket(customer: number, id: number) {
      const [row] = await prepared.ticket.execute({ customerId: customer, ticketId: id });
      return row;
    },

    async watchers(id: number) {
      return prepared.watchers.execute({ ticketId: id });
    },

    async messages(id: number) {
      return prepared.messages.execute({ ticketId: id });
    },

    async attachments(id: number) {
      return prepared.attachments.execute({ ticketId: id });
    },

    /** One attachment with its bytes, only through its ticket and customer (another customer's is not found). */
    async attachmentContent(customer: number, ticket: number, attachment: number) {
      const [row] = await db
        .select({
          fileName: ticketAttachments.fileName,
          contentType: ticketAttachments.contentType,
          content: ticketAttachments.content,
          internal: ticketMessages.internal,
        })
        .from(ticketAttachments)
        .innerJoin(tickets, eq(tickets.id, ticketAttachments.ticketId))
        .innerJoin(ticketMessages, eq(ticketMessages.id, ticketAttachments.messageId))
        .where(
          and(
            eq(ticketAttachments.id, attachment),
            eq(ticketAttachments.ticketId, ticket),
            eq(tickets.customerId, customer),
          ),
        )
        .limit(1);
      return row;
    },

    async isWatcher(ticket: number, userId: string, executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .select({ userId: ticketWatchers.userId })
        .from(ticketWatchers)
        .where(and(eq(ticketWatchers.ticketId, ticket), eq(ticketWatchers.userId, userId)))
        .limit(1);
      return rows.length > 0;
    },

    /** The ticket, its first message and the message's files; counters set to match. */
    async insertTicket(tx: Executor, ticket: NewTicket): Promise<{ ticketId: number; messageId: number }> {
      const [row] = await tx
        .insert(tickets)
        .values({
          customerId: ticket.customerId,
          subject: ticket.subject,
          department: ticket.department,
          category: ticket.category,
          priority: ticket.priority,
          status: 'new',
          authorId: ticket.authorId,
          messageCount: 1,
          attachmentCount: ticket.files.length,
          lastReplyStaff: ticket.byStaff,
          landscapeObjectId: ticket.landscapeObjectId ?? null,
          // No row to read the priority from in an insert: the target of the given one.
          deskDueAt: ticket.byStaff
            ? NOTHING_DUE
            : sql`now() + make_interval(mins => ${targets[ticket.priority - 1]}::int)`,
        })
        .returning({ id: tickets.id });
      if (!row) throw new Error('the ticket was not inserted');
      const [message] = await tx
        .insert(ticketMessages)
        .values({ ticketId: row.id, authorId: ticket.authorId, body: ticket.body })
        .returning({ id: ticketMessages.id });
      if (!message) throw new Error('the first message was not inserted');
      await insertAttachments(tx, row.id, message.id, ticket.files);
      return { ticketId: row.id, messageId: message.id };
    },

    /** Locks the ticket for a change: replies and status changes of one ticket happen one at a time. */
    async lockTicket(tx: Executor, customer: number, id: number) {
      const [row] = await tx
        .select({
          id: tickets.id,
          subject: tickets.subject,
          status: tickets.status,
          authorId: tickets.authorId,
          assigneeId: tickets.assigneeId,
        })
        .from(tickets)
        .where(and(eq(tickets.id, id), eq(tickets.customerId, customer)))
        .for('update')
        .limit(1);
      return row;
    },

    /**
     * A message (a reply, an internal note or a status change) with its files; the ticket's status,
     * counters and updated_at follow in the same transaction, so the list never needs a join.
     *
     * The counters and updated_at are what the customer can see: message_count counts the replies
     * with text that are not internal, attachment_count their files, and updated_at moves on such a
     * reply or a status change. An internal note leaves all three alone, or the customer's list would
     * give it away (a note never changes the status itself: the service records that separately).
     */
    async insertMessage(tx: Executor, message: NewMessage, status: TicketStatus): Promise<number> {
      const [row] = await tx
        .insert(ticketMessages)
        .values({
          ticketId: message.ticketId,
          authorId: message.authorId,
          body: message.body,
          internal: message.internal,
          statusChange: message.statusChange,
        })
        .returning({ id: ticketMessages.id });
      if (!row) throw new Error('the message was not inserted');
      await insertAttachments(tx, message.ticketId, row.id, message.files);
      const visible = !message.internal;
      const answer = visible && message.body !== '';
      // The desk's due time: nothing is due on a closed ticket or once the desk answered; a customer's
      // visible message makes an answer due unless one already was (the clock runs from the first).
      const deskDueAt =
        status === 'closed' || (answer && message.byStaff)
          ? NOTHING_DUE
          : visible && !message.byStaff
            ? sql`case when ${tickets.deskDueAt} = 'infinity' then ${dueFromNow} else ${tickets.deskDueAt} end`
            : undefined;
      await tx
        .update(tickets)
        .set({
          status,
          ...(deskDueAt ? { deskDueAt } : {}),
          ...(answer ? { lastReplyStaff: message.byStaff } : {}),
          ...(visible ? { updatedAt: sql`now()` } : {}),
          ...(visible && message.body !== '' ? { messageCount: sql`${tickets.messageCount} + 1` } : {}),
          ...(visible && message.files.length > 0
            ? { attachmentCount: sql`${tickets.attachmentCount} + ${message.files.length}` }
            : {}),
        })
        .where(eq(tickets.id, message.ticketId));
      return row.id;
    },

    /** Assigns the ticket (or unassigns it with null) and records it as an internal event in the thread. */
    async setAssignee(tx: Executor, ticket: number, assigneeId: string | null, actorId: string) {
      await tx.update(tickets).set({ assigneeId }).where(eq(tickets.id, ticket));
      const [row] = await tx
        .insert(ticketMessages)
        .values({
          ticketId: ticket,
          authorId: actorId,
          body: '',
          internal: true,
          assignment: true,
          assigneeId,
        })
        .returning({ id: ticketMessages.id });
      if (!row) throw new Error('the assignment was not recorded');
      return row.id;
    },

    async addWatcher(tx: Executor, ticket: number, userId: string) {
      await tx.insert(ticketWatchers).values({ ticketId: ticket, userId }).onConflictDoNothing();
    },

    /**
     * Author and watchers with their global roles and whether they are still a member of the
     * ticket's customer, to choose who hears about an event.
     */
    async participants(tx: Executor, customer: number, ticket: number, authorId: string) {
      const watchers = await tx
        .select({ userId: ticketWatchers.userId })
        .from(ticketWatchers)
        .where(eq(ticketWatchers.ticketId, ticket));
      const ids = [...new Set([authorId, ...watchers.map((watcher) => watcher.userId)])];
      return tx
        .select({
          userId: users.id,
          roles: users.globalRoles,
          member: sql<boolean>`${memberships.userId} is not null`,
        })
        .from(users)
        .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.customerId, customer)))
        .where(inArray(users.id, ids));
    },
  };
}
export type TicketsRepo = ReturnType<typeof createTicketsRepo>;
