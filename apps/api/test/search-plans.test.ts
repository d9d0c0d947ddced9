import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { offlineDatabase } from '../src/db/client.ts';
import { contactsSearchQuery } from '../src/modules/contacts/contacts.search.ts';
import { contractsSearchQuery } from '../src/modules/contracts/contracts.search.ts';
import { customersSearchQuery } from '../src/modules/customers/customers.search.ts';
import { invoicesSearchQuery } from '../src/modules/invoices/invoices.search.ts';
import { LANDSCAPE_SEARCH_SQL } from '../src/modules/landscape/landscape.repo.ts';

/**
 * The global search's statements that keep PostgreSQL's generic plan (db.$reusablePlans): one plan
 * per connection serves every customer and text, so it must be the right one for a large customer.
 *
 * The landscape statement runs on the connections that keep PostgreSQL's generic plan
 * (db.$reusablePlans), planned once per connection for every customer and text (decision 0040). That
 * one plan must read each kind that has a trigram index through it: a btree index that leads with
 * customer_id walks all of a large customer's objects (15,000 devices on the bench: 6–7 ms a search).
 * Sequential scans are off here, so the plan shows what the indexes allow, not what the demo seed's
 * few rows make cheapest. The statement only reads, so this uses the run's shared database.
 */
const TEXT_INDEXED = {
  landscape_devices: 'landscape_devices_text_trgm_idx',
  landscape_virtual_machines: 'landscape_vms_text_trgm_idx',
  landscape_racks: 'landscape_racks_text_trgm_idx',
  landscape_ip_addresses: 'landscape_ips_text_trgm_idx',
  landscape_prefixes: 'landscape_prefixes_text_trgm_idx',
  landscape_kubernetes_clusters: 'landscape_k8s_text_trgm_idx',
} as const;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

interface IndexRead {
  table: string | undefined;
  index: string;
  condition?: string;
}

/** Every index a plan reads, with the table it belongs to (a bitmap's table is its parent's). */
function indexReads(node: PlanNode, table?: string): IndexRead[] {
  const own = node['Relation Name'] ?? table;
  const here = node['Index Name']
    ? [{ table: own, index: node['Index Name'], condition: node['Index Cond'] }]
    : [];
  return [...here, ...(node.Plans ?? []).flatMap((child) => indexReads(child, own))];
}

/** The tables and indexes a plan reads, without the conditions. */
const readIndexes = (reads: IndexRead[]) => reads.map(({ table, index }) => ({ table, index }));

let client: pg.Client;

beforeAll(async () => {
  client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  await client.query('set plan_cache_mode = force_generic_plan');
  await client.query('set enable_seqscan = off');
});
afterAll(async () => client?.end());

/** The indexes of a statement's generic plan, run with the given parameters. */
async function genericPlanReads(name: string, text: string, values: string) {
  await client.query(`prepare ${name} as ${text}`);
  const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
    `explain (format json) execute ${name}(${values})`,
  );
  const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
  expect(plan).toBeDefined();
  return indexReads(plan as PlanNode);
}

// The texts the API sends: Drizzle's, built without a connection by the registrations' own builders.
const offline = offlineDatabase();
const placeholders = { pattern: '%x%', customerId: 1, limit: 10 };

it("the landscape search's generic plan reads each kind through its trigram index, never a btree on the customer", async () => {
  const reads = await genericPlanReads('landscape_search_plan', LANDSCAPE_SEARCH_SQL, `1001, '%web%', 10`);
  for (const [table, index] of Object.entries(TEXT_INDEXED)) {
    expect(readIndexes(reads), table).toContainEqual({ table, index });
    // Besides the trigram index, only primary keys: the names of related objects, looked up per hit.
    const others = reads.filter((read) => read.table === table && read.index !== index);
    expect(
      others.filter((read) => !read.index.endsWith('_pkey')),
      table,
    ).toEqual([]);
  }
});

it("the contact search's generic plan reads the trigram index, not the customer's contacts in name order", async () => {
  // A name many contacts share would walk most of a large customer's contacts in name order (decision 0043).
  const text = contactsSearchQuery(offline, placeholders).toSQL().sql;
  const reads = await genericPlanReads('contacts_search_plan', text, `1001, '%jansen%', 10`);
  expect(readIndexes(reads)).toEqual([{ table: 'contacts', index: 'contacts_search_trgm_idx' }]);
});

it("the contract search's generic plan reads the customer's contracts by their index", async () => {
  const text = contractsSearchQuery(offline, placeholders).toSQL().sql;
  const reads = await genericPlanReads('contracts_search_plan', text, `1001, '%web%', '%web%', 10`);
  expect(readIndexes(reads)).toEqual([{ table: 'contracts', index: 'contracts_customer_start_idx' }]);
});

it("the invoice search's generic plan finds the number's digits and the number in one index", async () => {
  // Digits alone read every number that holds them: 'srv001' read the 6,120 of the bench's big
  // customer's 15,099 numbers that hold '001', to find none (decision 0017).
  const text = invoicesSearchQuery(offline, { ...placeholders, digits: '%1%' }).toSQL().sql;
  const reads = await genericPlanReads('invoices_search_plan', text, `1001, '%001%', '%srv001%', 10`);
  expect(readIndexes(reads)).toEqual([{ table: 'invoices', index: 'invoices_number_trgm_idx' }]);
  expect(reads[0]?.condition).toMatch(/number_digits ~~ \$2\).*\(number ~~\* \$3\)/);
});

it('the company search of a caller in one company runs on the generic plan that PostgreSQL keeps', async () => {
  // Plan mode as on db.$reusablePlans' connections (PostgreSQL's own choice): after five plans per
  // call it keeps the generic plan only when that costs no more than they did.
  const own = new pg.Client({ connectionString: inject('databaseUrl') });
  await own.connect();
  try {
    const text = customersSearchQuery(offline, { pattern: '%x%', one: 1, limit: 10 }).toSQL().sql;
    for (const pattern of ['%north%', '%wind%', '%a%', '%jansen%', '%b.v.%', '%north%', '%ict%', '%x%']) {
      await own.query({ name: 'search_customers_one_text', text, values: [pattern, 1001, 10] });
    }
    const { rows } = await own.query<{ generic_plans: string; custom_plans: string }>(
      `select generic_plans, custom_plans from pg_prepared_statements where name = 'search_customers_one_text'`,
    );
    expect(rows).toEqual([{ generic_plans: '3', custom_plans: '5' }]);
  } finally {
    await own.end();
  }
});
