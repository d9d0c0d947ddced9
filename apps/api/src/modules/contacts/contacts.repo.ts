import type { CustomerRole } from '@portaal/contracts';
import { type ContactData, contactName } from '@portaal/contracts/contacts';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isoTimestamp } from '../../db/iso-timestamp.ts';
import type { Param } from '../../db/prepared.ts';
import type { Transaction } from '../audit/audit.service.ts';
import { memberships, users } from '../users/users.table.ts';
import { contacts, technicalEmails } from './contacts.table.ts';

/**
 * What a list row shows (ContactSummary): not the notes nor the timestamps, which the list never
 * sends and whose dates cost a parse per row.
 */
const summaryColumns = {
  contact_id: contacts.id,
  customer_id: contacts.customerId,
  first_name: contacts.firstName,
  last_name: contacts.lastName,
  email: contacts.email,
  phone: contacts.phone,
  cellular: contacts.cellular,
  roles: contacts.roles,
  language: contacts.language,
  notifications: contacts.notifications,
  sync: contacts.sync,
  // One primary-key probe per row with a login: invited, and not signed in since.
  invitation_pending:
    sql<boolean>`(${contacts.userId} is not null and exists (select 1 from ${users} u where u.id = ${contacts.userId} and u.signed_in_at is null))`.mapWith(
      Boolean,
    ),
  call_position: contacts.callPosition,
};

/** A whole contact: the list's columns, the notes, the login and the timestamps. */
const columns = {
  ...summaryColumns,
  user_id: contacts.userId,
  external_note: contacts.externalNote,
  internal_note: contacts.internalNote,
  created_at: isoTimestamp(contacts.createdAt),
  updated_at: isoTimestamp(contacts.updatedAt),
};

const selectContacts = (db: Pick<Database | Transaction, 'select'>) => db.select(columns).from(contacts);
export type ContactRow = Awaited<ReturnType<typeof selectContacts>>[number];
export type ContactSummaryRow = Pick<ContactRow, keyof typeof summaryColumns>;

/**
 * Where a list page starts: after this contact in (lower(last name), lower(first name), id) order.
 * The cursor carries the names as stored; the query lowers both sides.
 */
export interface ContactAfter {
  lastName: string;
  firstName: string;
  id: number;
}

const byCustomer = (customerId: Param<number>) => eq(contacts.customerId, customerId);
const values = (data: ContactData) => ({
  firstName: data.first_name,
  lastName: data.last_name,
  email: data.email,
  phone: data.phone,
  cellular: data.cellular,
  roles: data.roles,
  language: data.language,
  notifications: data.notifications,
  externalNote: data.external_note,
  ...(data.internal_note === undefined ? {} : { internalNote: data.internal_note }),
});

/**
 * One page of the list by (lower(last name), lower(first name), id): case-insensitive, so "de Boer"
 * sorts among the B's and not after "Visser"; apart so the bench can compare its text.
 */
export function contactListQuery(
  db: Pick<Database, 'select'>,
  customerId: Param<number>,
  limit: Param<number>,
  after?: { [K in keyof ContactAfter]: Param<ContactAfter[K]> },
) {
  const lastName = sql`lower(${contacts.lastName})`;
  const firstName = sql`lower(${contacts.firstName})`;
  const start = after
    ? sql`(${lastName}, ${firstName}, ${contacts.id}) > (lower(${after.lastName}), lower(${after.firstName}), ${after.id})`
    : undefined;
  return db
    .select(summaryColumns)
    .from(contacts)
    .where(and(byCustomer(customerId), start))
    .orderBy(asc(lastName), asc(firstName), asc(contacts.id))
    .limit(limit);
}

