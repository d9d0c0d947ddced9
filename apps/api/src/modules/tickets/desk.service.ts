import {
  type DeskCounts,
  type DeskCountsQuery,
  type DeskQueueQuery,
  type DeskTicket,
  globalRightsForRoles,
  type SavedReply,
  type SavedReplyInput,
  type SavedReplyLanguage,
  type StaffMember,
  type Ticket,
  type TicketLocation,
} from '@portaal/contracts';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Caller } from '../../lib/caller.ts';
import { type Cursors, cursorValue } from '../../lib/cursor.ts';
import type { AuditLog, Transaction } from '../audit/audit.service.ts';
import type { TicketEventPublisher } from '../notifications/notifications.events.ts';
import type { DeskFilters, DeskRepo, DeskRow } from './desk.repo.ts';
import type { TicketsRepo } from './tickets.repo.ts';
import type { TicketsService } from './tickets.service.ts';

export interface DeskDeps {
  repo: DeskRepo;
  ticketsRepo: TicketsRepo;
  tickets: Pick<TicketsService, 'get'>;
  users: { ensureKnown(user: Caller['user']): Promise<{ name: string }> };
  events: TicketEventPublisher;
  audit: AuditLog;
  cursors: Cursors;
  rolePrefix: string;
}

/** The queue's cursor: the desk's due time ('infinity' when nothing is due) and the ticket number. */
const deskCursor = z.tuple([z.union([cursorValue.time, z.literal('infinity')]), cursorValue.bigId]);

const ticketNotFound = (ticketId: number) =>
  notFound('TICKET_NOT_FOUND', `Ticket ${ticketId} does not exist.`);

const savedReplyNotFound = (id: number) =>
  notFound('SAVED_REPLY_NOT_FOUND', `Saved reply ${id} does not exist.`);

const nameOf = (row: { givenName: string; familyName: string; username: string }) =>
  `${row.givenName} ${row.familyName}`.trim() || row.username;

/**
 * The service desk (staff only; the routes require global rights): the queue over all customers,
 * its counts, opening a ticket by number, assignment and saved replies.
 */
