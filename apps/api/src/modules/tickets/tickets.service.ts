import {
  type AttachmentRules,
  type CustomerRight,
  type CustomerRole,
  customerMaySetStatus,
  departmentForCategory,
  globalRightsForRoles,
  hasRights,
  type LandscapeRef,
  type Person,
  parseObjectId,
  type RequestTypes,
  requestTypesByRole,
  statusAfterCustomerReply,
  statusAfterStaffReply,
  type Ticket,
  type TicketAttachment,
  type TicketCategory,
  type TicketListQuery,
  type TicketMessage,
  type TicketObject,
  type TicketStatus,
  type TicketSummary,
  ticketCategories,
  ticketStatuses,
} from '@portaal/contracts';
import { z } from 'zod';
import { changeSummary } from '../../lib/actor.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import type { Caller } from '../../lib/caller.ts';
import { type Cursors, cursorValue } from '../../lib/cursor.ts';
import type { AuditLog, Transaction } from '../audit/audit.service.ts';
import type { TicketEventPublisher } from '../notifications/notifications.events.ts';
import type { KnownUser } from '../users/users.service.ts';
import type { Upload } from './attachments.ts';
import { type ChangeRequest, changeRequestText, type Language } from './change-requests.ts';
import type { Executor, ListRow, TicketsRepo } from './tickets.repo.ts';

export interface TicketsDeps {
  events: TicketEventPublisher;
  /** DESIGN.md §8: every status change writes one audit event, in the transaction of the change. */
  audit: AuditLog;
  users: {
    roleIn(userId: string, customerId: number): Promise<CustomerRole | undefined>;
    ensureKnown(user: KnownUser): Promise<{ name: string; language: Language }>;
  };
  rolePrefix: string;
  serviceDeskPhone: string;
  attachmentRules: AttachmentRules;
  cursors: Cursors;
  /** The customer's landscape: a ticket may be about one of its objects (issue 11). */
  landscape: { resolve(customerId: number, id: string): Promise<LandscapeRef | undefined> };
}

export interface NewTicketInput {
  category: TicketCategory;
  subject: string;
  description: string;
  priority: 1 | 2 | 3;
  /** The server or landscape object the ticket is about, as the caller named it. */
  landscape_object_id?: string;
}

export interface ReplyInput {
  body: string;
  internal: boolean;
  status?: TicketStatus;
}

const quiet = () => {};
const has = (caller: Caller, right: CustomerRight, customerId: number) =>
  hasRights(caller.rights, { customer: [right] }, customerId, quiet);
const hasGlobal = (caller: Caller, right: string) => (caller.rights.global ?? []).includes(right);

/** Staff (global ticket-read) see internal notes; staff with global ticket-edit write them and set any status. */
const isStaff = (caller: Caller) => hasGlobal(caller, 'ticket-read');
const isStaffEditor = (caller: Caller) => hasGlobal(caller, 'ticket-edit');

/**
 * One refusal for an object id that is not the customer's, does not exist, or that the caller may not
 * read (no infra-read): the answer does not tell which, so it reveals nothing of another landscape.
 */
const objectRefused = () =>
  badRequest('The ticket names no landscape object of this customer that you may read.', [
    {
      field: 'landscape_object_id',
      message: 'must be a server or landscape object of this customer that you may read',
    },
  ]);

const ticketNotFound = (ticketId: number) =>
  notFound('TICKET_NOT_FOUND', `Ticket ${ticketId} does not exist or you cannot see it.`);

/** Timestamps arrive as PostgreSQL text; the API speaks ISO 8601 in UTC. */
const toIso = (value: string) => new Date(value).toISOString();

/** The ticket list's cursor: updated_at with microseconds and the id of the last row. */
const ticketCursor = z.tuple([cursorValue.time, cursorValue.bigId]);
const toAfter = ([at, id]: [string, number]) => ({ at, id });

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** "10042" or "#10042" finds that ticket number, and subjects containing the digits; anything else searches subjects. */
export function parseSearch(search: string): { subjectPattern?: string; ticketNumber?: number } {
  const text = search.trim();
  if (text === '') return {};
  const number = /^#?(\d{1,15})$/.exec(text)?.[1];
  if (number !== undefined) {
    return { subjectPattern: `%${number}%`, ticketNumber: Number(number) };
  }
  return { subjectPattern: `%${escapeLike(text)}%` };
}

