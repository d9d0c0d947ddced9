import type {
  DeskView,
  OpenTicketStatus,
  SavedReplyInput,
  SavedReplyLanguage,
  TicketCategory,
  TicketDepartment,
} from '@portaal/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { savedReplies, tickets } from './tickets.table.ts';

// ——— The staff queue: open tickets of all customers, most urgent first ———
//
// One statement per request, its text built from the filters that are set (each shape a named
// prepared statement): a filter that is absent is not in the text, so PostgreSQL plans every shape
// with the index that fits it (the queue index, the assignee's, or the customer's) instead of one
// generic plan full of "$n is null or …". bench/bare-server.ts runs the same texts through
// deskQueueStatement.
//
// Order: the desk's due time, then the ticket number (both ascending): overdue tickets first, then
// those awaiting the desk by how soon the answer is due, then the ones waiting for the customer
// ('infinity'), oldest first. Keyset paging over (desk_due_at, id); the first page starts after
// ('-infinity', 0), so the row comparison is always an index condition.

export interface DeskFilters {
  view?: DeskView;
  customerId?: number;
  statuses?: readonly OpenTicketStatus[];
  priorities?: readonly number[];
  categories?: readonly TicketCategory[];
  /** A staff member's user id, or null for unassigned tickets. */
  assigneeId?: string | null;
  /** The caller, for the view "mine". */
  me: string;
}

export interface DeskRow {
  id: string;
  customer_id: number;
  customer_name: string;
  subject: string;
  department: TicketDepartment;
  category: TicketCategory;
  priority: 1 | 2 | 3;
  status: OpenTicketStatus;
  author_id: string;
  author_username: string;
  author_given_name: string;
  author_family_name: string;
  author_roles: string[];
  assignee_id: string | null;
  assignee_username: string | null;
  assignee_given_name: string | null;
  assignee_family_name: string | null;
  created_at: string;
  updated_at: string;
  message_count: number;
  attachment_count: number;
  last_reply_staff: boolean;
  desk_due_at: string | null;
  overdue: boolean;
  cursor_at: string;
}

const iso = (column: string, precision: 'MS' | 'US' = 'MS') =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.${precision}"Z"')`;

const QUEUE_COLUMNS = `t.id, t.customer_id, c.display_name as customer_name, t.subject, t.department,
  t.category, t.priority, t.status,
  t.author_id, u.username as author_username, u.given_name as author_given_name,
  u.family_name as author_family_name, u.global_roles as author_roles,
  a.id as assignee_id, a.username as assignee_username, a.given_name as assignee_given_name,
  a.family_name as assignee_family_name,
  ${iso('t.created_at')} as created_at, ${iso('t.updated_at')} as updated_at,
  t.message_count, t.attachment_count, t.last_reply_staff,
  case when t.desk_due_at = 'infinity' then null else ${iso('t.desk_due_at')} end as desk_due_at,
  t.desk_due_at < now() as overdue,
  case when t.desk_due_at = 'infinity' then 'infinity' else ${iso('t.desk_due_at', 'US')} end as cursor_at`;

/** The where clause and its values for a set of filters; `first` is the number of the first parameter. */
function filterClause(filters: DeskFilters, first: number) {
  const conditions = [`t.status <> 'closed'`];
  const values: unknown[] = [];
  const param = (value: unknown, cast: string) => {
    values.push(value);
    return `$${first + values.length - 1}::${cast}`;
  };
  if (filters.customerId !== undefined)
    conditions.push(`t.customer_id = ${param(filters.customerId, 'int')}`);
  if (filters.statuses?.length) conditions.push(`t.status = any(${param(filters.statuses, 'text[]')})`);
  if (filters.priorities?.length) {
    conditions.push(`t.priority = any(${param(filters.priorities, 'smallint[]')})`);
  }
  if (filters.categories?.length) conditions.push(`t.category = any(${param(filters.categories, 'text[]')})`);
  if (filters.assigneeId === null) conditions.push('t.assignee_id is null');
  else if (filters.assigneeId !== undefined) {
    conditions.push(`t.assignee_id = ${param(filters.assigneeId, 'text')}`);
  }
  switch (filters.view) {
    case 'new':
      conditions.push(`t.status = 'new'`);
      break;
    case 'awaiting_desk':
      conditions.push(`t.desk_due_at < 'infinity'`);
      break;
    case 'overdue':
      conditions.push('t.desk_due_at < now()');
      break;
    case 'mine':
      conditions.push(`t.assignee_id = ${param(filters.me, 'text')}`);
      break;
    case 'unassigned':
      conditions.push('t.assignee_id is null');
      break;
    default:
      break;
  }
  return { where: conditions.join('\n  and '), values };
}

/**
 * The statement (name, text, values) of one queue page; exported for the bench's bare baseline. The
 * page is cut from the index before the joins: the planner cannot estimate how many open tickets lie
 * past a cursor at 'infinity' (beyond its histogram, it guesses one), and joined first it read and
 * sorted every one of them (10,413 at page 500 of the bench's queue, 325 ms). The author and assignee
 * are looked up per row (a lateral subquery with a limit is never turned into a join): as plain joins
 * the planner hashed all users (2,000 in the bench) for the page's 25 rows, 0.65 of the 1.0 ms the
 * first page took; now 0.25 ms.
 */
