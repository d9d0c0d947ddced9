import type { ContractStatus, ContractUpsert } from '@portaal/contracts';
import { endableContractStatuses, endedContractStatuses } from '@portaal/contracts';
import { and, asc, desc, eq, ilike, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Transaction } from '../audit/audit.service.ts';
import { contractRules, contracts } from './contracts.table.ts';

const columns = {
  contract_id: contracts.id,
  customer_id: contracts.customerId,
  description: contracts.description,
  recurring: contracts.recurring,
  status: contracts.status,
  start_date: contracts.startDate,
  end_date: contracts.endDate,
  renewal_date: contracts.renewalDate,
  currency: contracts.currency,
  monthly_costs: contracts.monthlyCosts,
  one_off_costs: contracts.oneOffCosts,
  end_requested_at: sql<
    string | null
  >`to_char(${contracts.endRequestedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};

const detailColumns = {
  ...columns,
  payment_method: contracts.paymentMethod,
  payment_period: contracts.paymentPeriod,
  iban: contracts.iban,
  bic: contracts.bic,
  account_holder: contracts.accountHolder,
  po_number: contracts.poNumber,
  term_start_date: contracts.termStartDate,
  term_extension_months: contracts.termExtensionMonths,
  term_payment_days: contracts.termPaymentDays,
  end_request_ticket_id: contracts.endRequestTicketId,
  source_hash: contracts.sourceHash,
  updated_at: sql<string>`to_char(${contracts.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};

export interface ContractListParams {
  customerId: number;
  text?: string;
  showEnded: boolean;
  statuses?: readonly ContractStatus[];
  after?: { startDate: string; id: string };
  limit: number;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export function createContractsRepo(db: Database) {
  // The dashboard asks on every load: built once, prepared per connection.
  const renewingStatement = db
    .select(columns)
    .from(contracts)
    .where(
      and(
        eq(contracts.customerId, sql.placeholder('customerId')),
        notInArray(contracts.status, [...endedContractStatuses]),
        sql`${contracts.renewalDate} between ${sql.placeholder('from')}::date and ${sql.placeholder('to')}::date`,
      ),
    )
    .orderBy(asc(contracts.renewalDate), asc(contracts.id))
    .prepare('contracts_renewing');
  async function rules(contractId: string) {
    return db
      .select({
        position: contractRules.position,
        product: contractRules.product,
        quantity: contractRules.quantity,
        unit: contractRules.unit,
        unit_price: contractRules.unitPrice,
        recurring: contractRules.recurring,
        amount: contractRules.amount,
      })
      .from(contractRules)
      .where(eq(contractRules.contractId, contractId))
      .orderBy(asc(contractRules.position));
  }

  return {
    /** One page of a customer's contracts, newest start first (limit + 1 rows). */
    async list(params: ContractListParams) {
      const conditions: (SQL | undefined)[] = [eq(contracts.customerId, params.customerId)];
      if (!params.showEnded) conditions.push(notInArray(contracts.status, [...endedContractStatuses]));
      if (params.statuses?.length) conditions.push(inArray(contracts.status, [...params.statuses]));
      if (params.text) {
        const pattern = likePattern(params.text);
        conditions.push(or(ilike(contracts.id, pattern), ilike(contracts.description, pattern)));
      }
      if (params.after) {
        conditions.push(
          sql`(${contracts.startDate}, ${contracts.id}) < (${params.after.startDate}::date, ${params.after.id}::text)`,
        );
      }
      return db
        .select(columns)
        .from(contracts)
        .where(and(...conditions))
        .orderBy(desc(contracts.startDate), desc(contracts.id))
        .limit(params.limit);
    },

    /** One contract of the customer with its rules (another customer's is not found). */
    async get(customerId: number, id: string) {
      const [row] = await db
        .select(detailColumns)
        .from(contracts)
        .where(and(eq(contracts.customerId, customerId), eq(contracts.id, id)));
      if (!row) return undefined;
      return { ...row, rules: await rules(id) };
    },

    /** A contract by id over all customers (staff upserts). */
    async byId(id: string) {
      const [row] = await db
        .select({ customer_id: contracts.customerId, source_hash: contracts.sourceHash })
        .from(contracts)
        .where(eq(contracts.id, id));
      return row;
    },

    /** Contracts renewing between two dates (inclusive), soonest first: the overview. */
    async renewing(customerId: number, from: string, to: string) {
      return renewingStatement.execute({ customerId, from, to });
    },

    /**
     * Marks an end request on a contract that can still be ended; answers false when it cannot (ended,
     * cancelled, or already requested), atomically, so two requests never both pass.
     */
    async claimEndRequest(customerId: number, id: string): Promise<boolean> {
      const rows = await db
        .update(contracts)
        .set({ endRequestedAt: sql`now()` })
        .where(
          and(
            eq(contracts.customerId, customerId),
            eq(contracts.id, id),
            inArray(contracts.status, [...endableContractStatuses]),
            isNull(contracts.endRequestedAt),
          ),
        )
        .returning({ id: contracts.id });
      return rows.length > 0;
    },

    async setEndRequestTicket(id: string, ticketId: number | null) {
      await db
        .update(contracts)
        .set(
          ticketId === null
            ? { endRequestedAt: null, endRequestTicketId: null }
            : { endRequestTicketId: ticketId },
        )
        .where(eq(contracts.id, id));
    },

    /**
     * Creates or replaces a contract with its rules and, in the same transaction, whatever `record`
     * writes (the audit event); answers false when nothing changed (same hash: then `record` is not
     * called).
     */
    async upsert(
      id: string,
      body: ContractUpsert,
      derived: { monthly: string; one_off: string; amounts: string[] },
      hash: string,
      record: (tx: Transaction) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const values = {
          id,
          customerId: body.customer_id,
          description: body.description,
          recurring: body.recurring,
          status: body.status,
          startDate: body.start_date,
          endDate: body.end_date,
          renewalDate: body.renewal_date,
          currency: body.currency,
          monthlyCosts: derived.monthly,
          oneOffCosts: derived.one_off,
          paymentMethod: body.billing.payment_method,
          paymentPeriod: body.billing.payment_period,
          iban: body.billing.iban,
          bic: body.billing.bic,
          accountHolder: body.billing.account_holder,
          poNumber: body.billing.po_number,
          termStartDate: body.term.start_date,
          termExtensionMonths: body.term.extension_months,
          termPaymentDays: body.term.payment_days,
          sourceHash: hash,
        };
        const [row] = await tx
          .insert(contracts)
          .values(values)
          .onConflictDoUpdate({
            target: contracts.id,
            set: { ...values, updatedAt: sql`now()` },
            setWhere: sql`${contracts.sourceHash} <> ${hash}`,
          })
          .returning({ id: contracts.id });
        if (!row) return false;
        await tx.delete(contractRules).where(eq(contractRules.contractId, id));
        await tx.insert(contractRules).values(
          body.rules.map((rule, index) => ({
            contractId: id,
            position: index + 1,
            product: rule.product,
            quantity: rule.quantity,
            unit: rule.unit,
            unitPrice: rule.unit_price,
            recurring: rule.recurring,
            amount: derived.amounts[index] ?? '0.00',
          })),
        );
        await record(tx);
        return true;
      });
    },
  };
}

export type ContractsRepo = ReturnType<typeof createContractsRepo>;
