import {
  type CustomerRole,
  globalRightsForRoles,
  type Membership,
  type RightsMap,
  rightsMapFor,
} from '@portaal/contracts';
import type { IdpAccount, IdpAccountStore } from '@portaal/idp';
import type { UsersRepo } from './users.repo.ts';

export interface KnownUser {
  id: string;
  username: string;
  email: string;
  givenName: string;
  familyName: string;
  language?: 'en' | 'nl';
}

interface Options {
  rolePrefix: string;
  /**
   * Where memberships come from: the per-process cache that is never stale (memberships-cache.ts,
   * docs/decisions/0015), or PostgreSQL on every call when none is given.
   */
  memberships?: (userId: string) => Promise<Membership[]>;
}

export function createUsersService(repo: UsersRepo, { rolePrefix, ...options }: Options) {
  const memberships = options.memberships ?? ((userId: string) => repo.membershipsOf(userId));

  /** DESIGN.md §2: customer rights from memberships, global rights from the IdP's client roles. */
  async function rightsFor(userId: string, globalRoles: readonly string[]): Promise<RightsMap> {
    const held = await memberships(userId);
    let byRoles = rightsOf.get(held);
    if (!byRoles) {
      byRoles = new WeakMap();
      rightsOf.set(held, byRoles);
    }
    let rights = byRoles.get(globalRoles);
    if (!rights) {
      rights = Object.freeze(rightsMapFor(held, globalRightsForRoles(globalRoles, rolePrefix)));
      byRoles.set(globalRoles, rights);
    }
    return rights;
  }
  // Every request asks for the caller's rights. The memberships cache answers with the same array until
  // a membership changes, and a verified token keeps its roles array: the same pair gives the same
  // rights, worked out once (and dropped with either array).
  const rightsOf = new WeakMap<readonly Membership[], WeakMap<readonly string[], RightsMap>>();

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
      // A login turned off (or removed) cannot sign in: it has no password the page could match.
      return row && { ...toAccount(row), passwordHash: row.enabled ? row.passwordHash : null };
    },
    async findLoginById(id) {
      const row = await repo.findById(id);
      return row?.enabled
        ? { ...toAccount(row), passwordHash: row.passwordHash, actionStamp: row.actionStamp }
        : undefined;
    },
    /** A login turned off is unknown to the IdP: its refresh tokens and userinfo stop working. */
    async findById(id) {
      const row = await repo.findById(id);
      return row?.enabled ? toAccount(row) : undefined;
    },
    async rights(id) {
      const row = await repo.findById(id);
      return row
        ? rightsMapFor(await memberships(id), globalRightsForRoles(row.globalRoles, rolePrefix))
        : {};
    },
    setPassword: (id, hash) => repo.setPassword(id, hash),
  };

  /** Address, name and language of users, for the mails other modules send them. */
  const mailContacts: UsersRepo['mailContacts'] = (ids, executor) => repo.mailContacts(ids, executor);
  const technicalContacts: UsersRepo['technicalContacts'] = (customerId, executor) =>
    repo.technicalContacts(customerId, executor);

  /** The caller's role in one customer (cached like the rights), e.g. for the request types per role. */
  async function roleIn(userId: string, customerId: number): Promise<CustomerRole | undefined> {
    return (await memberships(userId)).find((membership) => membership.customerId === customerId)?.role;
  }

  /**
   * Name and language of a caller, who gets a users row on first use: rows that others reference
   * (ticket authors) need one, and a user known only to an external IdP has none yet.
   */
  async function ensureKnown(user: KnownUser): Promise<{ name: string; language: 'en' | 'nl' }> {
    const row = (await repo.findById(user.id)) ?? (await repo.insertIfMissing(user));
    const name = `${row.givenName} ${row.familyName}`.trim();
    return { name: name || row.username, language: row.language };
  }

  const membersWithRight: UsersRepo['membersWithRight'] = (customerId, right, executor) =>
    repo.membersWithRight(customerId, right, executor);

  return {
    rightsFor,
    accountStore,
    mailContacts,
    technicalContacts,
    membersWithRight,
    roleIn,
    ensureKnown,
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
