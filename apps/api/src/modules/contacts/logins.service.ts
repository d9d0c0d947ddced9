import { contactName, type LoginRemoval } from '@portaal/contracts/contacts';
import type { FastifyBaseLogger } from 'fastify';
import { changeSummary } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditLog, Transaction } from '../audit/audit.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import {
  type IdentityAdmin,
  IdentityUnavailableError,
  INVITATION_LIFESPAN_SECONDS,
} from '../users/identity-admin.ts';
import type { ContactsRepo } from './contacts.repo.ts';
import { type ContactsCaller, type ContactsService, contactNotFound } from './contacts.service.ts';
import { renderInvitationMail } from './logins.mail.ts';
import type { LoginsRepo } from './logins.repo.ts';
import type { LoginSync } from './logins.sync.ts';

/** A login with nothing left in the portal (no membership, no contact) is to be removed at the IdP. */
async function retireIfUnused(repo: LoginsRepo, tx: Transaction, userId: string) {
  // One after the other: a transaction's connection runs one query at a time.
  const memberships = await repo.membershipsOf(userId, tx);
  const contactCount = await repo.contactCount(userId, tx);
  if (memberships.length === 0 && contactCount === 0) await repo.setUserEnabled(tx, userId, false);
}

/** What the contacts service tells the logins: a role change or a deleted contact changes the login too. */
export interface LoginHooks {
  /** In the change's transaction: the login is stale until pushed (and retired when unused). */
  changed(tx: Transaction, userId: string): Promise<void>;
  /**
   * After commit: once every API process refuses the rights that went, push the login to the IdP;
   * whether the IdP took it.
   */
  committed(userId: string): Promise<boolean>;
}

/** Said after a commit that changed memberships; resolves once every API process refuses what went. */
export interface MembershipsSettle {
  settle(): Promise<void>;
}

export function createLoginHooks(
  repo: LoginsRepo,
  sync: LoginSync,
  memberships: MembershipsSettle,
): LoginHooks {
  return {
    async changed(tx, userId) {
      await repo.markStale(userId, tx);
      await retireIfUnused(repo, tx, userId);
    },
    async committed(userId) {
      await memberships.settle();
      return sync.sync(userId);
    },
  };
}

export interface LoginsDeps {
  repo: LoginsRepo;
  contactsRepo: ContactsRepo;
  contacts: ContactsService;
  identity: IdentityAdmin;
  sync: LoginSync;
  audit: AuditLog;
  mail: Pick<NotificationsService, 'recordMail' | 'dispatch'>;
  publicUrl: string;
  brandName: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** The same hooks the contacts service is given (createLoginHooks). */
  hooks: LoginHooks;
}

const identityUnavailable = () =>
  new AppError(
    'IDENTITY_UNAVAILABLE',
    503,
    'The sign-in service did not answer; nothing was changed. Try again later.',
  );
const noLogin = () => new AppError('CONTACT_HAS_NO_LOGIN', 409, 'This contact has no login.');
const ownLogin = () =>
  new AppError('OWN_LOGIN_NOT_ALLOWED', 403, 'Nobody turns off or removes their own login.');
const signedIn = () =>
  new AppError('LOGIN_SIGNED_IN', 409, 'This login has signed in already; it needs no invitation.');
const turnedOff = () =>
  new AppError('LOGIN_TURNED_OFF', 409, 'This login is turned off; turn it on before inviting again.');
const lastOwner = () =>
  new AppError('LAST_OWNER', 409, 'A customer keeps at least one owner who can sign in.');

/**
 * Logins of contacts (DESIGN.md §8): invite, turn off and on, remove, and My profile. Each write
 * commits in the portal first, with its audit event (rights change on the next request, whatever the
 * identity provider does), and then pushes the login to the IdP through the IdentityAdmin port; a
 * push that fails leaves the login stale for the identity job. Route access requires user-admin.
 */