export function createDeskService(deps: DeskDeps) {
  const { repo, cursors, rolePrefix } = deps;
  const isStaffRoles = (roles: readonly string[]) => globalRightsForRoles(roles, rolePrefix).length > 0;

  function filtersOf(caller: Caller, query: DeskCountsQuery): Omit<DeskFilters, 'view'> {
    return {
      me: caller.user.id,
      customerId: query.customer_id,
      statuses: query.status,
      priorities: query.priority,
      categories: query.category,
      assigneeId:
        query.assignee === undefined ? undefined : query.assignee === 'none' ? null : query.assignee,
    };
  }

  const toDeskTicket = (row: DeskRow): DeskTicket => ({
    ticket_id: Number(row.id),
    customer_id: row.customer_id,
    customer_name: row.customer_name,
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
    assignee:
      row.assignee_id === null
        ? null
        : {
            user_id: row.assignee_id,
            name:
              `${row.assignee_given_name ?? ''} ${row.assignee_family_name ?? ''}`.trim() ||
              (row.assignee_username ?? ''),
            staff: true,
          },
    created_at: row.created_at,
    updated_at: row.updated_at,
    message_count: row.message_count,
    attachment_count: row.attachment_count,
    last_reply_by: row.last_reply_staff ? 'staff' : 'customer',
    desk_due_at: row.desk_due_at,
    overdue: row.overdue,
  });

  const toSavedReply = (row: {
    id: number;
    language: SavedReplyLanguage;
    title: string;
    body: string;
    updatedAt: string;
  }): SavedReply => ({
    saved_reply_id: row.id,
    language: row.language,
    title: row.title,
    body: row.body,
    updated_at: new Date(row.updatedAt).toISOString(),
  });

  async function staff(): Promise<StaffMember[]> {
    const rows = await repo.staff();
    return rows
      .filter((row) => globalRightsForRoles(row.roles, rolePrefix).includes('ticket-edit'))
      .map((row) => ({ user_id: row.userId, name: nameOf(row) }));
  }

  return {
    async queue(caller: Caller, query: DeskQueueQuery) {
      const after = query.cursor ? cursors.decode('desk-queue', query.cursor, deskCursor) : undefined;
      const rows = await repo.queue(
        { ...filtersOf(caller, query), view: query.view },
        after && { at: after[0], id: after[1] },
        query.limit + 1,
      );
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(toDeskTicket),
        nextCursor:
          rows.length > query.limit && last
            ? cursors.encode('desk-queue', [last.cursor_at, Number(last.id)])
            : undefined,
      };
    },

    async counts(caller: Caller, query: DeskCountsQuery): Promise<DeskCounts> {
      return repo.counts(filtersOf(caller, query));
    },

    async locate(ticketId: number): Promise<TicketLocation> {
      const row = await repo.locate(ticketId);
      if (!row) throw ticketNotFound(ticketId);
      return { ticket_id: ticketId, ...row };
    },

    staff,

    /**
     * Assigns a ticket to a staff member who may answer it (or unassigns it): an internal event in the
     * thread, an audit event, and a notification to the new assignee (unless they assigned themselves).
     */
    async assign(
      caller: Caller,
      ticketId: number,
      assigneeId: string | null,
      requestId: string,
    ): Promise<Ticket> {
      const customerId = await repo.ticketCustomer(ticketId);
      if (customerId === undefined) throw ticketNotFound(ticketId);
      const members = assigneeId === null ? [] : await staff();
      const assignee = members.find((member) => member.user_id === assigneeId);
      if (assigneeId !== null && !assignee) {
        throw new AppError(
          'ASSIGNEE_NOT_STAFF',
          400,
          'The assignee must be a service desk member who may answer tickets.',
          [{ field: 'assignee_id', message: 'is not a service desk member who may answer tickets' }],
        );
      }
      const actor = await deps.users.ensureKnown(caller.user);
      const result = await deps.ticketsRepo.transaction(async (tx) => {
        const ticket = await deps.ticketsRepo.lockTicket(tx, customerId, ticketId);
        if (!ticket) throw ticketNotFound(ticketId);
        if (ticket.assigneeId === assigneeId) return { mails: [] };
        const messageId = await deps.ticketsRepo.setAssignee(tx, ticketId, assigneeId, caller.user.id);
        const mails =
          assigneeId === null
            ? []
            : await deps.events.recordTicketEvent(tx, {
                kind: 'ticket_assigned',
                eventKey: `ticket-message:${messageId}`,
                customerId,
                ticketId,
                subject: ticket.subject,
                actor: { userId: caller.user.id, name: actor.name, staff: true },
                recipients: [assigneeId],
              });
        await deps.audit.record(
          {
            actorId: caller.user.id,
            actorName: actor.name,
            customerId,
            action: 'ticket.assign',
            object: `tickets/${ticketId}`,
            summary: `${ticket.assigneeId ?? 'nobody'} → ${assigneeId ?? 'nobody'}`,
            requestId,
          },
          // Always a transaction here: ticketsRepo.transaction hands its own to the work it runs.
          tx as Transaction,
        );
        return { mails };
      });
      await deps.events.dispatch(result.mails);
      return deps.tickets.get(caller, customerId, ticketId);
    },

    async savedReplies(language?: SavedReplyLanguage): Promise<SavedReply[]> {
      return (await repo.savedReplies(language)).map(toSavedReply);
    },

    async createSavedReply(input: SavedReplyInput): Promise<SavedReply> {
      return toSavedReply(await repo.insertSavedReply(input));
    },

    async updateSavedReply(id: number, input: SavedReplyInput): Promise<SavedReply> {
      const row = await repo.updateSavedReply(id, input);
      if (!row) throw savedReplyNotFound(id);
      return toSavedReply(row);
    },

    async deleteSavedReply(id: number): Promise<void> {
      if (!(await repo.deleteSavedReply(id))) throw savedReplyNotFound(id);
    },
  };
}
export type DeskService = ReturnType<typeof createDeskService>;
