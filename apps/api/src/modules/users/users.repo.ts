import { type CustomerRight, customerRoles, type Membership, roleRights } from '@portaal/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customers } from '../customers/customers.table.ts';
import { memberships, users } from './users.table.ts';

export function createUsersRepo(db: Database) {
  const membershipsOfUser = db
    .select({ customerId: memberships.customerId, role: memberships.role })
    .from(memberships)
    .where(eq(memberships.userId, sql.placeholder('userId')))
    .prepare('memberships_of_user');

  return {
    /** Read on every request that needs rights: a named prepared statement, parsed once per connection. */
    async membershipsOf(userId: string): Promise<Membership[]> {
      return membershipsOfUser.execute({ userId });
    },
    /** Memberships with the customer's name, for the caller's profile. */
    async membershipsWithNames(userId: string) {
      return db
        .select({
          customerId: memberships.customerId,
          displayName: customers.displayName,
          role: memberships.role,
        })
        .from(memberships)
        .innerJoin(customers, eq(customers.customerId, memberships.customerId))
        .where(eq(memberships.userId, userId))
        .orderBy(asc(customers.displayName));
    },
    /** A user known only to an external IdP gets a row the first time they save a preference. */
    async upsertLanguage(
      user: { id: string; username: string; email: string; givenName: string; familyName: string },
      language: 'en' | 'nl',
    ) {
      await db
        .insert(users)
        .values({ ...user, language, signedInAt: sql`now()` })
        .onConflictDoUpdate({ target: users.id, set: { language } });
    },
    /**
     * The customer's technical contacts: members who watch monitoring (owner and technical_viewer,
     * DESIGN.md §2), with what a mail needs. Contacts with chat channels join here when they land.
     */
    async technicalContacts(customerId: number, executor: Pick<Database, 'select'> = db) {
      return executor
        .select({
          id: users.id,
          email: users.email,
          givenName: users.givenName,
          familyName: users.familyName,
          language: users.language,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(
          sql`${memberships.customerId} = ${customerId} and ${memberships.role} in ('owner', 'technical_viewer')`,
        )
        .orderBy(asc(users.id));
    },
    /** The customer's members whose role has the given right (DESIGN.md §2), e.g. invoice-read. */
    async membersWithRight(
      customerId: number,
      right: CustomerRight,
      executor: Pick<Database, 'select'> = db,
    ) {
      const roles = customerRoles.filter((role) => roleRights[role].includes(right));
      return executor
        .select({ id: users.id, language: users.language })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(sql`${memberships.customerId} = ${customerId} and ${inArray(memberships.role, roles)}`)
        .orderBy(asc(users.id));
    },
    async findByUsername(username: string) {
      const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
      return row;
    },
    /**
     * Who to write to: address, name and language of each user (unknown ids are left out). Takes the
     * caller's transaction, so a request does not hold one pooled connection while waiting for another.
     */
    async mailContacts(ids: readonly string[], executor: Pick<Database, 'select'> = db) {
      if (ids.length === 0) return [];
      return executor
        .select({
          id: users.id,
          email: users.email,
          givenName: users.givenName,
          familyName: users.familyName,
          language: users.language,
        })
        .from(users)
        .where(inArray(users.id, [...ids]));
    },
    /** Inserts a user met for the first time; a concurrent insert of the same user wins harmlessly. */
    async insertIfMissing(user: {
      id: string;
      username: string;
      email: string;
      givenName: string;
      familyName: string;
      language?: 'en' | 'nl';
    }) {
      // A caller: signed in, or they would not be calling.
      await db
        .insert(users)
        .values({ ...user, signedInAt: sql`now()` })
        .onConflictDoNothing();
      const [row] = await db.select().from(users).where(eq(users.id, user.id)).limit(1);
      if (!row) throw new Error(`user ${user.id} could not be recorded (username taken by another id?)`);
      return row;
    },
    async findById(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    /**
     * The first sign-in of an invited login (its invitation is no longer pending). Only a row without
     * one is written, so the signed-in caller's every later call writes nothing.
     */
    async markSignedIn(id: string) {
      await db
        .update(users)
        .set({ signedInAt: sql`now()` })
        .where(and(eq(users.id, id), isNull(users.signedInAt)));
    },
    async setPassword(id: string, passwordHash: string) {
      await db.update(users).set({ passwordHash }).where(eq(users.id, id));
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
