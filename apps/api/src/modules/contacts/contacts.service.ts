import { type CustomerRight, customerRoles, hasRights, type RightsMap } from '@portaal/contracts';
import {
  type CallListInput,
  type Contact,
  type ContactData,
  type ContactSummary,
  contactName,
  type TechnicalEmails,
} from '@portaal/contracts/contacts';
import { z } from 'zod';
import { type Actor, changeSummary } from '../../lib/actor.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { type Cursors, cursorValue } from '../../lib/cursor.ts';
import type { AuditLog, Transaction } from '../audit/audit.service.ts';
import type { ContactRow, ContactSummaryRow, ContactsRepo } from './contacts.repo.ts';
import type { LoginHooks } from './logins.service.ts';

/** Who is asking: for the audit log, and their rights (computed per request). */
export interface ContactsCaller {
  actor: Actor;
  rights: RightsMap;
}

export interface ContactsDeps {
  repo: ContactsRepo;
  audit: AuditLog;
  cursors: Cursors;
  /** The logins of contacts: told of role changes and deleted contacts, to update the IdP. */
  logins?: LoginHooks;
}

const LIST = 'contacts';
const contactCursor = z.tuple([z.string(), z.string(), cursorValue.id]);

export const contactNotFound = (id: number) =>
  notFound('CONTACT_NOT_FOUND', `Contact ${id} does not exist or you cannot see it.`);

const quiet = () => {};
const has = (caller: ContactsCaller, right: CustomerRight, customerId: number) =>
  hasRights(caller.rights, { customer: [right] }, customerId, quiet);
/** Internal notes reach staff only (DESIGN.md §2): global contact-read. */
const isStaff = (caller: ContactsCaller) => (caller.rights.global ?? []).includes('contact-read');

/** Roles in the order of DESIGN.md §2, so that the same set always reads (and is stored) the same. */
const sortRoles = <T extends string>(roles: readonly T[]) =>
  [...roles].sort((a, b) => customerRoles.indexOf(a as never) - customerRoles.indexOf(b as never));

export function toContactSummary(row: ContactSummaryRow): ContactSummary {
  return {
    contact_id: row.contact_id,
    customer_id: row.customer_id,
    first_name: row.first_name,
    last_name: row.last_name,
    name: contactName(row),
    email: row.email,
    phone: row.phone,
    cellular: row.cellular,
    roles: row.roles,
    language: row.language,
    notifications: row.notifications,
    sync: row.sync,
    invitation_pending: row.invitation_pending,
    call_position: row.call_position,
  };
}

/** The fields an audit summary compares (never the internal note's text: the log is read by owners). */
const auditFields = (
  row: Pick<
    ContactRow,
    | 'first_name'
    | 'last_name'
    | 'email'
    | 'phone'
    | 'cellular'
    | 'roles'
    | 'language'
    | 'external_note'
    | 'internal_note'
    | 'notifications'
  >,
) => ({
  name: contactName(row),
  email: row.email,
  phone: row.phone,
  cellular: row.cellular,
  roles: row.roles.join(', '),
  language: row.language,
  notifications: row.notifications,
  external_note: row.external_note === '' ? '' : `${row.external_note.length} characters`,
  internal_note: row.internal_note === '' ? '' : 'changed',
});

const asRow = (data: ContactData, before?: ContactRow) => ({
  ...data,
  internal_note: data.internal_note ?? before?.internal_note ?? '',
});

/**
 * Contacts of DESIGN.md §8: list, detail, create, edit, delete, the call list and the technical e-mail
 * list. Route access declares the rights; this service adds the rules inside them: internal notes for
 * staff only, role changes of a user need user-admin, nobody changes their own roles, and a company
 * keeps at least one owner. Every write commits together with its one audit event.
 */
