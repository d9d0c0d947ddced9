import {
  type Contract,
  type ContractListQuery,
  type ContractSummary,
  type ContractUpsert,
  type Currency,
  canRequestEnd,
  contractCosts,
  dayNumber,
  fixedDecimal,
  isoToday,
  lineAmount,
  RENEWAL_OVERVIEW_DAYS,
  renewalDays,
  type Ticket,
} from '@portaal/contracts';
import { z } from 'zod';
import { type Actor, changeSummary, contentHash } from '../../lib/actor.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Cursors } from '../../lib/cursor.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { ContractsRepo } from './contracts.repo.ts';

/** What filing an end request needs from the tickets module: an administrative ticket. */
export type EndRequestFiler<Caller> = (
  caller: Caller,
  customerId: number,
  body: { end_date: string; reason?: string; contract_reference: string },
) => Promise<Ticket>;

export interface ContractsDeps<Caller> {
  repo: ContractsRepo;
  audit: AuditLog;
  cursors: Cursors;
  customerExists(customerId: number): Promise<boolean>;
  fileEndRequest: EndRequestFiler<Caller>;
  now?: () => Date;
}

const LIST = 'contracts';
const contractCursor = z.tuple([
  z.string().refine((value) => dayNumber(value) !== undefined),
  z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/),
]);

export const contractNotFound = (id: string) =>
  notFound('CONTRACT_NOT_FOUND', `Contract ${id} does not exist or you cannot see it.`);

type SummaryRow = Awaited<ReturnType<ContractsRepo['list']>>[number];

export function toContractSummary(row: SummaryRow, today: string): ContractSummary {
  return {
    ...row,
    currency: row.currency as Currency,
    renewal_days: renewalDays(row.renewal_date, today),
    can_request_end: canRequestEnd(row),
  };
}

function normalise(body: ContractUpsert): ContractUpsert {
  return {
    ...body,
    rules: body.rules.map((rule) => ({
      ...rule,
      quantity: fixedDecimal(rule.quantity, 3),
      unit_price: fixedDecimal(rule.unit_price, 4),
    })),
  };
}

/** The flat fields an audit summary compares. */
const auditFields = (contract: {
  customer_id: number;
  description: string;
  status: string;
  start_date: string;
  end_date: string | null;
  renewal_date: string | null;
  monthly_costs: string;
  one_off_costs: string;
  rules: number;
}) => ({ ...contract });

/**
 * Contracts of DESIGN.md §8: the customer's list and detail, the end request (checked here: the
 * contract exists, is the customer's and can still be ended; then filed as an administrative ticket),
 * and the accounting system's idempotent upserts.
 */
export function createContractsService<Caller>({
  repo,
  audit,
  cursors,
  customerExists,
  fileEndRequest,
  now = () => new Date(),
}: ContractsDeps<Caller>) {
  const today = () => isoToday(now());

  async function detail(customerId: number, id: string): Promise<Contract> {
    const row = await repo.get(customerId, id);
    if (!row) throw contractNotFound(id);
    return {
      ...toContractSummary(row, today()),
      rules: row.rules,
      billing: {
        payment_method: row.payment_method,
        payment_period: row.payment_period,
        iban: row.iban,
        bic: row.bic,
        account_holder: row.account_holder,
        po_number: row.po_number,
        monthly_costs: row.monthly_costs,
        one_off_costs: row.one_off_costs,
      },
      term: {
        start_date: row.term_start_date,
        extension_months: row.term_extension_months,
        payment_days: row.term_payment_days,
      },
      end_request_ticket_id: row.end_request_ticket_id,
      updated_at: row.updated_at,
    };
  }

  return {
    async list(customerId: number, query: ContractListQuery) {
      const after = query.cursor ? cursors.decode(LIST, query.cursor, contractCursor) : undefined;
      const rows = await repo.list({
        customerId,
        text: query.q || undefined,
        showEnded: query.show_ended ?? false,
        statuses: query.status,
        after: after ? { startDate: after[0], id: after[1] } : undefined,
        limit: query.limit + 1,
      });
      const day = today();
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => toContractSummary(row, day)),
        nextCursor:
          rows.length > query.limit && last
            ? cursors.encode(LIST, [last.start_date, last.contract_id])
            : undefined,
      };
    },

    detail,

    /** Contracts renewing in the next 90 days (today included), soonest first. */
    async renewingSoon(customerId: number) {
      const day = today();
      const until = new Date(Date.parse(`${day}T00:00:00Z`) + RENEWAL_OVERVIEW_DAYS * 86_400_000);
      const rows = await repo.renewing(customerId, day, isoToday(until));
      return rows.map((row) => toContractSummary(row, day));
    },

    /** POST contracts/{id}/end-request: only for an existing contract of this customer that can still end. */
    async requestEnd(
      caller: Caller,
      customerId: number,
      id: string,
      body: { end_date: string; reason?: string },
    ): Promise<Ticket> {
      const contract = await repo.get(customerId, id);
      if (!contract) throw contractNotFound(id);
      if (!(await repo.claimEndRequest(customerId, id))) {
        throw new AppError(
          'CONTRACT_END_NOT_ALLOWED',
          409,
          contract.end_requested_at
            ? `The end of contract ${id} was already requested.`
            : `Contract ${id} is ${contract.status} and can no longer be ended.`,
          undefined,
          { contract_id: id, status: contract.status },
        );
      }
      try {
        const ticket = await fileEndRequest(caller, customerId, { ...body, contract_reference: id });
        await repo.setEndRequestTicket(id, ticket.ticket_id);
        return ticket;
      } catch (error) {
        // No ticket, no request: the contract can be asked to end again.
        await repo.setEndRequestTicket(id, null);
        throw error;
      }
    },

    /** PUT /api/admin/v2/contracts/{id}: the accounting system's push, idempotent and audited. */
    async upsert(id: string, input: ContractUpsert, actor: Actor) {
      if (!(await customerExists(input.customer_id))) {
        throw new AppError('VALIDATION_FAILED', 400, 'The body names a customer that does not exist.', [
          { field: 'customer_id', message: 'is not a known customer' },
        ]);
      }
      const body = normalise(input);
      const hash = contentHash(body);
      const found = await repo.byId(id);
      if (found?.source_hash === hash) {
        return { contract: await detail(found.customer_id, id), created: false, changed: false };
      }
      const before = found && (await repo.get(found.customer_id, id));
      const costs = contractCosts(body.rules);
      const amounts = body.rules.map((rule) => lineAmount(rule.quantity, rule.unit_price));
      const changed = await repo.upsert(id, body, { ...costs, amounts }, hash, (tx) =>
        audit.record(
          {
            actorId: actor.id,
            actorName: actor.name,
            customerId: body.customer_id,
            action: found ? 'contract.update' : 'contract.create',
            object: `contracts/${id}`,
            summary: changeSummary(
              before && auditFields({ ...before, rules: before.rules.length }),
              auditFields({
                ...body,
                monthly_costs: costs.monthly,
                one_off_costs: costs.one_off,
                rules: body.rules.length,
              }),
            ),
            requestId: actor.requestId,
          },
          tx,
        ),
      );
      return { contract: await detail(body.customer_id, id), created: !found, changed };
    },
  };
}

export type ContractsService<Caller> = ReturnType<typeof createContractsService<Caller>>;
