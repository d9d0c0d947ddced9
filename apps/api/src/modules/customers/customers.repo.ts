import { and, asc, eq, exists, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Transaction } from '../audit/audit.service.ts';
import { addresses, bankAccounts, customerFeatures, customerLinks, customers } from './customers.table.ts';

/** Which customers a query may touch: all (provider staff) or an explicit list (memberships). */
export type CustomerScope = { all: true } | { ids: readonly number[] };

export interface ListFilter {
  status?: 'active' | 'suspended' | 'terminated';
  search?: string;
  limit: number;
  after?: { name: string; id: number };
}

const nameKey = sql<string>`lower(${customers.displayName})`;

function scopeCondition(scope: CustomerScope): SQL | undefined {
  return 'all' in scope ? undefined : inArray(customers.customerId, [...scope.ids]);
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The rows of a new customer, as the service built them from the request. */
export interface NewCustomer {
  customerId?: number;
  displayName: string;
  language: 'en' | 'nl';
  phone: string | null;
  cocNumber: string | null;
  vatNumber: string | null;
  links: { type: string; identifier: string }[];
  address: {
    type: 'delivery' | 'invoice' | 'postal' | 'visit';
    lines: string[];
    postcode: string;
    city: string;
    country: string;
  } | null;
}

/** Why a new customer was not stored: its id or one of its links belongs to another customer. */
export type CreateConflict =
  | { conflict: 'id'; holder: { customerId: number; displayName: string } }
  | {
      conflict: 'link';
      type: string;
      identifier: string;
      holder: { customerId: number; displayName: string };
    };

/**
 * One above the highest id; once the highest integer is taken (an id given by hand), the first gap.
 * Ids of deleted customers are not handed out again while a higher one exists.
 */
const NEXT_FREE_ID = sql`select coalesce(
  (select max(customer_id) + 1 from customers having max(customer_id) < 2147483647),
  (select min(c.customer_id) + 1 from customers c where c.customer_id < 2147483647
     and not exists (select 1 from customers d where d.customer_id = c.customer_id + 1)),
  1) as next`;

/** Serialises customer creation, so that "the next free id" is never handed out twice. */
const CREATE_LOCK = 0x63757374; // 'cust'

export function createCustomersRepo(db: Database) {
  // The hot single-customer queries are prepared once: Drizzle then skips building the SQL on every
  // call and PostgreSQL parses each statement once per connection.
  const id = sql.placeholder('id');
  const prepared = {
    exists: db
      .select({ id: customers.customerId })
      .from(customers)
      .where(eq(customers.customerId, id))
      .limit(1)
      .prepare('customer_exists'),
    customer: db
      .select()
      .from(customers)
      .where(eq(customers.customerId, id))
      .limit(1)
      .prepare('customer_by_id'),
    links: db
      .select()
      .from(customerLinks)
      .where(eq(customerLinks.customerId, id))
      .orderBy(asc(customerLinks.type))
      .prepare('customer_links_by_id'),
    addresses: db
      .select()
      .from(addresses)
      .where(eq(addresses.customerId, id))
      .orderBy(asc(addresses.type), asc(addresses.id))
      .prepare('customer_addresses_by_id'),
  };

  async function details(ids: number[]) {
    if (ids.length === 0) return { links: [], addresses: [] };
    const [links, addressRows] = await Promise.all([
      db
        .select()
        .from(customerLinks)
        .where(inArray(customerLinks.customerId, ids))
        .orderBy(asc(customerLinks.type)),
      db
        .select()
        .from(addresses)
        .where(inArray(addresses.customerId, ids))
        .orderBy(asc(addresses.type), asc(addresses.id)),
    ]);
    return { links, addresses: addressRows };
  }

  return {
    async ids(): Promise<number[]> {
      const rows = await db
        .select({ id: customers.customerId })
        .from(customers)
        .orderBy(asc(customers.customerId));
      return rows.map((row) => row.id);
    },

    async exists(customerId: number): Promise<boolean> {
      return (await prepared.exists.execute({ id: customerId })).length > 0;
    },

    async list(scope: CustomerScope, filter: ListFilter) {
      if ('ids' in scope && scope.ids.length === 0)
        return { rows: [], hasMore: false, total: 0, links: [], addresses: [] };
      const conditions: (SQL | undefined)[] = [scopeCondition(scope)];
      if (filter.status) conditions.push(eq(customers.status, filter.status));
      if (filter.search) {
        const pattern = `%${escapeLike(filter.search)}%`;
        const asNumber = /^\d{1,9}$/.test(filter.search) ? Number(filter.search) : undefined;
        conditions.push(
          or(
            ilike(customers.displayName, pattern),
            ilike(customers.cocNumber, pattern),
            asNumber === undefined ? undefined : eq(customers.customerId, asNumber),
            // A link's identifier (the accounting id): what staff have at hand when a customer calls.
            exists(
              db
                .select({ one: sql`1` })
                .from(customerLinks)
                .where(
                  and(
                    eq(customerLinks.customerId, customers.customerId),
                    ilike(customerLinks.identifier, pattern),
                  ),
                ),
            ),
          ),
        );
      }
      const where = and(...conditions);
      const pageWhere = filter.after
        ? and(
            where,
            or(
              gt(nameKey, filter.after.name),
              and(eq(nameKey, filter.after.name), gt(customers.customerId, filter.after.id)),
            ),
          )
        : where;
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(customers)
          .where(pageWhere)
          .orderBy(asc(nameKey), asc(customers.customerId))
          .limit(filter.limit + 1),
        db.select({ total: sql<number>`count(*)::int` }).from(customers).where(where),
      ]);
      const page = rows.slice(0, filter.limit);
      return {
        rows: page,
        hasMore: rows.length > filter.limit,
        total: count?.total ?? 0,
        ...(await details(page.map((row) => row.customerId))),
      };
    },

    async get(customerId: number) {
      const [row] = await prepared.customer.execute({ id: customerId });
      if (!row) return undefined;
      const [links, addressRows] = await Promise.all([
        prepared.links.execute({ id: customerId }),
        prepared.addresses.execute({ id: customerId }),
      ]);
      return { row, links, addresses: addressRows };
    },

    async addresses(customerId: number) {
      return prepared.addresses.execute({ id: customerId });
    },

    /**
     * Sets the PO number and, in the same transaction, whatever `after` writes (the audit event);
     * answers the number before, or undefined when the customer does not exist.
     */
    async updatePoNumber(
      customerId: number,
      usagePoNumber: string | null,
      after: (tx: Transaction, before: string | null) => Promise<void>,
    ): Promise<{ before: string | null } | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ before: customers.usagePoNumber })
          .from(customers)
          .where(eq(customers.customerId, customerId))
          .for('update');
        if (!row) return undefined;
        await tx.update(customers).set({ usagePoNumber }).where(eq(customers.customerId, customerId));
        await after(tx, row.before);
        return row;
      });
    },

    async bankAccounts(customerId: number) {
      return db
        .select()
        .from(bankAccounts)
        .where(eq(bankAccounts.customerId, customerId))
        .orderBy(sql`${bankAccounts.main} desc`, asc(bankAccounts.id));
    },

    async features(customerId: number) {
      const [row] = await db
        .select()
        .from(customerFeatures)
        .where(eq(customerFeatures.customerId, customerId))
        .limit(1);
      return row;
    },

    async allFeatures() {
      return db.select().from(customerFeatures).orderBy(asc(customerFeatures.customerId));
    },

    /** The id a customer created without one gets: one above the highest id. */
    async nextFreeId(): Promise<number> {
      const [row] = (await db.execute<{ next: number }>(NEXT_FREE_ID)).rows;
      return Number(row?.next ?? 1);
    },

    async holderOf(customerId: number) {
      const [row] = await db
        .select({ customerId: customers.customerId, displayName: customers.displayName })
        .from(customers)
        .where(eq(customers.customerId, customerId))
        .limit(1);
      return row;
    },

    /**
     * Stores a customer with its links and main address and, in the same transaction, whatever
     * `after` writes (the audit event). Answers the new id, or the conflict that kept it out.
     */
    async create(
      input: NewCustomer,
      after: (tx: Transaction, customerId: number) => Promise<void>,
    ): Promise<{ customerId: number } | CreateConflict> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${CREATE_LOCK})`);
        const holder = (customerId: number) =>
          tx
            .select({ customerId: customers.customerId, displayName: customers.displayName })
            .from(customers)
            .where(eq(customers.customerId, customerId))
            .limit(1)
            .then((rows) => rows[0]);
        let customerId = input.customerId;
        if (customerId === undefined) {
          const [row] = (await tx.execute<{ next: number }>(NEXT_FREE_ID)).rows;
          customerId = Number(row?.next ?? 1);
        } else {
          const taken = await holder(customerId);
          if (taken) return { conflict: 'id', holder: taken } as const;
        }
        for (const link of input.links) {
          const [held] = await tx
            .select({ customerId: customerLinks.customerId, displayName: customers.displayName })
            .from(customerLinks)
            .innerJoin(customers, eq(customers.customerId, customerLinks.customerId))
            .where(and(eq(customerLinks.type, link.type), eq(customerLinks.identifier, link.identifier)))
            .limit(1);
          if (held) return { conflict: 'link', ...link, holder: held } as const;
        }
        await tx.insert(customers).values({
          customerId,
          displayName: input.displayName,
          language: input.language,
          phone: input.phone,
          cocNumber: input.cocNumber,
          vatNumber: input.vatNumber,
        });
        if (input.links.length > 0) {
          await tx.insert(customerLinks).values(input.links.map((link) => ({ ...link, customerId })));
        }
        if (input.address) {
          await tx.insert(addresses).values({ ...input.address, main: true, customerId });
        }
        await after(tx, customerId);
        return { customerId };
      });
    },

    async findIdByLink(type: string, identifier: string): Promise<number | undefined> {
      const [row] = await db
        .select({ customerId: customerLinks.customerId })
        .from(customerLinks)
        .where(and(eq(customerLinks.type, type), eq(customerLinks.identifier, identifier)))
        .limit(1);
      return row?.customerId;
    },
  };
}
export type CustomersRepo = ReturnType<typeof createCustomersRepo>;
