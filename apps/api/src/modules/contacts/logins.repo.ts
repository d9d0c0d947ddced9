import type { CustomerRole, Membership } from '@portaal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Transaction } from '../audit/audit.service.ts';
import { customers } from '../customers/customers.table.ts';
import { memberships, users } from '../users/users.table.ts';
import { contacts } from './contacts.table.ts';

type Executor = Database | Transaction;

/**
 * The logins of contacts: a contact's `user_id`, the user's membership in the contact's customer (its
 * rights: present means the login is on, DESIGN.md §2), and the sync labels. Scoped by customer
 * wherever a customer is in play.
 */
export function createLoginsRepo(db: Database) {
  return {
    db,

    async user(userId: string, tx: Executor = db) {
      const [row] = await tx.select().from(users).where(eq(users.id, userId));
      return row;
    },

    async membershipsOf(userId: string, tx: Executor = db): Promise<Membership[]> {
      return tx
        .select({ customerId: memberships.customerId, role: memberships.role })
        .from(memberships)
        .where(eq(memberships.userId, userId));
    },

    async contactCount(userId: string, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(contacts)
        .where(eq(contacts.userId, userId));
      return row?.count ?? 0;
    },

    /** The portal's row of a login made at the IdP (Keycloak's id); a row already there stays. */
    async insertUser(
      tx: Transaction,
      user: {
        id: string;
        username: string;
        email: string;
        givenName: string;
        familyName: string;
        language: 'en' | 'nl';
        phone: string | null;
        mobile: string | null;
      },
    ) {
      await tx.insert(users).values(user).onConflictDoNothing();
    },

    /** Whether the portal still means the login to exist at the IdP (false: removed, to be deleted). */
    async setUserEnabled(tx: Transaction, userId: string, enabled: boolean) {
      await tx.update(users).set({ enabled }).where(eq(users.id, userId));
    },

    async customerName(customerId: number): Promise<string> {
      const [row] = await db
        .select({ name: customers.displayName })
        .from(customers)
        .where(eq(customers.customerId, customerId));
      return row?.name ?? String(customerId);
    },

    async membership(tx: Executor, customerId: number, userId: string) {
      const [row] = await tx
        .select({ role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.customerId, customerId), eq(memberships.userId, userId)));
      return row;
    },

    async setMembership(tx: Transaction, customerId: number, userId: string, role: CustomerRole | null) {
      const scope = and(eq(memberships.customerId, customerId), eq(memberships.userId, userId));
      if (role === null) {
        await tx.delete(memberships).where(scope);
        return;
      }
      await tx
        .insert(memberships)
        .values({ customerId, userId, role })
        .onConflictDoUpdate({ target: [memberships.userId, memberships.customerId], set: { role } });
    },

    /** Logins of the customer with the owner role that are on. */
    async ownerLogins(tx: Transaction, customerId: number): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(memberships)
        .where(and(eq(memberships.customerId, customerId), eq(memberships.role, 'owner')));
      return row?.count ?? 0;
    },

    /** Whether the login has signed in (DESIGN.md §8: an invitation is pending until it has). */
    async signedIn(userId: string, tx: Executor = db): Promise<boolean> {
      const [row] = await tx.select({ signedInAt: users.signedInAt }).from(users).where(eq(users.id, userId));
      return Boolean(row?.signedInAt);
    },

    /** Locks the contact for the rest of the transaction: two invitations of one contact wait in turn. */
    async lockContact(tx: Transaction, customerId: number, contactId: number) {
      const [row] = await tx
        .select({ userId: contacts.userId })
        .from(contacts)
        .where(and(eq(contacts.customerId, customerId), eq(contacts.id, contactId)))
        .for('update');
      return row;
    },

    async linkContact(tx: Transaction, customerId: number, contactId: number, userId: string | null) {
      await tx
        .update(contacts)
        .set({ userId, sync: userId ? 'stale' : null, updatedAt: sql`now()` })
        .where(and(eq(contacts.customerId, customerId), eq(contacts.id, contactId)));
    },

    /** The IdP does not yet hold what the portal says of this login: label stale until pushed. */
    async markStale(userId: string, tx: Executor = db) {
      await tx.update(users).set({ idpStale: true }).where(eq(users.id, userId));
      await tx.update(contacts).set({ sync: 'stale' }).where(eq(contacts.userId, userId));
    },

    /** Pushed: each of the login's contacts is active where its membership is, disabled elsewhere. */
    async markSynced(userId: string) {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ idpStale: false }).where(eq(users.id, userId));
        await tx
          .update(contacts)
          .set({
            sync: sql`case when exists (select 1 from ${memberships} m where m.user_id = ${contacts.userId} and m.customer_id = ${contacts.customerId}) then 'active' else 'disabled' end`,
          })
          .where(eq(contacts.userId, userId));
      });
    },

    async staleUserIds(limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.idpStale, true))
        .orderBy(users.id)
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** My profile: the user's row and every contact that is this login, in every customer. */
    async setProfile(
      tx: Transaction,
      userId: string,
      profile: { givenName: string; familyName: string; phone: string | null; mobile: string | null },
    ) {
      await tx.update(users).set(profile).where(eq(users.id, userId));
      return tx
        .update(contacts)
        .set({
          firstName: profile.givenName,
          lastName: profile.familyName,
          phone: profile.phone,
          cellular: profile.mobile,
          updatedAt: sql`now()`,
        })
        .where(eq(contacts.userId, userId))
        .returning({ id: contacts.id, customerId: contacts.customerId });
    },
  };
}
export type LoginsRepo = ReturnType<typeof createLoginsRepo>;