export function createTicketsService(repo: TicketsRepo, deps: TicketsDeps) {
  const { events, users, rolePrefix } = deps;

  const isStaffRoles = (roles: readonly string[]) => globalRightsForRoles(roles, rolePrefix).length > 0;

  const toPerson = (row: {
    authorId: string;
    authorUsername: string;
    authorGivenName: string;
    authorFamilyName: string;
    authorRoles: string[];
  }): Person => ({
    user_id: row.authorId,
    name: `${row.authorGivenName} ${row.authorFamilyName}`.trim() || row.authorUsername,
    staff: isStaffRoles(row.authorRoles),
  });

  const toSummary = (row: ListRow): TicketSummary => ({
    ticket_id: Number(row.id),
    customer_id: row.customer_id,
    subject: row.subject,
    department: row.department,
    category: row.category,
    priority: row.priority,
    status: row.status,
    author: {
      user_id: row.author_id,
      name: `${row.author_given_name} ${row.author_family_name}`.trim() || row.author_username,
      staff: isStaffRoles(row.author_roles),
    },
    created_at: row.created_at,
    updated_at: row.updated_at,
    message_count: row.message_count,
    attachment_count: row.attachment_count,
    last_reply_by: row.last_reply_staff ? 'staff' : 'customer',
  });

  /** A joined user (assignee, watcher) as a person; null when the join found nobody. */
  const joinedPerson = (row: {
    assigneeId: string | null;
    assigneeUsername: string | null;
    assigneeGivenName: string | null;
    assigneeFamilyName: string | null;
    assigneeRoles: string[] | null;
  }): Person | null =>
    row.assigneeId === null
      ? null
      : toPerson({
          authorId: row.assigneeId,
          authorUsername: row.assigneeUsername ?? '',
          authorGivenName: row.assigneeGivenName ?? '',
          authorFamilyName: row.assigneeFamilyName ?? '',
          authorRoles: row.assigneeRoles ?? [],
        });

  /** Categories the caller may file in this customer (DESIGN.md §2); staff editors file every type. */
  async function categoriesFor(caller: Caller, customerId: number): Promise<TicketCategory[]> {
    if (isStaffEditor(caller)) return [...ticketCategories];
    const role = await users.roleIn(caller.user.id, customerId);
    return role ? [...requestTypesByRole[role]] : [];
  }

  /**
   * The request type must be one the caller may file; a named landscape object must be one of the
   * customer's that the caller may read. Answers the object with its canonical id.
   */
  async function assertMayFile(
    caller: Caller,
    customerId: number,
    category: TicketCategory,
    objectId?: string,
  ): Promise<TicketObject | undefined> {
    if (!(await categoriesFor(caller, customerId)).includes(category)) {
      throw new AppError(
        'REQUEST_TYPE_NOT_ALLOWED',
        403,
        `Your role in customer ${customerId} cannot file a ${category}.`,
      );
    }
    if (objectId === undefined) return undefined;
    if (!has(caller, 'infra-read', customerId)) throw objectRefused();
    const found = await deps.landscape.resolve(customerId, objectId);
    if (!found?.id || !found.kind) throw objectRefused();
    return { id: found.id, kind: found.kind, name: found.name };
  }

  /** The object a ticket is about, named as the landscape knows it now (null when it is gone or unreachable). */
  async function ticketObject(customerId: number, id: string | null): Promise<TicketObject | null> {
    if (id === null) return null;
    const parsed = parseObjectId(id);
    if (!parsed) return null;
    const found = await deps.landscape.resolve(customerId, id).catch(() => undefined);
    return { id, kind: parsed.kind, name: found?.name ?? null };
  }

  /** The status a reply leaves the ticket in; an explicit one is checked like a status change. */
  function statusAfterReply(caller: Caller, current: TicketStatus, input: ReplyInput): TicketStatus {
    if (input.status !== undefined) {
      assertMaySetStatus(caller, current, input.status);
      return input.status;
    }
    // An internal note is invisible to the customer, so it does not move the ticket either.
    if (input.internal) return current;
    return isStaffEditor(caller) ? statusAfterStaffReply(current) : statusAfterCustomerReply(current);
  }

  function assertMaySetStatus(caller: Caller, from: TicketStatus, to: TicketStatus) {
    if (isStaffEditor(caller) || customerMaySetStatus(from, to)) return;
    throw new AppError(
      'STATUS_CHANGE_NOT_ALLOWED',
      403,
      `You cannot change the status of this ticket from ${from} to ${to}.`,
    );
  }

  function assertMayWriteInternal(caller: Caller, internal: boolean) {
    if (internal && !isStaffEditor(caller)) {
      throw new AppError('INTERNAL_NOT_ALLOWED', 403, 'Only the service desk can write internal notes.');
    }
  }

  /** Without ticket-read-all a caller sees only tickets they wrote or watch. */
  async function assertVisible(
    caller: Caller,
    customerId: number,
    ticket: { id: number; authorId: string },
    isWatcher: () => Promise<boolean>,
  ) {
    if (has(caller, 'ticket-read-all', customerId) || ticket.authorId === caller.user.id) return;
    if (!(await isWatcher())) throw ticketNotFound(ticket.id);
  }

  async function get(caller: Caller, customerId: number, ticketId: number): Promise<Ticket> {
    const row = await repo.ticket(customerId, ticketId);
    if (!row) throw ticketNotFound(ticketId);
    const [watchers, messages, attachments, object] = await Promise.all([
      repo.watchers(ticketId),
      repo.messages(ticketId),
      repo.attachments(ticketId),
      ticketObject(customerId, row.landscapeObjectId),
    ]);
    await assertVisible(caller, customerId, { id: ticketId, authorId: row.authorId }, async () =>
      watchers.some((watcher) => watcher.userId === caller.user.id),
    );
    const staff = isStaff(caller);
    const visible = staff ? messages : messages.filter((message) => !message.internal);
    const filesByMessage = new Map<number, TicketAttachment[]>();
    for (const file of attachments) {
      const list = filesByMessage.get(file.messageId) ?? [];
      list.push({
        attachment_id: file.id,
        message_id: file.messageId,
        file_name: file.fileName,
        content_type: file.contentType,
        size: file.size,
        created_at: toIso(file.createdAt),
      });
      filesByMessage.set(file.messageId, list);
    }
    const canEdit = has(caller, 'ticket-edit', customerId);
    const staffEditor = isStaffEditor(caller);
    return {
      ticket_id: row.id,
      customer_id: row.customerId,
      subject: row.subject,
      department: row.department,
      category: row.category,
      priority: row.priority,
      status: row.status,
      author: toPerson(row),
      created_at: toIso(row.createdAt),
      updated_at: toIso(row.updatedAt),
      message_count: row.messageCount,
      attachment_count: row.attachmentCount,
      last_reply_by: row.lastReplyStaff ? 'staff' : 'customer',
      handled_by: joinedPerson(row),
      landscape_object: object,
      messages: visible.map(
        (message): TicketMessage => ({
          message_id: message.id,
          author: toPerson(message),
          created_at: toIso(message.createdAt),
          body: message.body,
          internal: message.internal,
          status_change: message.statusChange,
          assignment: message.assignment ? { assignee: joinedPerson(message) } : null,
          attachments: filesByMessage.get(message.id) ?? [],
        }),
      ),
      watchers: watchers.map((watcher) =>
        toPerson({
          authorId: watcher.userId,
          authorUsername: watcher.username,
          authorGivenName: watcher.givenName,
          authorFamilyName: watcher.familyName,
          authorRoles: watcher.roles,
        }),
      ),
      can_reply: canEdit,
      allowed_statuses: canEdit
        ? ticketStatuses.filter(
            (status) => status !== row.status && (staffEditor || customerMaySetStatus(row.status, status)),
          )
        : [],
      can_write_internal: staffEditor,
    };
  }

  /**
   * Notifies author and watchers, never the actor; internal notes only reach staff among them. A
   * customer user who is no longer a member of the ticket's customer can no longer see the ticket,
   * so hears nothing of it either.
   */
  async function recordEvent(
    tx: Executor,
    input: {
      customerId: number;
      ticket: { id: number; subject: string; authorId: string };
      messageId: number;
      kind: 'ticket_reply' | 'ticket_status';
      actor: { userId: string; name: string; staff: boolean };
      internal: boolean;
      status?: TicketStatus;
      body: string;
    },
  ): Promise<number[]> {
    const participants = await repo.participants(
      tx,
      input.customerId,
      input.ticket.id,
      input.ticket.authorId,
    );
    const recipients = participants
      .filter((participant) => participant.userId !== input.actor.userId)
      .filter((participant) => isStaffRoles(participant.roles) || (!input.internal && participant.member))
      .map((participant) => participant.userId);
    if (recipients.length === 0) return [];
    return events.recordTicketEvent(tx, {
      kind: input.kind,
      eventKey: `ticket-message:${input.messageId}`,
      customerId: input.customerId,
      ticketId: input.ticket.id,
      subject: input.ticket.subject,
      actor: input.actor,
      status: input.status,
      internal: input.internal,
      excerpt: input.body ? input.body.slice(0, 500) : undefined,
      recipients,
    });
  }

  /**
   * The audit event of a status change (DESIGN.md §8), written in the transaction that changes it:
   * `ticket.status` with `status: <from> → <to>` as changeSummary words a change.
   */
  async function auditStatusChange(
    tx: Executor,
    input: {
      customerId: number;
      ticketId: number;
      from: TicketStatus;
      to: TicketStatus;
      actor: { userId: string; name: string };
      requestId: string;
    },
  ) {
    await deps.audit.record(
      {
        actorId: input.actor.userId,
        actorName: input.actor.name,
        customerId: input.customerId,
        action: 'ticket.status',
        object: `tickets/${input.ticketId}`,
        summary: changeSummary({ status: input.from }, { status: input.to }),
        requestId: input.requestId,
      },
      // Always a transaction here: repo.transaction hands its own to the work it runs.
      tx as Transaction,
    );
  }

  /** A status change as an event of its own in the thread, visible to all, with its notifications. */
  async function recordStatusChange(
    tx: Executor,
    input: {
      customerId: number;
      ticket: { id: number; subject: string; authorId: string };
      status: TicketStatus;
      actor: { userId: string; name: string; staff: boolean };
    },
  ): Promise<number[]> {
    const { customerId, ticket, status, actor } = input;
    const messageId = await repo.insertMessage(
      tx,
      {
        ticketId: ticket.id,
        authorId: actor.userId,
        body: '',
        internal: false,
        statusChange: status,
        files: [],
        byStaff: actor.staff,
      },
      status,
    );
    return recordEvent(tx, {
      customerId,
      ticket,
      messageId,
      kind: 'ticket_status',
      actor,
      internal: false,
      status,
      body: '',
    });
  }

  async function createTicket(
    caller: Caller,
    customerId: number,
    input: NewTicketInput,
    files: readonly Upload[],
    object?: TicketObject,
  ): Promise<Ticket> {
    await users.ensureKnown(caller.user);
    const { ticketId } = await repo.transaction((tx) =>
      repo.insertTicket(tx, {
        customerId,
        authorId: caller.user.id,
        byStaff: isStaff(caller),
        subject: input.subject,
        department: departmentForCategory[input.category],
        category: input.category,
        priority: input.priority,
        body: input.description,
        files,
        landscapeObjectId: object?.id,
      }),
    );
    return get(caller, customerId, ticketId);
  }

  return {
    get,

    async requestTypes(caller: Caller, customerId: number): Promise<RequestTypes> {
      return {
        categories: await categoriesFor(caller, customerId),
        service_desk_phone: deps.serviceDeskPhone,
        attachments: {
          extensions: [...deps.attachmentRules.extensions],
          max_files: deps.attachmentRules.maxFiles,
          max_total_bytes: deps.attachmentRules.maxTotalBytes,
        },
      };
    },

    async list(caller: Caller, customerId: number, query: TicketListQuery) {
      const rows = await repo.list({
        customerId,
        ownerId: has(caller, 'ticket-read-all', customerId) ? undefined : caller.user.id,
        after: query.cursor ? toAfter(deps.cursors.decode('tickets', query.cursor, ticketCursor)) : undefined,
        statuses: query.status,
        priorities: query.priority,
        categories: query.category,
        ...parseSearch(query.search ?? ''),
        landscapeObjectId: query.landscape_object_id,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(toSummary),
        nextCursor:
          rows.length > query.limit && last
            ? deps.cursors.encode('tickets', [last.cursor_at, Number(last.id)])
            : undefined,
      };
    },

    /** Checks that need only the fields, run before the uploads of a multipart request are read. */
    assertMayFile,

    async create(caller: Caller, customerId: number, input: NewTicketInput, files: readonly Upload[]) {
      const object = await assertMayFile(caller, customerId, input.category, input.landscape_object_id);
      return createTicket(caller, customerId, input, files, object);
    },

    /** A reply's checks before its uploads are read; the reply itself checks again under a lock. */
    async assertMayReply(caller: Caller, customerId: number, ticketId: number, input: ReplyInput) {
      assertMayWriteInternal(caller, input.internal);
      const row = await repo.ticket(customerId, ticketId);
      if (!row) throw ticketNotFound(ticketId);
      await assertVisible(caller, customerId, { id: ticketId, authorId: row.authorId }, () =>
        repo.isWatcher(ticketId, caller.user.id),
      );
      if (input.status !== undefined) assertMaySetStatus(caller, row.status, input.status);
    },

    async reply(
      caller: Caller,
      customerId: number,
      ticketId: number,
      input: ReplyInput,
      files: readonly Upload[],
      requestId: string,
    ): Promise<Ticket> {
      assertMayWriteInternal(caller, input.internal);
      const actor = await users.ensureKnown(caller.user);
      const me = caller.user.id;
      const mailIds = await repo.transaction(async (tx) => {
        const ticket = await repo.lockTicket(tx, customerId, ticketId);
        if (!ticket) throw ticketNotFound(ticketId);
        await assertVisible(caller, customerId, ticket, () => repo.isWatcher(ticketId, me, tx));
        const next = statusAfterReply(caller, ticket.status, input);
        const changed = next !== ticket.status;
        const who = { userId: me, name: actor.name, staff: isStaff(caller) };
        // An internal note that also sets the status leaves the status to an event of its own: the
        // customer sees the ticket change, so the thread says so and they are told, while the note
        // itself stays with the service desk.
        const split = input.internal && changed;
        const messageId = await repo.insertMessage(
          tx,
          {
            ticketId,
            authorId: me,
            body: input.body,
            internal: input.internal,
            statusChange: changed && !split ? next : null,
            files,
            byStaff: isStaff(caller),
          },
          split ? ticket.status : next,
        );
        if (changed) {
          await auditStatusChange(tx, {
            customerId,
            ticketId,
            from: ticket.status,
            to: next,
            actor: who,
            requestId,
          });
        }
        // A customer who joins the conversation hears about its next replies.
        if (!isStaff(caller) && ticket.authorId !== me) await repo.addWatcher(tx, ticketId, me);
        const mails = await recordEvent(tx, {
          customerId,
          ticket,
          messageId,
          kind: 'ticket_reply',
          actor: who,
          internal: input.internal,
          status: changed && !split ? next : undefined,
          body: input.body,
        });
        if (!split) return mails;
        return [
          ...mails,
          ...(await recordStatusChange(tx, { customerId, ticket, status: next, actor: who })),
        ];
      });
      await events.dispatch(mailIds);
      return get(caller, customerId, ticketId);
    },

    /** PATCH: a status change without a message; the thread records it as an event by the caller. */
    async setStatus(
      caller: Caller,
      customerId: number,
      ticketId: number,
      status: TicketStatus,
      requestId: string,
    ) {
      const actor = await users.ensureKnown(caller.user);
      const me = caller.user.id;
      const mailIds = await repo.transaction(async (tx) => {
        const ticket = await repo.lockTicket(tx, customerId, ticketId);
        if (!ticket) throw ticketNotFound(ticketId);
        await assertVisible(caller, customerId, ticket, () => repo.isWatcher(ticketId, me, tx));
        if (status === ticket.status) return [];
        assertMaySetStatus(caller, ticket.status, status);
        const who = { userId: me, name: actor.name, staff: isStaff(caller) };
        await auditStatusChange(tx, {
          customerId,
          ticketId,
          from: ticket.status,
          to: status,
          actor: who,
          requestId,
        });
        return recordStatusChange(tx, { customerId, ticket, status, actor: who });
      });
      await events.dispatch(mailIds);
      return get(caller, customerId, ticketId);
    },

    /** The bytes of one attachment, with the ticket's visibility; internal notes' files only for staff. */
    async attachment(caller: Caller, customerId: number, ticketId: number, attachmentId: number) {
      const ticket = await repo.ticket(customerId, ticketId);
      if (!ticket) throw ticketNotFound(ticketId);
      await assertVisible(caller, customerId, { id: ticketId, authorId: ticket.authorId }, () =>
        repo.isWatcher(ticketId, caller.user.id),
      );
      const file = await repo.attachmentContent(customerId, ticketId, attachmentId);
      if (!file || (file.internal && !isStaff(caller))) {
        throw notFound(
          'ATTACHMENT_NOT_FOUND',
          `Attachment ${attachmentId} of ticket ${ticketId} does not exist.`,
        );
      }
      return file;
    },

    /**
     * SPEC.md §5 change requests become administrative tickets, written in the caller's language.
     * Their rights (billing-edit, subscription-edit) replace the request-type check.
     */
    async createChangeRequest(caller: Caller, customerId: number, request: ChangeRequest): Promise<Ticket> {
      const { language } = await users.ensureKnown(caller.user);
      const text = changeRequestText(request, language);
      return createTicket(
        caller,
        customerId,
        {
          category: 'administrative_request',
          subject: text.subject,
          description: text.description,
          priority: 2,
        },
        [],
      );
    },
  };
}
export type TicketsService = ReturnType<typeof createTicketsService>;
