import type { AgreementUnit } from '@portaal/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isoTimestamp } from '../../db/iso-timestamp.ts';
import type { Transaction } from '../audit/audit.service.ts';
import { agreementChanges, agreements } from './agreements.table.ts';

const agreementColumns = {
  unit: agreements.unit,
  total: agreements.total,
  poNumber: agreements.poNumber,
  updatedAt: isoTimestamp(agreements.updatedAt),
};
export type AgreementRow = { unit: AgreementUnit; total: string; poNumber: string | null; updatedAt: string };

const changeColumns = {
  id: agreementChanges.id,
  customerId: agreementChanges.customerId,
  amount: agreementChanges.amount,
  newTotal: agreementChanges.newTotal,
  renewal: agreementChanges.renewal,
  comment: agreementChanges.comment,
  byUserId: agreementChanges.byUserId,
  byName: agreementChanges.byName,
  createdAt: isoTimestamp(agreementChanges.createdAt),
};
export type AgreementChangeRow = {
  id: number;
  customerId: number;
  amount: string;
  newTotal: string;
  renewal: boolean;
  comment: string;
  byUserId: string;
  byName: string;
  createdAt: string;
};

export interface NewChange {
  amount: string;
  renewal: boolean;
  comment: string;
  byUserId: string;
  byName: string;
}

/** Queries of usage agreements; every one takes the customer. */
export function createAgreementsRepo(db: Database) {
  /** The customer's agreement row, created empty when missing, locked until the transaction ends. */
  async function lockAgreement(tx: Transaction, customerId: number) {
    await tx.insert(agreements).values({ customerId }).onConflictDoNothing();
    const [row] = await tx
      .select(agreementColumns)
      .from(agreements)
      .where(eq(agreements.customerId, customerId))
      .for('update');
    if (!row) throw new Error(`agreement of customer ${customerId} vanished`);
    return row;
  }

  return {
    async get(customerId: number): Promise<AgreementRow | undefined> {
      const [row] = await db
        .select(agreementColumns)
        .from(agreements)
        .where(eq(agreements.customerId, customerId));
      return row;
    },

    async changes(
      customerId: number,
      after: { at: string; id: number } | undefined,
      limit: number,
    ): Promise<AgreementChangeRow[]> {
      return db
        .select(changeColumns)
        .from(agreementChanges)
        .where(
          and(
            eq(agreementChanges.customerId, customerId),
            after
              ? sql`(${agreementChanges.createdAt}, ${agreementChanges.id}) < (${after.at}::timestamptz, ${after.id})`
              : undefined,
          ),
        )
        .orderBy(desc(agreementChanges.createdAt), desc(agreementChanges.id))
        .limit(limit);
    },

    /**
     * One change under the agreement's row lock: `decide` gets the current total and answers the new
     * one (or throws, and nothing is stored); `record` writes the audit event in the same transaction.
     */
    async applyChange(
      customerId: number,
      change: NewChange,
      decide: (total: string) => string,
      record: (tx: Transaction, before: AgreementRow, after: AgreementChangeRow) => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        const before = await lockAgreement(tx, customerId);
        const newTotal = decide(before.total);
        const [agreement] = await tx
          .update(agreements)
          .set({ total: newTotal, updatedAt: sql`clock_timestamp()` })
          .where(eq(agreements.customerId, customerId))
          .returning(agreementColumns);
        // clock_timestamp(), not now(): taken after the lock, so the changelog's order is the order
        // in which the changes were applied, also when transactions overlap.
        const [row] = await tx
          .insert(agreementChanges)
          .values({ customerId, ...change, newTotal, createdAt: sql`clock_timestamp()` })
          .returning(changeColumns);
        if (!agreement || !row) throw new Error('agreement change not stored');
        await record(tx, before, row);
        return { agreement, change: row };
      });
    },

    async update(
      customerId: number,
      values: { poNumber: string | null; unit: AgreementUnit },
      record: (tx: Transaction, before: AgreementRow) => Promise<void>,
    ): Promise<AgreementRow> {
      return db.transaction(async (tx) => {
        const before = await lockAgreement(tx, customerId);
        const [after] = await tx
          .update(agreements)
          .set({ poNumber: values.poNumber, unit: values.unit, updatedAt: sql`clock_timestamp()` })
          .where(eq(agreements.customerId, customerId))
          .returning(agreementColumns);
        if (!after) throw new Error('agreement not updated');
        await record(tx, before);
        return after;
      });
    },
  };
}
export type AgreementsRepo = ReturnType<typeof createAgreementsRepo>;