export function deskQueueStatement(
  filters: DeskFilters,
  after: { at: string; id: number } | undefined,
  limit: number,
) {
  const { where, values } = filterClause(filters, 4);
  const text = `select ${QUEUE_COLUMNS}
from (
  select * from tickets t
  where (t.desk_due_at, t.id) > ($1::timestamptz, $2::bigint)
    and ${where}
  order by t.desk_due_at, t.id
  limit $3::int
) t
join customers c on c.customer_id = t.customer_id
join lateral (
  select username, given_name, family_name, global_roles from users where id = t.author_id limit 1
) u on true
left join lateral (
  select id, username, given_name, family_name from users where id = t.assignee_id limit 1
) a on true
order by t.desk_due_at, t.id`;
  return {
    name: `desk_queue_${shapeKey(text)}`,
    text,
    values: [after?.at ?? '-infinity', String(after?.id ?? 0), limit, ...values],
  };
}

/** The counts of the views for the same filters: one pass over the open tickets. */
export function deskCountsStatement(filters: Omit<DeskFilters, 'view'>) {
  const { where, values } = filterClause(filters, 2);
  const text = `select count(*)::int as open,
  count(*) filter (where t.status = 'new')::int as new,
  count(*) filter (where t.desk_due_at < 'infinity')::int as awaiting_desk,
  count(*) filter (where t.desk_due_at < now())::int as overdue,
  count(*) filter (where t.assignee_id = $1::text)::int as mine,
  count(*) filter (where t.assignee_id is null)::int as unassigned
from tickets t
where ${where}`;
  return { name: `desk_counts_${shapeKey(text)}`, text, values: [filters.me, ...values] };
}

/** A short stable name for a statement text (named statements are per connection and per text). */
function shapeKey(text: string): string {
  let hash = 0;
  for (let index = 0; index < text.length; index++) hash = (hash * 31 + text.charCodeAt(index)) | 0;
  return (hash >>> 0).toString(36);
}

export interface DeskCountsRow {
  open: number;
  new: number;
  awaiting_desk: number;
  overdue: number;
  mine: number;
  unassigned: number;
}

export function createDeskRepo(db: Database) {
  const client = db.$client;
  return {
    async queue(filters: DeskFilters, after: { at: string; id: number } | undefined, limit: number) {
      const result = await client.query<DeskRow>(deskQueueStatement(filters, after, limit));
      return result.rows;
    },

    async counts(filters: Omit<DeskFilters, 'view'>): Promise<DeskCountsRow> {
      const result = await client.query<DeskCountsRow>(deskCountsStatement(filters));
      const row = result.rows[0];
      if (!row) throw new Error('the counts query returned no row');
      return row;
    },

    /** Where a ticket lives, whatever the customer. */
    async locate(ticketId: number) {
      const result = await client.query<{ customer_id: number; customer_name: string }>({
        name: 'desk_ticket_location',
        text: `select t.customer_id, c.display_name as customer_name
          from tickets t join customers c on c.customer_id = t.customer_id where t.id = $1::bigint`,
        values: [ticketId],
      });
      return result.rows[0];
    },

    /** Users who hold a global (staff) role, by name: who a ticket can be assigned to. */
    async staff() {
      return db
        .select({
          userId: users.id,
          username: users.username,
          givenName: users.givenName,
          familyName: users.familyName,
          roles: users.globalRoles,
        })
        .from(users)
        .where(sql`cardinality(${users.globalRoles}) > 0`)
        .orderBy(asc(users.givenName), asc(users.familyName), asc(users.id));
    },

    async savedReplies(language?: SavedReplyLanguage) {
      return db
        .select()
        .from(savedReplies)
        .where(language ? eq(savedReplies.language, language) : undefined)
        .orderBy(asc(savedReplies.language), asc(savedReplies.title), asc(savedReplies.id));
    },

    async insertSavedReply(input: SavedReplyInput) {
      const [row] = await db.insert(savedReplies).values(input).returning();
      if (!row) throw new Error('the saved reply was not inserted');
      return row;
    },

    async updateSavedReply(id: number, input: SavedReplyInput) {
      const [row] = await db
        .update(savedReplies)
        .set({ ...input, updatedAt: sql`now()` })
        .where(eq(savedReplies.id, id))
        .returning();
      return row;
    },

    async deleteSavedReply(id: number): Promise<boolean> {
      const rows = await db
        .delete(savedReplies)
        .where(and(eq(savedReplies.id, id)))
        .returning({ id: savedReplies.id });
      return rows.length > 0;
    },

    /** The ticket's customer and whether the ticket exists (for assignment across customers). */
    async ticketCustomer(ticketId: number) {
      const [row] = await db
        .select({ customerId: tickets.customerId })
        .from(tickets)
        .where(eq(tickets.id, ticketId))
        .limit(1);
      return row?.customerId;
    },
  };
}
export type DeskRepo = ReturnType<typeof createDeskRepo>;
