import { globalRightsForRoles, type Person, type Ticket } from '@portaal/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Caller } from '../../lib/caller.ts';
import type { AuditLog, Transaction } from '../audit/audit.service.ts';
import { memberships, users } from '../users/users.table.ts';
import type { TicketsService } from './tickets.service.ts';
import { ticketWatchers } from './tickets.table.ts';

export interface WatchersDeps {
  db: Database;
  /** The ticket as the caller sees it: its visibility rules (404 when not visible) are the watchers' too. */
  tickets: Pick<TicketsService, 'get'>;
  users: { ensureKnown(user: Caller['user']): Promise<{ name: string }> };
  audit: AuditLog;
  rolePrefix: string;
}

/**
 * Watchers of a ticket (issue 15): users of the ticket's customer who follow it besides its author.
 * Whoever may see and answer the ticket adds and removes them; a watcher then sees the ticket without
 * ticket-read-all and hears of its replies and status changes as its author does. Only members of the
 * ticket's customer can watch it, so adding one never shows a ticket outside its company.
 */
export function createWatchersService(deps: WatchersDeps) {
  const { db, tickets, audit } = deps;
  const isStaffRoles = (roles: readonly string[]) => globalRightsForRoles(roles, deps.rolePrefix).length > 0;

  const members = (customerId: number) =>
    db
      .select({
        userId: users.id,
        username: users.username,
        givenName: users.givenName,
        familyName: users.familyName,
        roles: users.globalRoles,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.customerId, customerId))
      .orderBy(asc(users.givenName), asc(users.familyName), asc(users.id));

  const toPerson = (row: {
    userId: string;
    username: string;
    givenName: string;
    familyName: string;
    roles: string[];
  }): Person => ({
    user_id: row.userId,
    name: `${row.givenName} ${row.familyName}`.trim() || row.username,
    staff: isStaffRoles(row.roles),
  });

  /** A watcher change's audit event, written in the change's transaction (DESIGN §8). */
  const record = (
    tx: Transaction,
    event: {
      caller: Caller;
      actorName: string;
      customerId: number;
      ticketId: number;
      action: 'ticket.watcher.add' | 'ticket.watcher.remove';
      who: string;
      requestId: string;
    },
  ) =>
    audit.record(
      {
        actorId: event.caller.user.id,
        actorName: event.actorName,
        customerId: event.customerId,
        action: event.action,
        object: `tickets/${event.ticketId}`,
        summary: event.who,
        requestId: event.requestId,
      },
      tx,
    );

  return {
    /** Users of the customer who could watch the ticket: members who are neither its author nor watching. */
    async candidates(caller: Caller, customerId: number, ticketId: number): Promise<Person[]> {
      const ticket = await tickets.get(caller, customerId, ticketId);
      const taken = new Set([ticket.author.user_id, ...ticket.watchers.map((watcher) => watcher.user_id)]);
      return (await members(customerId)).filter((row) => !taken.has(row.userId)).map(toPerson);
    },

    /** Adds a watcher (again: nothing changes); answers the ticket with its watchers. */
    async add(
      caller: Caller,
      customerId: number,
      ticketId: number,
      userId: string,
      requestId: string,
    ): Promise<Ticket> {
      const ticket = await tickets.get(caller, customerId, ticketId);
      if (ticket.author.user_id === userId) {
        throw new AppError('WATCHER_IS_AUTHOR', 400, 'The author already follows the ticket.', [
          { field: 'user_id', message: 'is the author of the ticket' },
        ]);
      }
      const [member] = await db
        .select({ username: users.username })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.customerId, customerId), eq(memberships.userId, userId)))
        .limit(1);
      if (!member) {
        throw new AppError(
          'WATCHER_NOT_MEMBER',
          400,
          `Only users of customer ${customerId} can watch its tickets.`,
          [{ field: 'user_id', message: 'is not a user of this customer' }],
        );
      }
      // Before the transaction: it may insert the caller on its own connection, and a transaction
      // should not hold one pooled connection while waiting for another.
      const actor = await deps.users.ensureKnown(caller.user);
      const added = await db.transaction(async (tx) => {
        const rows = await tx
          .insert(ticketWatchers)
          .values({ ticketId, userId })
          .onConflictDoNothing()
          .returning({ userId: ticketWatchers.userId });
        if (rows.length === 0) return false;
        await record(tx, {
          caller,
          actorName: actor.name,
          customerId,
          ticketId,
          action: 'ticket.watcher.add',
          who: member.username,
          requestId,
        });
        return true;
      });
      if (!added) return ticket;
      return tickets.get(caller, customerId, ticketId);
    },

    /** Removes a watcher (the caller too: they stop following it, and may no longer see it). */
    async remove(caller: Caller, customerId: number, ticketId: number, userId: string, requestId: string) {
      await tickets.get(caller, customerId, ticketId);
      const actor = await deps.users.ensureKnown(caller.user);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(ticketWatchers)
          .where(and(eq(ticketWatchers.ticketId, ticketId), eq(ticketWatchers.userId, userId)))
          .returning({
            username: sql<string>`(select username from users where id = ${ticketWatchers.userId})`,
          });
        if (!row) {
          throw notFound('WATCHER_NOT_FOUND', `User ${userId} does not watch ticket ${ticketId}.`);
        }
        await record(tx, {
          caller,
          actorName: actor.name,
          customerId,
          ticketId,
          action: 'ticket.watcher.remove',
          who: row.username,
          requestId,
        });
      });
    },
  };
}
export type WatchersService = ReturnType<typeof createWatchersService>;
