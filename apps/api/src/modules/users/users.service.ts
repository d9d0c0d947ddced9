import { globalRightsForRoles, type Membership, type RightsMap, rightsMapFor } from '@portaal/contracts';
import type { IdpAccount, IdpAccountStore } from '@portaal/idp';
import type { UsersRepo } from './users.repo.ts';

interface Options {
  rolePrefix: string;
  /** Memberships are cached this long, so a revoked role works on one of the next requests. */
  cacheMs?: number;
}

export function createUsersService(repo: UsersRepo, { rolePrefix, cacheMs = 3000 }: Options) {
  const cache = new Map<string, { at: number; value: Promise<Membership[]> }>();

  function memberships(userId: string): Promise<Membership[]> {
    const now = Date.now();
    const hit = cache.get(userId);
    if (hit && now - hit.at < cacheMs) return hit.value;
    const value = repo.membershipsOf(userId);
    value.catch(() => cache.delete(userId));
    cache.set(userId, { at: now, value });
    if (cache.size > 10_000) {
      for (const [key, entry] of cache) if (now - entry.at >= cacheMs) cache.delete(key);
    }
    return value;
  }

  /** DESIGN.md §2: customer rights from memberships, global rights from the IdP's client roles. */
  async function rightsFor(userId: string, globalRoles: readonly string[]): Promise<RightsMap> {
    return rightsMapFor(await memberships(userId), globalRightsForRoles(globalRoles, rolePrefix));
  }

  const toAccount = (row: NonNullable<Awaited<ReturnType<UsersRepo['findById']>>>): IdpAccount => ({
    id: row.id,
    username: row.username,
    email: row.email,
    givenName: row.givenName,
    familyName: row.familyName,
    language: row.language,
    groups: row.groups,
    globalRoles: row.globalRoles,
  });

  /** What the dev IdP needs of the portal's accounts. */
  const accountStore: IdpAccountStore = {
    async findByUsername(username) {
      const row = await repo.findByUsername(username);
      return (
        row && {
          ...toAccount(row),
          passwordHash: row.passwordHash,
          failedLogins: row.failedLogins,
          lockedUntil: row.lockedUntil,
        }
      );
    },
    async findById(id) {
      const row = await repo.findById(id);
      return row && toAccount(row);
    },
    async rights(id) {
      const row = await repo.findById(id);
      return row
        ? rightsMapFor(await repo.membershipsOf(id), globalRightsForRoles(row.globalRoles, rolePrefix))
        : {};
    },
    recordFailedLogin: (id, lockUntil) => repo.recordFailedLogin(id, lockUntil),
    resetFailedLogins: (id) => repo.resetFailedLogins(id),
    setPassword: (id, hash) => repo.setPassword(id, hash),
  };

  return { rightsFor, accountStore };
}
export type UsersService = ReturnType<typeof createUsersService>;
