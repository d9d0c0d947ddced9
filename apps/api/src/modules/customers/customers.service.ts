import {
  type Address,
  type BankAccount,
  type Customer,
  type CustomerFeatures,
  type CustomerIdCheck,
  type CustomerListQuery,
  endSentence,
  hasRights,
  type RightsMap,
} from '@portaal/contracts';
import type { CustomerCreateParsed } from '@portaal/contracts/customer-create';
import { z } from 'zod';
import { type Actor, changeSummary } from '../../lib/actor.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type Cursors, cursorValue } from '../../lib/cursor.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { CustomerScope, CustomersRepo } from './customers.repo.ts';

type Row = NonNullable<Awaited<ReturnType<CustomersRepo['get']>>>;

const toAddress = (row: Row['addresses'][number]): Address => ({
  customer_id: row.customerId,
  type: row.type,
  main: row.main,
  lines: row.lines,
  postcode: row.postcode,
  city: row.city,
  country: row.country,
});

function toCustomer(row: Row['row'], links: Row['links'], addresses: Row['addresses']): Customer {
  return {
    customer_id: row.customerId,
    display_name: row.displayName,
    language: row.language,
    status: row.status,
    phone: row.phone,
    coc_number: row.cocNumber,
    vat_number: row.vatNumber,
    usage_po_number: row.usagePoNumber,
    links: links
      .filter((link) => link.customerId === row.customerId)
      .map((link) => ({ customer_id: link.customerId, type: link.type, identifier: link.identifier })),
    addresses: addresses.filter((address) => address.customerId === row.customerId).map(toAddress),
    created_at: row.createdAt,
  };
}

const toFeatures = (row: NonNullable<Awaited<ReturnType<CustomersRepo['features']>>>): CustomerFeatures => ({
  customer_id: row.customerId,
  observe: row.observe,
  contracts: row.contracts,
});

/** A customer without a features row has none of them. */
const noFeatures = (customerId: number): CustomerFeatures => {
  const off = { managed: false, limits: { hours: 0, bytes: 0 } };
  const none = { has_active_contract: false };
  return {
    customer_id: customerId,
    observe: {
      flavor: null,
      metrics: { managed: false, limits: { hours: 0, series: 0 } },
      logs: off,
      traces: off,
    },
    contracts: { managed_services: none, professional_services: none, service_management: none },
  };
};

/** The customer list's cursor: the lower-cased name and id of the last row. */
const customerCursor = z.tuple([cursorValue.text, cursorValue.id]);
const toAfter = ([name, id]: [string, number]) => ({ name, id });

/** Customers the caller may read: all for staff with global company-read, otherwise their memberships. */
export function readableScope(rights: RightsMap): CustomerScope {
  if (hasRights(rights, { global: ['company-read'] })) return { all: true };
  const ids = Object.entries(rights)
    .filter(([key, list]) => key !== 'global' && list.includes('company-read'))
    .map(([key]) => Number(key))
    .filter((id) => Number.isInteger(id));
  return { ids };
}

/** Known customer ids are remembered this long: customers are created often and deleted almost never. */
const EXISTS_TTL_MS = 30_000;

