import {
  type Agreement,
  type AgreementChange,
  type AgreementChangeResult,
  type AgreementChangesQuery,
  type AgreementUpdate,
  nextAgreementTotal,
} from '@portaal/contracts';
import { z } from 'zod';
import type { Actor } from '../../lib/actor.ts';
import { changeSummary } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Cursors, cursorValue } from '../../lib/cursor.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { AgreementChangeRow, AgreementRow, AgreementsRepo } from './agreements.repo.ts';

const LIST = 'agreement-changes';
const changesCursor = z.tuple([cursorValue.time, cursorValue.id]);

const toChange = (row: AgreementChangeRow): AgreementChange => ({
  id: row.id,
  customer_id: row.customerId,
  amount: row.amount,
  new_total: row.newTotal,
  renewal: row.renewal,
  comment: row.comment,
  by_user_id: row.byUserId,
  by_name: row.byName,
  created_at: row.createdAt,
});

/**
 * Usage agreements (post-calculation, decision 0024). The rights checks (global agreement-read and
 * agreement-edit) are the routes'; an unknown customer is a 404 here, since a global right does not
 * name one. Every change and its audit event commit together, under the agreement's row lock.
 */
export function createAgreementsService(deps: {
  repo: AgreementsRepo;
  cursors: Cursors;
  audit: AuditLog;
  /** The customer's name; throws CUSTOMER_NOT_FOUND for an unknown customer. */
  customerName(customerId: number): Promise<string>;
}) {
  const { repo, cursors, audit, customerName } = deps;

  const toAgreement = (customerId: number, name: string, row: AgreementRow | undefined): Agreement => ({
    customer_id: customerId,
    customer_name: name,
    unit: row?.unit ?? 'hours',
    total: row?.total ?? '0.00',
    po_number: row?.poNumber ?? null,
    updated_at: row?.updatedAt ?? null,
  });

  return {
    async get(customerId: number): Promise<Agreement> {
      const name = await customerName(customerId);
      return toAgreement(customerId, name, await repo.get(customerId));
    },

    async changes(customerId: number, query: AgreementChangesQuery) {
      await customerName(customerId);
      const after = query.cursor ? cursors.decode(LIST, query.cursor, changesCursor) : undefined;
      const rows = await repo.changes(customerId, after && { at: after[0], id: after[1] }, query.limit + 1);
      const items = rows.slice(0, query.limit);
      const last = items.at(-1);
      return {
        items: items.map(toChange),
        nextCursor:
          rows.length > query.limit && last ? cursors.encode(LIST, [last.createdAt, last.id]) : undefined,
      };
    },

    async addChange(
      customerId: number,
      input: { amount: string; comment: string; renewal: boolean },
      actor: Actor,
    ): Promise<AgreementChangeResult> {
      const name = await customerName(customerId);
      const result = await repo.applyChange(
        customerId,
        {
          amount: input.amount,
          renewal: input.renewal,
          comment: input.comment,
          byUserId: actor.id,
          byName: actor.name,
        },
        (total) => {
          const next = nextAgreementTotal(total, input.amount, input.renewal);
          if (next.ok) return next.total;
          if (next.reason === 'negative') {
            throw new AppError(
              'AGREEMENT_TOTAL_NEGATIVE',
              422,
              `The total would become ${next.total}; an agreement's total never goes below 0.`,
              [{ field: 'amount', message: 'must not bring the total below 0' }],
              { total, new_total: next.total ?? '' },
            );
          }
          throw new AppError(
            'AGREEMENT_TOTAL_TOO_LARGE',
            422,
            'The total would exceed the largest total an agreement holds.',
            [{ field: 'amount', message: 'makes the total too large' }],
            { total },
          );
        },
        async (tx, before, change) => {
          await audit.record(
            {
              actorId: actor.id,
              actorName: actor.name,
              customerId,
              action: input.renewal ? 'agreement.renewal' : 'agreement.change',
              object: `agreements/${customerId}/changes/${change.id}`,
              // The totals with the agreement's unit (`total: 27.50 hours → 30.00 hours`): the log
              // formats the numbers in the reader's language and names the unit as the agreement does.
              summary: changeSummary(
                { total: `${before.total} ${before.unit}` },
                { total: `${change.newTotal} ${before.unit}` },
              ),
              requestId: actor.requestId,
            },
            tx,
          );
        },
      );
      return { agreement: toAgreement(customerId, name, result.agreement), change: toChange(result.change) };
    },

    async update(customerId: number, input: AgreementUpdate, actor: Actor): Promise<Agreement> {
      const name = await customerName(customerId);
      const poNumber = input.po_number === '' ? null : input.po_number;
      const row = await repo.update(customerId, { poNumber, unit: input.unit }, async (tx, before) => {
        await audit.record(
          {
            actorId: actor.id,
            actorName: actor.name,
            customerId,
            action: 'agreement.update',
            object: `agreements/${customerId}`,
            summary: changeSummary(
              { po_number: before.poNumber, unit: before.unit },
              { po_number: poNumber, unit: input.unit },
            ),
            requestId: actor.requestId,
          },
          tx,
        );
      });
      return toAgreement(customerId, name, row);
    },
  };
}
export type AgreementsService = ReturnType<typeof createAgreementsService>;
