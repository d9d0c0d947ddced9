import { randomUUID } from 'node:crypto';
import { ACTION_TOKEN_PATH, createActionTokens } from '@portaal/idp/action-tokens';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { IdentityAdmin } from './identity-admin.ts';
import { users } from './users.table.ts';

/**
 * The dev IdP's side of the port: its user store is the portal's `users` table (and it reads rights
 * from the memberships directly), so pushing is a row update and never fails for want of an answer.
 * A removed login keeps its row (tickets name their authors) but loses its password, its sign-in and
 * its username, which becomes free for a new invitation.
 */
export function createDevIdentityAdmin(db: Database, issuer: string): IdentityAdmin {
  const tokens = createActionTokens(db);
  return {
    kind: 'dev',

    async ensureUser(profile) {
      const username = profile.email.toLowerCase();
      const [existing] = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(eq(users.username, username));
      if (existing) return existing;
      const id = randomUUID();
      await db
        .insert(users)
        .values({
          id,
          username,
          email: profile.email,
          givenName: profile.givenName,
          familyName: profile.familyName,
          language: profile.language,
          phone: profile.phone,
          mobile: profile.mobile,
          passwordHash: null,
        })
        .onConflictDoNothing();
      const [row] = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(eq(users.username, username));
      if (!row) throw new Error(`login ${username} could not be created`);
      return row;
    },

    async push(id, state) {
      if (state === null) {
        await db
          .update(users)
          .set({ enabled: false, passwordHash: null, username: `removed:${id}` })
          .where(eq(users.id, id));
        return;
      }
      await db
        .update(users)
        .set({
          email: state.email,
          givenName: state.givenName,
          familyName: state.familyName,
          phone: state.phone,
          mobile: state.mobile,
          enabled: state.enabled,
        })
        .where(eq(users.id, id));
    },

    /** A new stamp with every link: the links made before it stop working (an invitation sent again). */
    async sendSetPassword(id, { language, lifespanSeconds }) {
      const [row] = await db
        .update(users)
        .set({ actionStamp: randomUUID() })
        .where(eq(users.id, id))
        .returning({ passwordHash: users.passwordHash, actionStamp: users.actionStamp });
      if (!row) throw new Error(`login ${id} does not exist`);
      const key = await tokens.issue({
        sub: id,
        passwordHash: row.passwordHash,
        actionStamp: row.actionStamp,
        lifespanSeconds,
      });
      return `${issuer}${ACTION_TOKEN_PATH}?key=${encodeURIComponent(key)}&kc_locale=${language}`;
    },
  };
}