export function createCustomersService(repo: CustomersRepo, cursors: Cursors, audit: AuditLog) {
  const known = new Map<number, number>();

  /** Whether a customer exists; positive answers are cached, so the access check costs no query. */
  async function exists(customerId: number): Promise<boolean> {
    const now = Date.now();
    const seen = known.get(customerId);
    if (seen !== undefined && now - seen < EXISTS_TTL_MS) return true;
    const found = await repo.exists(customerId);
    if (found) {
      if (known.size > 50_000) known.clear();
      known.set(customerId, now);
    } else {
      known.delete(customerId);
    }
    return found;
  }

  async function get(customerId: number): Promise<Customer> {
    const found = await repo.get(customerId);
    if (!found) throw notFound('CUSTOMER_NOT_FOUND', `Customer ${customerId} does not exist.`);
    return toCustomer(found.row, found.links, found.addresses);
  }

  return {
    exists,
    get,
    /** Every customer's id, in order (the monthly reports run over all of them). */
    ids: (): Promise<number[]> => repo.ids(),

    async list(rights: RightsMap, query: CustomerListQuery & { cursor?: string }) {
      const { rows, links, addresses, total, hasMore } = await repo.list(readableScope(rights), {
        status: query.status,
        search: query.search || undefined,
        limit: query.limit,
        after: query.cursor ? toAfter(cursors.decode('customers', query.cursor, customerCursor)) : undefined,
      });
      const last = rows.at(-1);
      return {
        items: rows.map((row) => toCustomer(row, links, addresses)),
        total,
        nextCursor:
          hasMore && last
            ? cursors.encode('customers', [last.displayName.toLowerCase(), last.customerId])
            : undefined,
      };
    },

    /** The usage PO number; the change and its audit event commit together. */
    async updatePoNumber(customerId: number, usagePoNumber: string | null, actor: Actor): Promise<Customer> {
      const value = usagePoNumber === null || usagePoNumber === '' ? null : usagePoNumber;
      const done = await repo.updatePoNumber(customerId, value, async (tx, before) => {
        if (before === value) return;
        await audit.record(
          {
            actorId: actor.id,
            actorName: actor.name,
            customerId,
            action: 'customer.po_number',
            object: `customers/${customerId}`,
            summary: changeSummary({ usage_po_number: before }, { usage_po_number: value }),
            requestId: actor.requestId,
          },
          tx,
        );
      });
      if (!done) throw notFound('CUSTOMER_NOT_FOUND', `Customer ${customerId} does not exist.`);
      return get(customerId);
    },

    async addresses(customerId: number): Promise<Address[]> {
      return (await repo.addresses(customerId)).map(toAddress);
    },

    async bankAccounts(customerId: number): Promise<BankAccount[]> {
      return (await repo.bankAccounts(customerId)).map((row) => ({
        customer_id: row.customerId,
        main: row.main,
        iban: row.iban,
        bic: row.bic,
        account_holder: row.accountHolder,
      }));
    },

    async features(customerId: number): Promise<CustomerFeatures> {
      const row = await repo.features(customerId);
      return row ? toFeatures(row) : noFeatures(customerId);
    },

    async allFeatures(): Promise<CustomerFeatures[]> {
      return (await repo.allFeatures()).map(toFeatures);
    },

    /** The id a new customer gets, and who holds `customerId` (null when it is free). */
    async idCheck(customerId?: number): Promise<CustomerIdCheck> {
      const [next, holder] = await Promise.all([
        repo.nextFreeId(),
        customerId === undefined ? undefined : repo.holderOf(customerId),
      ]);
      return {
        next_free_id: next,
        customer_id: customerId ?? null,
        taken_by: holder ? { customer_id: holder.customerId, display_name: holder.displayName } : null,
      };
    },

    /**
     * POST /api/admin/v2/customer: the customer, its links and main address, and the audit event, in
     * one transaction; a taken id or a link another customer holds is a 409 naming the holder.
     */
    async create(input: CustomerCreateParsed, actor: Actor): Promise<Customer> {
      const address = input.address;
      const result = await repo.create(
        {
          customerId: input.customer_id,
          displayName: input.display_name,
          language: input.language,
          phone: input.phone,
          cocNumber: input.coc_number,
          vatNumber: input.vat_number,
          links: input.links,
          address: address && {
            type: address.type,
            lines: [`${address.street} ${address.house_number}`],
            postcode: address.postal_code,
            city: address.town,
            country: address.country,
          },
        },
        async (tx, customerId) => {
          await audit.record(
            {
              actorId: actor.id,
              actorName: actor.name,
              customerId,
              action: 'customer.create',
              object: `customers/${customerId}`,
              summary: changeSummary(
                {},
                {
                  display_name: input.display_name,
                  links: input.links.map((link) => `${link.type}:${link.identifier}`).join(', ') || undefined,
                },
              ),
              requestId: actor.requestId,
            },
            tx,
          );
        },
      );
      if ('conflict' in result) {
        const holder = { holder_id: result.holder.customerId, holder_name: result.holder.displayName };
        if (result.conflict === 'id') {
          throw new AppError(
            'CUSTOMER_ID_TAKEN',
            409,
            endSentence(`Customer id ${result.holder.customerId} belongs to ${result.holder.displayName}`),
            [{ field: 'customer_id', message: 'is taken' }],
            holder,
          );
        }
        throw new AppError(
          'CUSTOMER_LINK_TAKEN',
          409,
          `${result.type} ${result.identifier} is linked to ${result.holder.displayName} (${result.holder.customerId}).`,
          [{ field: 'links', message: 'is linked to another customer' }],
          { ...holder, link_type: result.type, link_id: result.identifier },
        );
      }
      return get(result.customerId);
    },

    async findByLink(type: string, identifier: string): Promise<Customer> {
      const customerId = await repo.findIdByLink(type, identifier);
      if (customerId === undefined) {
        throw notFound('CUSTOMER_NOT_FOUND', endSentence(`No customer is linked to ${type} ${identifier}`));
      }
      return get(customerId);
    },
  };
}
export type CustomersService = ReturnType<typeof createCustomersService>;
