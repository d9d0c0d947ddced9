import { and, asc, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
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
