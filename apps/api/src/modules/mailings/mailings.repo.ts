import type { MailingQuery, MailingRecipient, MailingStatus } from '@portaal/contracts/mailings';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isoTimestamp } from '../../db/iso-timestamp.ts';
import type { Transaction } from '../audit/audit.service.ts';
import { mailings } from './mailings.table.ts';

const columns = {
  id: mailings.id,
  label: mailings.label,
  sender: mailings.sender,
  subjectEn: mailings.subjectEn,
  subjectNl: mailings.subjectNl,
  bodyEn: mailings.bodyEn,
  bodyNl: mailings.bodyNl,
  query: mailings.query,
  status: mailings.status,
  total: mailings.total,
  delivered: mailings.delivered,
  failed: mailings.failed,
  createdByName: mailings.createdByName,
  createdAt: isoTimestamp(mailings.createdAt),
  sentAt: sql<
    string | null
  >`case when ${mailings.sentAt} is null then null else ${isoTimestamp(mailings.sentAt)} end`,
};
export interface MailingRow {
  id: number;
  label: string;
  sender: string;
  subjectEn: string;
  subjectNl: string;
  bodyEn: string;
  bodyNl: string;
  query: MailingQuery;
  status: MailingStatus;
  total: number;
  delivered: number;
  failed: number;
  createdByName: string;
  createdAt: string;
  sentAt: string | null;
}

export interface NewMailing {
  label: string;
  sender: string;
  subjectEn: string;
  subjectNl: string;
  bodyEn: string;
  bodyNl: string;
  query: MailingQuery;
  createdById: string;
  createdByName: string;
}

type RecipientRow = {
  contact_id: number;
  customer_id: number;
  customer_name: string;
  name: string;
  email: string;
  language: 'en' | 'nl';
};

const active = (product: string) =>
  product === 'observe'
    ? sql`f.observe->>'flavor' is not null`
    : sql`coalesce((f.contracts->${product}->>'has_active_contract')::boolean, false)`;

/**
 * The recipients of a query: contacts of the matched customers who chose mailings by e-mail (the
 * notification choices of DESIGN.md §8), one per address (the lowest contact id), ordered by address.
 * Every list that is given narrows; an empty one does not.
 */
export function recipientsOf(query: MailingQuery): SQL {
  const where: SQL[] = [sql`c.notifications->'email' ? 'mailings'`, sql`position('@' in c.email) > 1`];
  if (query.customer_statuses.length > 0)
    where.push(sql`cu.status = any(${sql.param(query.customer_statuses)}::text[])`);
  if (query.languages.length > 0) where.push(sql`cu.language = any(${sql.param(query.languages)}::text[])`);
  if (query.customer_ids.length > 0)
    where.push(sql`cu.customer_id = any(${sql.param(query.customer_ids)}::int[])`);
  if (query.roles.length > 0) where.push(sql`c.roles && ${sql.param(query.roles)}::text[]`);
  if (query.products.length > 0) where.push(sql`(${sql.join(query.products.map(active), sql` or `)})`);
  return sql`
    select distinct on (c.email)
      c.id as contact_id, c.customer_id, cu.display_name as customer_name,
      trim(c.first_name || ' ' || c.last_name) as name, c.email, c.language
    from contacts c
    join customers cu on cu.customer_id = c.customer_id
    left join customer_features f on f.customer_id = c.customer_id
    where ${sql.join(where, sql` and `)}
    order by c.email, c.id`;
}