export function createContactsService({ repo, audit, cursors, logins }: ContactsDeps) {
  function present(caller: ContactsCaller, row: ContactRow): Contact {
    return {
      ...toContactSummary(row),
      external_note: row.external_note,
      ...(isStaff(caller) ? { internal_note: row.internal_note } : {}),
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  async function write<T>(
    caller: ContactsCaller,
    customerId: number,
    change: (tx: Transaction) => Promise<{ result: T; action: string; object: string; summary: string }>,
  ): Promise<T> {
    return repo.db.transaction(async (tx) => {
      const { result, action, object, summary } = await change(tx);
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
      return result;
    });
  }

  function assertMayWriteInternal(caller: ContactsCaller, data: ContactData) {
    if (data.internal_note !== undefined && !isStaff(caller)) {
      throw new AppError('INTERNAL_NOT_ALLOWED', 403, 'Only the service desk writes internal notes.');
    }
  }

  async function assertEmailFree(tx: Transaction, customerId: number, email: string, exceptId?: number) {
    if (await repo.emailTaken(tx, customerId, email, exceptId)) {
      throw new AppError(
        'CONTACT_EMAIL_TAKEN',
        409,
        'Another contact of this customer has this e-mail address.',
        [{ field: 'email', message: 'is already in use by another contact' }],
      );
    }
  }

  /** Taking the owner role from the last owner (or deleting them) would lock the company out. */
  async function assertKeepsOwner(
    tx: Transaction,
    customerId: number,
    before: ContactRow,
    after?: ContactData,
  ) {
    if (!before.roles.includes('owner') || after?.roles.includes('owner')) return;
    if ((await repo.countWithRole(tx, customerId, 'owner')) <= 1) {
      throw new AppError('LAST_OWNER', 409, 'A customer keeps at least one owner.');
    }
  }

  return {
    async list(customerId: number, query: { limit: number; cursor?: string }) {
      const after = query.cursor ? cursors.decode(LIST, query.cursor, contactCursor) : undefined;
      const rows = await repo.list(
        customerId,
        query.limit + 1,
        after && { lastName: after[0], firstName: after[1], id: after[2] },
      );
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(toContactSummary),
        nextCursor:
          rows.length > query.limit && last
            ? cursors.encode(LIST, [last.last_name, last.first_name, last.contact_id])
            : undefined,
      };
    },

    async detail(caller: ContactsCaller, customerId: number, id: number): Promise<Contact> {
      const row = await repo.get(customerId, id);
      if (!row) throw contactNotFound(id);
      return present(caller, row);
    },

    async create(caller: ContactsCaller, customerId: number, input: ContactData): Promise<Contact> {
      assertMayWriteInternal(caller, input);
      const data = { ...input, roles: sortRoles(input.roles) };
      const id = await write(caller, customerId, async (tx) => {
        await assertEmailFree(tx, customerId, data.email);
        const created = await repo.insert(tx, customerId, data);
        return {
          result: created,
          action: 'contact.create',
          object: `contacts/${created}`,
          summary: `created ${contactName(data)}`,
        };
      });
      const row = await repo.get(customerId, id);
      if (!row) throw contactNotFound(id);
      return present(caller, row);
    },

    async update(
      caller: ContactsCaller,
      customerId: number,
      id: number,
      input: ContactData,
    ): Promise<Contact> {
      assertMayWriteInternal(caller, input);
      const data = { ...input, roles: sortRoles(input.roles) };
      const login = await write(caller, customerId, async (tx) => {
        const before = await repo.get(customerId, id, tx);
        if (!before) throw contactNotFound(id);
        const rolesChanged = before.roles.join() !== data.roles.join();
        if (rolesChanged && before.user_id) {
          // A user's roles are their rights: only user-admin changes them, and never their own.
          if (!has(caller, 'user-admin', customerId))
            throw forbidden("Changing a user's roles needs user-admin.");
          if (before.user_id === caller.actor.id) {
            throw new AppError('OWN_ROLES_NOT_ALLOWED', 403, 'Nobody changes their own roles.');
          }
        }
        await assertEmailFree(tx, customerId, data.email, id);
        await assertKeepsOwner(tx, customerId, before, data);
        await repo.update(tx, customerId, id, data);
        const changedLogin = rolesChanged && before.user_id ? before.user_id : undefined;
        if (changedLogin) {
          await repo.setMembership(tx, customerId, changedLogin, data.roles[0]);
          await logins?.changed(tx, changedLogin);
        }
        return {
          result: changedLogin,
          action: rolesChanged ? 'contact.roles' : 'contact.update',
          object: `contacts/${id}`,
          summary: changeSummary(auditFields(before), auditFields(asRow(data, before))) || 'no change',
        };
      });
      // The IdP's rights attribute follows the membership (DESIGN.md §2).
      if (login) await logins?.committed(login);
      return this.detail(caller, customerId, id);
    },

    async remove(caller: ContactsCaller, customerId: number, id: number): Promise<void> {
      const login = await write(caller, customerId, async (tx) => {
        const before = await repo.get(customerId, id, tx);
        if (!before) throw contactNotFound(id);
        if (before.user_id === caller.actor.id) {
          throw new AppError('OWN_ROLES_NOT_ALLOWED', 403, 'Nobody removes themselves.');
        }
        await assertKeepsOwner(tx, customerId, before);
        // The login loses its rights in this customer with the contact, on its next request.
        if (before.user_id) await repo.setMembership(tx, customerId, before.user_id, undefined);
        await repo.remove(tx, customerId, id);
        if (before.user_id) await logins?.changed(tx, before.user_id);
        return {
          result: before.user_id,
          action: 'contact.delete',
          object: `contacts/${id}`,
          summary: `deleted ${contactName(before)}`,
        };
      });
      if (login) await logins?.committed(login);
    },

    async callList(customerId: number): Promise<ContactSummary[]> {
      return (await repo.callList(customerId)).map(toContactSummary);
    },

    async setCallList(caller: ContactsCaller, customerId: number, input: CallListInput) {
      await write(caller, customerId, async (tx) => {
        if ((await repo.countIds(tx, customerId, input.contact_ids)) !== input.contact_ids.length) {
          throw notFound(
            'CONTACT_NOT_FOUND',
            'The call list names a contact that does not exist or you cannot see.',
          );
        }
        // The desk calls these people during an incident: whoever is added needs a number to be called on.
        const [unreachable] = await repo.newWithoutNumber(tx, customerId, input.contact_ids);
        if (unreachable) {
          throw new AppError(
            'CALL_LIST_NO_NUMBER',
            422,
            `${unreachable.name} has no phone or mobile number to be called on.`,
            [{ field: 'contact_ids', message: 'names a contact without a phone or mobile number' }],
            { name: unreachable.name, contact_id: unreachable.id },
          );
        }
        await repo.setCallList(tx, customerId, input.contact_ids);
        return {
          result: undefined,
          action: 'contacts.call_list',
          object: 'contacts/call-list',
          summary: `order: ${input.contact_ids.join(', ') || '–'}`,
        };
      });
      return this.callList(customerId);
    },

    async technicalEmails(customerId: number): Promise<TechnicalEmails> {
      return { emails: await repo.technicalEmails(customerId) };
    },

    async setTechnicalEmails(caller: ContactsCaller, customerId: number, input: TechnicalEmails) {
      await write(caller, customerId, async (tx) => {
        const before = await repo.technicalEmails(customerId, tx);
        await repo.setTechnicalEmails(tx, customerId, input.emails);
        return {
          result: undefined,
          action: 'contacts.technical_emails',
          object: 'contacts/technical-emails',
          summary:
            changeSummary({ emails: before.join(', ') }, { emails: input.emails.join(', ') }) || 'no change',
        };
      });
      return { emails: input.emails };
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
