import {
  MAILING_PREVIEW_SIZE,
  type Mailing,
  type MailingInput,
  type MailingListQuery,
  type MailingPreview,
  type MailingProgress,
  type MailingQuery,
  type MailingSummary,
} from '@portaal/contracts/mailings';
import { z } from 'zod';
import type { Actor } from '../../lib/actor.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type Cursors, cursorValue } from '../../lib/cursor.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { MailingRow, MailingsRepo } from './mailings.repo.ts';

const LIST = 'mailings';
const listCursor = z.tuple([cursorValue.time, cursorValue.id]);

/** Hands a mailing whose sending started to whatever mails its recipients (the pg-boss job). */
export interface MailingQueue {
  enqueue(mailingId: number): Promise<void>;
}

const toProgress = (row: MailingRow): MailingProgress => ({
  mailing_id: row.id,
  status: row.status,
  total: row.total,
  delivered: row.delivered,
  // Every recipient is delivered, waiting or failed (the counts are recounted together).
  waiting: Math.max(0, row.total - row.delivered - row.failed),
  failed: row.failed,
});

const toSummary = (row: MailingRow): MailingSummary => ({
  ...toProgress(row),
  label: row.label,
  subject: { en: row.subjectEn, nl: row.subjectNl },
  created_by: row.createdByName,
  created_at: row.createdAt,
  sent_at: row.sentAt,
});

const toMailing = (row: MailingRow, names: Map<number, string>): Mailing => ({
  ...toSummary(row),
  sender: row.sender,
  body: { en: row.bodyEn, nl: row.bodyNl },
  query: row.query,
  customers: row.query.customer_ids.map((id) => ({ customer_id: id, name: names.get(id) ?? null })),
});

const mailingNotFound = (id: number) => notFound('MAILING_NOT_FOUND', `Mailing ${id} does not exist.`);

/**
 * Mass mailings (decision 0026). The rights (global mailing-read, mailing-send) are the routes';
 * creating and starting a send write their audit events in the same transaction.
 */
export function createMailingsService(deps: {
  repo: MailingsRepo;
  cursors: Cursors;
  audit: AuditLog;
  queue: MailingQueue;
  log: { warn(obj: object, msg: string): void };
}) {
  const { repo, cursors, audit, queue } = deps;

  return {
    async preview(query: MailingQuery): Promise<MailingPreview> {
      return repo.preview(query, MAILING_PREVIEW_SIZE);
    },

    async create(input: MailingInput, actor: Actor): Promise<Mailing> {
      const row = await repo.create(
        {
          label: input.label,
          sender: input.sender,
          subjectEn: input.subject.en,
          subjectNl: input.subject.nl,
          bodyEn: input.body.en,
          bodyNl: input.body.nl,
          query: input.query,
          createdById: actor.id,
          createdByName: actor.name,
        },
        (tx, created) =>
          audit.record(
            {
              actorId: actor.id,
              actorName: actor.name,
              customerId: null,
              action: 'mailing.create',
              object: `mailings/${created.id}`,
              summary: `label: ${created.label}`,
              requestId: actor.requestId,
            },
            tx,
          ),
      );
      return toMailing(row, await repo.customerNames(row.query.customer_ids));
    },

    async send(id: number, actor: Actor): Promise<MailingProgress> {
      const row = await repo.startSending(
        id,
        (locked, total) => {
          if (!locked) throw mailingNotFound(id);
          if (locked.status !== 'draft') {
            throw new AppError(
              'MAILING_NOT_DRAFT',
              409,
              `Mailing ${id} is ${locked.status}, not a draft.`,
              [],
              {
                status: locked.status,
              },
            );
          }
          if (total === 0) {
            throw new AppError(
              'MAILING_NO_RECIPIENTS',
              422,
              'The mailing list has no recipients; nothing was sent.',
              [{ field: 'query', message: 'matches no recipients' }],
            );
          }
        },
        (tx, started) =>
          audit.record(
            {
              actorId: actor.id,
              actorName: actor.name,
              customerId: null,
              action: 'mailing.send',
              object: `mailings/${started.id}`,
              summary: `status: draft → sending; recipients: ${started.total}`,
              requestId: actor.requestId,
            },
            tx,
          ),
      );
      try {
        await queue.enqueue(id);
      } catch (error) {
        // Committed as sending: the periodic resume hands it to the queue again.
        deps.log.warn({ err: error, mailingId: id }, 'could not enqueue the mailing; resumed later');
      }
      return toProgress(row);
    },

    /** Recounted when read: the mails of a sending mailing are delivered by the mail job meanwhile. */
    async progress(id: number): Promise<MailingProgress> {
      const row = await repo.settle(id);
      if (!row) throw mailingNotFound(id);
      return toProgress(row);
    },

    async get(id: number): Promise<Mailing> {
      const row = await repo.settle(id);
      if (!row) throw mailingNotFound(id);
      return toMailing(row, await repo.customerNames(row.query.customer_ids));
    },

    async list(query: MailingListQuery) {
      const after = query.cursor ? cursors.decode(LIST, query.cursor, listCursor) : undefined;
      const rows = await repo.list(after && { at: after[0], id: after[1] }, query.limit + 1);
      // The few that are sending are recounted, so the overview moves on with them.
      const items = await Promise.all(
        rows
          .slice(0, query.limit)
          .map(async (row) => (row.status === 'sending' ? ((await repo.settle(row.id)) ?? row) : row)),
      );
      const last = items.at(-1);
      return {
        items: items.map(toSummary),
        nextCursor:
          rows.length > query.limit && last ? cursors.encode(LIST, [last.createdAt, last.id]) : undefined,
      };
    },
  };
}
export type MailingsService = ReturnType<typeof createMailingsService>;