export function createLoginsService(deps: LoginsDeps) {
  const { repo, contactsRepo, contacts, identity, sync, audit } = deps;
  const { committed } = deps.hooks;

  async function record(
    tx: Transaction,
    caller: ContactsCaller,
    customerId: number | null,
    action: string,
    object: string,
    summary: string,
  ) {
    await audit.record(
      {
        actorId: caller.actor.id,
        actorName: caller.actor.name,
        customerId,
        action,
        object,
        summary,
        requestId: caller.actor.requestId,
      },
      tx,
    );
  }

  /** The contact's login, locked; refuses a contact without one and the caller's own. */
  async function lockedLogin(tx: Transaction, caller: ContactsCaller, customerId: number, contactId: number) {
    const locked = await repo.lockContact(tx, customerId, contactId);
    if (!locked) throw contactNotFound(contactId);
    if (!locked.userId) throw noLogin();
    if (locked.userId === caller.actor.id) throw ownLogin();
    return locked.userId;
  }

  /**
   * Asks the IdP for a set-password link (Keycloak mails its own and answers null) and renders the
   * invitation mail the portal sends when there is a link.
   */
  async function invitationMail(
    caller: ContactsCaller,
    customerId: number,
    userId: string,
    username: string,
    contact: { email: string; first_name: string; last_name: string; language: 'en' | 'nl' },
  ) {
    const link = await identity.sendSetPassword(userId, {
      language: contact.language,
      redirectUri: `${deps.publicUrl}/`,
      lifespanSeconds: INVITATION_LIFESPAN_SECONDS,
    });
    if (!link) return undefined;
    const rendered = renderInvitationMail({
      language: contact.language,
      brand: deps.brandName,
      name: contactName(contact),
      inviter: caller.actor.name,
      company: await repo.customerName(customerId),
      username,
      link,
    });
    return {
      idempotencyKey: `invitation:${customerId}:${userId}:${caller.actor.requestId}`,
      userId,
      recipient: contact.email,
      language: contact.language,
      ...rendered,
    };
  }

  async function sendInvitation(...args: Parameters<typeof invitationMail>) {
    const mail = await invitationMail(...args);
    if (mail) await deps.mail.dispatch(await deps.mail.recordMail(mail));
  }

  return {
    /**
     * Creates the contact's login at the IdP (or finds the one with its e-mail address), makes it a
     * member with the contact's first role, and mails a set-password link. The IdP comes first: when
     * it does not answer, nothing is stored (503).
     */
    async invite(caller: ContactsCaller, customerId: number, contactId: number) {
      const contact = await contactsRepo.get(customerId, contactId);
      if (!contact) throw contactNotFound(contactId);
      if (contact.user_id) throw new AppError('CONTACT_HAS_LOGIN', 409, 'This contact has a login already.');
      const role = contact.roles[0];
      if (!role) throw new AppError('VALIDATION_FAILED', 400, 'The contact has no role.');
      const profile = {
        email: contact.email,
        givenName: contact.first_name,
        familyName: contact.last_name,
        language: contact.language,
        phone: contact.phone,
        mobile: contact.cellular,
      };
      let login: { id: string; username: string };
      try {
        login = await identity.ensureUser(profile);
      } catch (error) {
        if (error instanceof IdentityUnavailableError) throw identityUnavailable();
        throw error;
      }
      if (login.id === caller.actor.id) {
        throw new AppError('OWN_ROLES_NOT_ALLOWED', 403, 'Nobody gives their own login new rights.');
      }
      await repo.db.transaction(async (tx) => {
        const locked = await repo.lockContact(tx, customerId, contactId);
        if (!locked) throw contactNotFound(contactId);
        if (locked.userId) throw new AppError('CONTACT_HAS_LOGIN', 409, 'This contact has a login already.');
        if (await repo.membership(tx, customerId, login.id)) {
          throw new AppError(
            'LOGIN_TAKEN',
            409,
            'The login with this e-mail address belongs to another contact of this customer.',
          );
        }
        await repo.insertUser(tx, { id: login.id, username: login.username, ...profile });
        await repo.setUserEnabled(tx, login.id, true);
        await repo.setMembership(tx, customerId, login.id, role);
        await repo.linkContact(tx, customerId, contactId, login.id);
        await repo.markStale(login.id, tx);
        await record(
          tx,
          caller,
          customerId,
          'contact.invite',
          `contacts/${contactId}`,
          `invited ${contact.email} as ${role}`,
        );
      });
      await committed(login.id);
      try {
        await sendInvitation(caller, customerId, login.id, login.username, contact);
      } catch (error) {
        // The login exists and has its rights; only the mail is missing. Inviting again is refused
        // (the contact has a login), so say it in the log for the service desk.
        if (!(error instanceof IdentityUnavailableError)) throw error;
        deps.log.error({ err: error, userId: login.id }, 'invitation mail not sent');
      }
      return contacts.detail(caller, customerId, contactId);
    },

    /**
     * Sends a login's invitation again, while it has not signed in: a fresh set-password link (the
     * dev IdP's earlier links stop working; Keycloak mails a new one, its earlier one works until used
     * or expired). The checks come before the IdP is asked, so a refusal changes nothing; the mail
     * (dev IdP) and the audit event are stored in one transaction after the IdP has answered.
     */
    async resendInvitation(caller: ContactsCaller, customerId: number, contactId: number) {
      const contact = await contactsRepo.get(customerId, contactId);
      if (!contact) throw contactNotFound(contactId);
      const userId = contact.user_id;
      if (!userId) throw noLogin();
      if (await repo.signedIn(userId)) throw signedIn();
      // A login turned off cannot use the link (the dev IdP shows it as expired).
      if (!(await repo.membership(repo.db, customerId, userId))) throw turnedOff();
      const user = await repo.user(userId);
      if (!user) throw noLogin();
      let mail: Awaited<ReturnType<typeof invitationMail>>;
      try {
        mail = await invitationMail(caller, customerId, userId, user.username, contact);
      } catch (error) {
        if (error instanceof IdentityUnavailableError) throw identityUnavailable();
        throw error;
      }
      const ids = await repo.db.transaction(async (tx) => {
        const locked = await repo.lockContact(tx, customerId, contactId);
        if (!locked) throw contactNotFound(contactId);
        if (locked.userId !== userId) throw noLogin();
        if (await repo.signedIn(userId, tx)) throw signedIn();
        if (!(await repo.membership(tx, customerId, userId))) throw turnedOff();
        const recorded = mail ? await deps.mail.recordMail(mail, tx) : [];
        await record(
          tx,
          caller,
          customerId,
          'contact.invite_resend',
          `contacts/${contactId}`,
          `invitation sent again to ${contact.email}`,
        );
        return recorded;
      });
      await deps.mail.dispatch(ids);
      return contacts.detail(caller, customerId, contactId);
    },

    /** Turns the login off in this customer (its rights end at once) or on again with the contact's role. */
    async setEnabled(caller: ContactsCaller, customerId: number, contactId: number, enabled: boolean) {
      const userId = await repo.db.transaction(async (tx) => {
        const user = await lockedLogin(tx, caller, customerId, contactId);
        const current = await repo.membership(tx, customerId, user);
        if (Boolean(current) === enabled) return undefined;
        if (enabled) {
          const contact = await contactsRepo.get(customerId, contactId, tx);
          const role = contact?.roles[0];
          if (!role) throw contactNotFound(contactId);
          await repo.setMembership(tx, customerId, user, role);
        } else {
          if (current?.role === 'owner' && (await repo.ownerLogins(tx, customerId)) <= 1) throw lastOwner();
          await repo.setMembership(tx, customerId, user, null);
        }
        await repo.markStale(user, tx);
        await record(
          tx,
          caller,
          customerId,
          enabled ? 'contact.login_enable' : 'contact.login_disable',
          `contacts/${contactId}`,
          enabled ? 'login turned on' : 'login turned off',
        );
        return user;
      });
      if (userId) await committed(userId);
      return contacts.detail(caller, customerId, contactId);
    },

    /**
     * Removes the contact's login: the membership goes in the portal's transaction (denied on the next
     * request, whatever the IdP does), then the IdP deletes the login when nothing else uses it.
     * `pending`: the IdP did not answer; the identity job keeps trying (SPEC.md's failed removal).
     */
    async removeLogin(caller: ContactsCaller, customerId: number, contactId: number): Promise<LoginRemoval> {
      const userId = await repo.db.transaction(async (tx) => {
        const user = await lockedLogin(tx, caller, customerId, contactId);
        const current = await repo.membership(tx, customerId, user);
        if (current?.role === 'owner' && (await repo.ownerLogins(tx, customerId)) <= 1) throw lastOwner();
        await repo.setMembership(tx, customerId, user, null);
        await repo.linkContact(tx, customerId, contactId, null);
        await repo.markStale(user, tx);
        await retireIfUnused(repo, tx, user);
        await record(
          tx,
          caller,
          customerId,
          'contact.login_remove',
          `contacts/${contactId}`,
          'login removed',
        );
        return user;
      });
      const synced = await committed(userId);
      return {
        contact: await contacts.detail(caller, customerId, contactId),
        identity: synced ? 'removed' : 'pending',
      };
    },

    /**
     * My profile: the caller's name and numbers, on their row and on every contact that is their login
     * (one audit event per contact, in that contact's customer), then pushed to the IdP.
     */
    async updateProfile(
      caller: ContactsCaller & {
        user: { id: string; username: string; email: string; language: 'en' | 'nl' };
      },
      input: { given_name: string; family_name: string; phone: string | null; mobile: string | null },
    ) {
      const profile = {
        givenName: input.given_name,
        familyName: input.family_name,
        phone: input.phone,
        mobile: input.mobile,
      };
      await repo.db.transaction(async (tx) => {
        await repo.insertUser(tx, {
          id: caller.user.id,
          username: caller.user.username,
          email: caller.user.email,
          language: caller.user.language,
          ...profile,
        });
        const before = await repo.user(caller.user.id, tx);
        const summary = changeSummary(
          before && {
            name: `${before.givenName} ${before.familyName}`.trim(),
            phone: before.phone,
            mobile: before.mobile,
          },
          {
            name: `${profile.givenName} ${profile.familyName}`.trim(),
            phone: profile.phone,
            mobile: profile.mobile,
          },
        );
        const changed = await repo.setProfile(tx, caller.user.id, profile);
        if (changed.length === 0) {
          await record(tx, caller, null, 'profile.update', `users/${caller.user.id}`, summary || 'no change');
        }
        for (const contact of changed) {
          await record(
            tx,
            caller,
            contact.customerId,
            'profile.update',
            `contacts/${contact.id}`,
            summary || 'no change',
          );
        }
        await repo.markStale(caller.user.id, tx);
      });
      return sync.sync(caller.user.id);
    },
  };
}
export type LoginsService = ReturnType<typeof createLoginsService>;
