import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { LANDSCAPE_SEARCH_SQL } from '../src/modules/landscape/landscape.repo.ts';

/**
 * The global search's landscape statement runs on the connections that keep PostgreSQL's generic plan
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
  Plans?: PlanNode[];
}

/** Every index a plan reads, with the table it belongs to (a bitmap's table is its parent's). */
function indexReads(node: PlanNode, table?: string): { table: string | undefined; index: string }[] {
  const own = node['Relation Name'] ?? table;
  const here = node['Index Name'] ? [{ table: own, index: node['Index Name'] }] : [];
  return [...here, ...(node.Plans ?? []).flatMap((child) => indexReads(child, own))];
}

let client: pg.Client;

beforeAll(async () => {
  client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
});
afterAll(async () => client?.end());

it("the landscape search's generic plan reads each kind through its trigram index, never a btree on the customer", async () => {
  await client.query('set plan_cache_mode = force_generic_plan');
  await client.query('set enable_seqscan = off');
  await client.query(`prepare landscape_search_plan as ${LANDSCAPE_SEARCH_SQL}`);
  const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
    `explain (format json) execute landscape_search_plan(1001, '%web%', 10)`,
  );
  const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
  expect(plan).toBeDefined();
  const reads = indexReads(plan as PlanNode);
  for (const [table, index] of Object.entries(TEXT_INDEXED)) {
    expect(reads, table).toContainEqual({ table, index });
    // Besides the trigram index, only primary keys: the names of related objects, looked up per hit.
    const others = reads.filter((read) => read.table === table && read.index !== index);
    expect(
      others.filter((read) => !read.index.endsWith('_pkey')),
      table,
    ).toEqual([]);
  }
});
