import { rightsMapFor } from '@portaal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type IdentityAdmin, type IdentityState, IdentityUnavailableError } from '../users/identity-admin.ts';
import type { LoginsRepo } from './logins.repo.ts';

/** The periodic job that pushes stale logins again (every minute, in one process at a time). */
export const IDENTITY_SYNC_JOB = 'identity.sync';
const BATCH = 100;

/**
 * Keeps the identity provider in step with the portal database, which is the source of truth: a
 * write commits in the portal first (rights end on the next request whatever the IdP does), then the
 * login is pushed. A push that fails leaves the login stale (its contacts' sync label), and the job
 * pushes it again each minute until the IdP answers. Every push sends the whole state, so a repeat
 * after an answer lost on the way changes nothing.
 */
export function createLoginSync(deps: {
  repo: LoginsRepo;
  identity: IdentityAdmin;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}) {
  const { repo, identity, log } = deps;

  /** What the IdP should hold; null: nothing of the portal uses the login any more, so it goes. */
  async function desired(userId: string): Promise<IdentityState | null | undefined> {
    const [user, memberships, contactCount] = await Promise.all([
      repo.user(userId),
      repo.membershipsOf(userId),
      repo.contactCount(userId),
    ]);
    if (!user) return undefined;
    // Removed (the portal turned it off and nothing uses it): the IdP deletes it. A login the portal
    // never turned off (provider staff, a user known only from the IdP) is never deleted from here.
    if (!user.enabled && memberships.length === 0 && contactCount === 0) return null;
    return {
      email: user.email,
      givenName: user.givenName,
      familyName: user.familyName,
      language: user.language,
      phone: user.phone,
      mobile: user.mobile,
      // Off when every contact that is this login is off; on for a login that is no contact (staff).
      enabled: memberships.length > 0 || contactCount === 0,
      rights: rightsMapFor(memberships, []),
    };
  }

  /** Pushes one login; false when the IdP did not answer (the login stays stale for the job). */
  async function sync(userId: string): Promise<boolean> {
    const state = await desired(userId);
    if (state === undefined) return true;
    try {
      await identity.push(userId, state);
    } catch (error) {
      if (!(error instanceof IdentityUnavailableError)) throw error;
      log.warn({ err: error, userId }, 'identity provider not updated; the login stays stale');
      await repo.markStale(userId);
      return false;
    }
    await repo.markSynced(userId);
    return true;
  }

  return {
    desired,
    sync,
    /** The job: every stale login once; answers how many reached the IdP and how many did not. */
    async retryStale(): Promise<{ synced: number; failed: number }> {
      let synced = 0;
      let failed = 0;
      for (const userId of await repo.staleUserIds(BATCH)) {
        if (await sync(userId)) synced += 1;
        else failed += 1;
      }
      return { synced, failed };
    },
  };
}
export type LoginSync = ReturnType<typeof createLoginSync>;