/** Queries of mailings. Mailings are the provider's own, not a customer's: no customer scope. */
export function createMailingsRepo(db: Database) {
  return {
    async preview(query: MailingQuery, limit: number) {
      const recipients = recipientsOf(query);
      const [counts] = (
        await db.execute<{ count: number; en: number; nl: number }>(sql`
          select count(*)::int as count,
            count(*) filter (where r.language = 'en')::int as en,
            count(*) filter (where r.language = 'nl')::int as nl
          from (${recipients}) r`)
      ).rows;
      const rows = (await db.execute<RecipientRow>(sql`${recipients} limit ${limit}`)).rows;
      return {
        count: counts?.count ?? 0,
        languages: { en: counts?.en ?? 0, nl: counts?.nl ?? 0 },
        recipients: rows satisfies MailingRecipient[],
      };
    },

    async create(values: NewMailing, record: (tx: Transaction, row: MailingRow) => Promise<void>) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(mailings).values(values).returning(columns);
        if (!row) throw new Error('mailing not stored');
        await record(tx, row);
        return row;
      });
    },

    async get(id: number): Promise<MailingRow | undefined> {
      const [row] = await db.select(columns).from(mailings).where(eq(mailings.id, id));
      return row;
    },

    async list(after: { at: string; id: number } | undefined, limit: number): Promise<MailingRow[]> {
      return db
        .select(columns)
        .from(mailings)
        .where(
          after
            ? sql`(${mailings.createdAt}, ${mailings.id}) < (${after.at}::timestamptz, ${after.id})`
            : undefined,
        )
        .orderBy(desc(mailings.createdAt), desc(mailings.id))
        .limit(limit);
    },

    /**
     * Sending starts: under the mailing's row lock, a draft gets its recipients as they are now (one
     * delivery per address) and becomes `sending`. `decide` sees the locked row and the recipient count
     * and may throw (nothing is stored); `record` writes the audit event in the same transaction.
     */
    async startSending(
      id: number,
      decide: (row: MailingRow | undefined, total: number) => void,
      record: (tx: Transaction, row: MailingRow) => Promise<void>,
    ): Promise<MailingRow> {
      return db.transaction(async (tx) => {
        const [locked] = await tx.select(columns).from(mailings).where(eq(mailings.id, id)).for('update');
        if (locked?.status !== 'draft') {
          decide(locked, 0);
          throw new Error('decide must refuse a mailing that is no draft');
        }
        const inserted = await tx.execute(sql`
          insert into mailing_deliveries (mailing_id, contact_id, customer_id, email, name, language)
          select ${id}, r.contact_id, r.customer_id, r.email, r.name, r.language
          from (${recipientsOf(locked.query)}) r
          on conflict do nothing`);
        const total = inserted.rowCount ?? 0;
        decide(locked, total);
        const [row] = await tx
          .update(mailings)
          .set({ status: 'sending', total, sentAt: sql`clock_timestamp()` })
          .where(eq(mailings.id, id))
          .returning(columns);
        if (!row) throw new Error('mailing vanished');
        await record(tx, row);
        return row;
      });
    },

    /**
     * Delivered, waiting and failed, counted again from the deliveries and their outbox mails (found
     * by the idempotency key the job gives them), and the status that follows: a sending mailing
     * none of whose recipients is waiting any more is `sent`, or `failed` when not one mail was
     * delivered. A demo delivery marked done without an outbox mail counts as delivered.
     */
    async settle(id: number): Promise<MailingRow | undefined> {
      await db.execute(sql`
        with states as (
          select case
              when d.status = 'failed' or o.status = 'failed' then 'failed'
              when d.status = 'pending' or o.status = 'pending' then 'waiting'
              else 'delivered'
            end as state
          from mailing_deliveries d
          left join mail_outbox o on o.idempotency_key = 'mailing:' || d.mailing_id || ':' || d.email
          where d.mailing_id = ${id}
        ), counts as (
          select
            count(*) filter (where state = 'delivered')::int as delivered,
            count(*) filter (where state = 'waiting')::int as waiting,
            count(*) filter (where state = 'failed')::int as failed
          from states
        ), next as (
          select m.id, c.delivered, c.failed,
            case
              when m.status in ('sending', 'sent') and c.waiting = 0 and c.delivered + c.failed > 0
                then case when c.delivered = 0 then 'failed' else 'sent' end
              else m.status
            end as status
          from mailings m cross join counts c
          where m.id = ${id} and m.status <> 'draft'
        )
        update mailings m
        set sent = n.delivered, failed = n.failed, status = n.status
        from next n
        where m.id = n.id and (m.sent, m.failed, m.status) is distinct from (n.delivered, n.failed, n.status)`);
      return this.get(id);
    },

    /** The names of the given customers (those that exist), by id. */
    async customerNames(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = (
        await db.execute<{ customer_id: number; display_name: string }>(sql`
          select customer_id, display_name from customers
          where customer_id = any(${sql.param([...ids])}::int[])`)
      ).rows;
      return new Map(rows.map((row) => [row.customer_id, row.display_name]));
    },

    /**
     * One batch of pending deliveries, locked (skip locked: two workers never take the same one);
     * `deliver` turns each into outbox mails inside the transaction, and the deliveries leave pending
     * with it. Answers the new mail ids, or undefined when nothing was pending.
     */
    async deliverBatch(
      id: number,
      size: number,
      deliver: (
        tx: Transaction,
        rows: { id: number; email: string; name: string; language: 'en' | 'nl'; userId: string | null }[],
      ) => Promise<Map<number, number | null>>,
    ): Promise<number[] | undefined> {
      return db.transaction(async (tx) => {
        const rows = (
          await tx.execute<{
            id: number;
            email: string;
            name: string;
            language: 'en' | 'nl';
            userId: string | null;
          }>(sql`
            select d.id::int as id, d.email, d.name, d.language, c.user_id as "userId"
            from mailing_deliveries d
            left join contacts c on c.id = d.contact_id
            where d.mailing_id = ${id} and d.status = 'pending'
            order by d.id
            limit ${size}
            for update of d skip locked`)
        ).rows;
        if (rows.length === 0) return undefined;
        const mailIds = await deliver(tx, rows);
        for (const row of rows) {
          const mailId = mailIds.get(row.id) ?? null;
          await tx.execute(sql`
            update mailing_deliveries
            set status = 'sent', mail_id = coalesce(${mailId}::bigint, mail_id), done_at = clock_timestamp()
            where id = ${row.id}`);
        }
        return [...mailIds.values()].filter((mailId): mailId is number => mailId !== null);
      });
    },

    async sendingIds(): Promise<number[]> {
      const rows = await db.select({ id: mailings.id }).from(mailings).where(eq(mailings.status, 'sending'));
      return rows.map((row) => row.id);
    },
  };
}
export type MailingsRepo = ReturnType<typeof createMailingsRepo>;
