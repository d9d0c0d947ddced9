import { and, eq, lt, sql } from 'drizzle-orm';
import { idpSignInThrottle } from './idp.table.ts';
import type { IdpDatabase } from './types.ts';

/** Failures from one address for one username that cost nothing. */
export const FREE_FAILURES = 5;
/** The wait after the first failure beyond the free ones; it doubles with each further failure. */
export const FIRST_WAIT_MS = 15_000;
export const MAX_WAIT_MS = 15 * 60_000;
/** A username and address without a failure for this long start again from nothing. */
export const FORGET_MS = 60 * 60_000;

/** How long the next attempt must wait after `failures` failures, counted from the last one. */
export function waitAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_FAILURES));
}

/**
 * Sign-in and password-change attempts, slowed down per username and client address: after a few
 * failures from one address, the next attempt from that address must wait, longer after each further
 * failure. Never a lock of the account: a stranger elsewhere who guesses wrong slows only themselves,
 * and the user signs in from their own address as usual. Both the login page and the API's
 * password change count here, so neither is a way around the other.
 */
export function createSignInThrottle(db: IdpDatabase, clock: () => number = Date.now) {
  const key = (username: string, address: string) =>
    and(eq(idpSignInThrottle.username, username), eq(idpSignInThrottle.address, address));

  return {
    /** Milliseconds before this username may try again from this address; 0 when it may now. */
    async waitMs(username: string, address: string): Promise<number> {
      const [row] = await db
        .select({ failures: idpSignInThrottle.failures, last: idpSignInThrottle.lastFailureAt })
        .from(idpSignInThrottle)
        .where(key(username, address));
      if (!row) return 0;
      const since = clock() - row.last.getTime();
      if (since >= FORGET_MS) return 0;
      return Math.max(0, waitAfter(row.failures) - since);
    },

    async failed(username: string, address: string): Promise<void> {
      const now = new Date(clock());
      const forgotten = new Date(clock() - FORGET_MS);
      await db
        .insert(idpSignInThrottle)
        .values({ username, address, failures: 1, lastFailureAt: now })
        .onConflictDoUpdate({
          target: [idpSignInThrottle.username, idpSignInThrottle.address],
          set: {
            failures: sql`case when ${idpSignInThrottle.lastFailureAt} < ${forgotten} then 1 else ${idpSignInThrottle.failures} + 1 end`,
            lastFailureAt: now,
          },
        });
    },

    async succeeded(username: string, address: string): Promise<void> {
      await db.delete(idpSignInThrottle).where(key(username, address));
    },

    /** Rows nobody needs any more (run with the IdP's other clean-ups). */
    async purge(): Promise<void> {
      await db
        .delete(idpSignInThrottle)
        .where(lt(idpSignInThrottle.lastFailureAt, new Date(clock() - FORGET_MS)));
    },
  };
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