/** Contacts and the technical e-mail list, always scoped by customer (STYLE.md habit 4). */
export function createContactsRepo(db: Database) {
  // The list is the hot read: prepared once, so Drizzle does not build its SQL on every request
  // (about a tenth of the API's CPU for the list in the bench's profile). The first page has one
  // plan whatever the customer (contacts_customer_name_idx in order, up to the limit), so it keeps
  // PostgreSQL's generic plan (db.$reusablePlans) instead of being planned on every call; a later
  // page's plan depends on its cursor and stays planned per call.
  const named = (name: string) => sql.placeholder(name);
  const firstPage = contactListQuery(db.$reusablePlans.drizzle, named('customerId'), named('limit')).prepare(
    'contact_list',
  );
  const laterPage = contactListQuery(db, named('customerId'), named('limit'), {
    lastName: named('lastName'),
    firstName: named('firstName'),
    id: named('id'),
  }).prepare('contact_list_after');

  return {
    db,

    async list(customerId: number, limit: number, after?: ContactAfter): Promise<ContactSummaryRow[]> {
      return after
        ? laterPage.execute({ customerId, limit, ...after })
        : firstPage.execute({ customerId, limit });
    },

    async get(
      customerId: number,
      id: number,
      tx: Database | Transaction = db,
    ): Promise<ContactRow | undefined> {
      const [row] = await selectContacts(tx).where(and(byCustomer(customerId), eq(contacts.id, id)));
      return row;
    },

    async callList(customerId: number): Promise<ContactRow[]> {
      return selectContacts(db)
        .where(and(byCustomer(customerId), isNotNull(contacts.callPosition)))
        .orderBy(asc(contacts.callPosition), asc(contacts.id));
    },

    async emailTaken(tx: Transaction, customerId: number, email: string, exceptId?: number) {
      const [row] = await tx
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(byCustomer(customerId), eq(contacts.email, email)));
      return row !== undefined && row.id !== exceptId;
    },

    /** Contacts of the customer holding a role, with a login or without. */
    async countWithRole(tx: Transaction, customerId: number, role: CustomerRole) {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(contacts)
        .where(and(byCustomer(customerId), sql`${role} = any(${contacts.roles})`));
      return row?.count ?? 0;
    },

    async insert(tx: Transaction, customerId: number, data: ContactData): Promise<number> {
      const [row] = await tx
        .insert(contacts)
        .values({ customerId, ...values(data) })
        .returning({ id: contacts.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    async update(tx: Transaction, customerId: number, id: number, data: ContactData) {
      await tx
        .update(contacts)
        .set({ ...values(data), updatedAt: sql`now()` })
        .where(and(byCustomer(customerId), eq(contacts.id, id)));
    },

    async remove(tx: Transaction, customerId: number, id: number) {
      await tx.delete(contacts).where(and(byCustomer(customerId), eq(contacts.id, id)));
    },

    /** A user's membership follows their contact's roles (DESIGN.md §2: one role per user and customer). */
    async setMembership(tx: Transaction, customerId: number, userId: string, role: CustomerRole | undefined) {
      const scope = and(eq(memberships.customerId, customerId), eq(memberships.userId, userId));
      if (role) await tx.update(memberships).set({ role }).where(scope);
      else await tx.delete(memberships).where(scope);
    },

    /** Replaces the call list: the given contacts in this order, every other contact off it. */
    async setCallList(tx: Transaction, customerId: number, ids: readonly number[]) {
      await tx.update(contacts).set({ callPosition: null }).where(byCustomer(customerId));
      for (const [index, id] of ids.entries()) {
        await tx
          .update(contacts)
          .set({ callPosition: index + 1 })
          .where(and(byCustomer(customerId), eq(contacts.id, id)));
      }
    },

    /**
     * Those of `ids` that are not on the call list yet and have neither a phone nor a mobile number, in
     * the order of `ids`. One already on it (whose numbers were removed later) may stay, so that the
     * list can still be reordered; the screen marks them.
     */
    async newWithoutNumber(tx: Transaction, customerId: number, ids: readonly number[]) {
      if (ids.length === 0) return [];
      const rows = await tx
        .select({ id: contacts.id, first_name: contacts.firstName, last_name: contacts.lastName })
        .from(contacts)
        .where(
          and(
            byCustomer(customerId),
            sql`${contacts.id} = any(${sql.param(ids)}::int[])`,
            isNull(contacts.callPosition),
            isNull(contacts.phone),
            isNull(contacts.cellular),
          ),
        );
      return rows
        .map((row) => ({ id: row.id, name: contactName(row) }))
        .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
    },

    async countIds(tx: Transaction, customerId: number, ids: readonly number[]) {
      if (ids.length === 0) return 0;
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(contacts)
        .where(and(byCustomer(customerId), sql`${contacts.id} = any(${sql.param(ids)}::int[])`));
      return row?.count ?? 0;
    },

    async technicalEmails(customerId: number, tx: Database | Transaction = db): Promise<string[]> {
      const rows = await tx
        .select({ email: technicalEmails.email })
        .from(technicalEmails)
        .where(eq(technicalEmails.customerId, customerId))
        .orderBy(asc(technicalEmails.position));
      return rows.map((row) => row.email);
    },

    async setTechnicalEmails(tx: Transaction, customerId: number, emails: readonly string[]) {
      await tx.delete(technicalEmails).where(eq(technicalEmails.customerId, customerId));
      if (emails.length === 0) return;
      await tx
        .insert(technicalEmails)
        .values(emails.map((email, index) => ({ customerId, email, position: index + 1 })));
    },
  };
}
export type ContactsRepo = ReturnType<typeof createContactsRepo>;
