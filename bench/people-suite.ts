import { offlineDatabase } from '../apps/api/src/db/client.ts';
import { contactListQuery } from '../apps/api/src/modules/contacts/contacts.repo.ts';
import { contactsSearchQuery } from '../apps/api/src/modules/contacts/contacts.search.ts';
import { contractsSearchQuery } from '../apps/api/src/modules/contracts/contracts.search.ts';
import { customersSearchQuery } from '../apps/api/src/modules/customers/customers.search.ts';
import { invoicesSearchQuery } from '../apps/api/src/modules/invoices/invoices.search.ts';
import { ticketsSearchQuery } from '../apps/api/src/modules/tickets/tickets.search.ts';
import { PEOPLE_SQL } from './bare-server.ts';
import { compareAnswers, type MeasuredEndpoint, measureEndpoint, otherWorkNote } from './customers-suite.ts';
import { cpuSnapshot } from './machine.ts';
import { formatNumber, type SectionReport, type TargetCheck } from './report.ts';
import type { BenchContext, Suite } from './suite.ts';
import { rotate, same, shuffled } from './suite.ts';

/** Issue 14 item 8: search p99 ≤ 50 ms, contact list p99 ≤ 30 ms, each at ≥ 0.8 of the bare handler. */
const SEARCH_TARGETS = { minRatio: 0.8, maxP99Ms: 50 };
const LIST_TARGETS = { minRatio: 0.8, maxP99Ms: 30 };
/** Provider staff: reads the contacts of every customer. */
const STAFF = 'staff-viewer';
/**
 * Fragments as a user types them: family names, ticket subjects ("Back-up mislukt"), company names,
 * server and cluster names (the generated landscape's `…-srv00123`, `…-vmw4`).
 */
const FRAGMENTS = ['jansen', 'back-up', 'mulder', 'ber', 'ijk', 'dns', 'emma', 'visser', 'srv001', 'vmw1'];

interface Endpoint extends MeasuredEndpoint {
  caller: 'owner' | 'staff';
}

/**
 * The SQL texts the API sends (Drizzle's, built offline by the same query builders the API runs) against
 * the baseline's copies: a changed original makes the ratio compare different work.
 */
function sqlDifferences(): string[] {
  // Builds SQL without a connection; the builders only read the schema and the casing.
  const offline = offlineDatabase();
  const search = { pattern: '%x%', customerId: 1, limit: 10 };
  const texts: [string, string, string][] = [
    ['contact list', contactListQuery(offline, 1, 26).toSQL().sql, PEOPLE_SQL.contactList],
    [
      'contact list after a cursor',
      contactListQuery(offline, 1, 26, { lastName: 'a', firstName: 'b', id: 1 }).toSQL().sql,
      PEOPLE_SQL.contactListAfter,
    ],
    [
      'ticket search (ticket-read-all)',
      ticketsSearchQuery(offline, search).toSQL().sql,
      PEOPLE_SQL.searchTickets,
    ],
    ['contact search', contactsSearchQuery(offline, search).toSQL().sql, PEOPLE_SQL.searchContacts],
    [
      'company search (one company)',
      customersSearchQuery(offline, { pattern: '%x%', one: 1, limit: 10 }).toSQL().sql,
      PEOPLE_SQL.searchCustomersOne,
    ],
    [
      'company search (several companies)',
      customersSearchQuery(offline, { pattern: '%x%', mine: [1, 2], limit: 10 }).toSQL().sql,
      PEOPLE_SQL.searchCustomers,
    ],
    [
      'invoice search',
      invoicesSearchQuery(offline, { ...search, digits: '%1%' }).toSQL().sql,
      PEOPLE_SQL.searchInvoices,
    ],
    ['contract search', contractsSearchQuery(offline, search).toSQL().sql, PEOPLE_SQL.searchContracts],
  ];
  return texts
    .filter(([, api, bare]) => api !== bare)
    .map(
      ([name, api]) => `bench/bare-server.ts runs another ${name} SQL than the API: copy it again (${api})`,
    );
}

async function runSuite(context: BenchContext): Promise<SectionReport> {
  const { settings, log } = context;
  const database = await context.database();
  const { bigCustomerId, ownerUsername } = database.generated.tickets;
  const bare = await context.server('bare');
  const api = await context.server('api');
  const tokens = { owner: await context.token(ownerUsername), staff: await context.token(STAFF) };
  const authorization = (caller: Endpoint['caller']) => () => `Bearer ${tokens[caller].current()}`;

  const failures: string[] = sqlDifferences();
  const targets: TargetCheck[] = [];
  const list = `/api/v2/customer/${bigCustomerId}/contacts`;
  const search = (q: string) => `/api/v2/search?q=${encodeURIComponent(q)}&customer_id=${bigCustomerId}`;
  const rotatingIds = shuffled(database.generated.customerIds, 14).map(String);
  const everyList = rotatingIds.map((id) => `/api/v2/customer/${id}/contacts?limit=100`);

  const endpoints: Endpoint[] = [
    { name: 'Contact list, first page', caller: 'owner', paths: same(list), targets: LIST_TARGETS },
    {
      name: 'Contact list, 100 per page, every customer in turn (staff)',
      caller: 'staff',
      paths: rotate(everyList),
      targets: LIST_TARGETS,
    },
    { name: 'Search "jansen"', caller: 'owner', paths: same(search('jansen')), targets: SEARCH_TARGETS },
    {
      name: `Search, ${FRAGMENTS.length} fragments in turn`,
      caller: 'owner',
      paths: rotate(FRAGMENTS.map(search)),
      targets: SEARCH_TARGETS,
    },
  ];

  // Page 2 of the big list by the API's own Link, so the cursor path is compared too.
  const first = await fetch(`${api.url}${list}`, { headers: { authorization: authorization('owner')() } });
  const next = /<([^>]+)>;\s*rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
  const compared = [
    await compareAnswers(
      api,
      bare,
      [list, `${list}?limit=100`, ...(next ? [next] : []), ...FRAGMENTS.map(search)],
      authorization('owner')(),
    ),
    await compareAnswers(api, bare, everyList.slice(0, 50), authorization('staff')()),
  ];
  const problems = compared.flatMap((result) => result.problems);
  if (!next) problems.push(`${list}: the API gave no next link for a 2,000-contact customer`);
  if (problems.length) {
    failures.push(
      `API and bare server disagree on ${problems.length} answer(s): ${problems.slice(0, 3).join('; ')}`,
    );
  }

  const rows = database.generated.rows;
  const body: string[] = [
    `${formatNumber(rows.contacts ?? 0)} generated contacts over ${formatNumber(database.generated.customerIds.length)} ` +
      `customers (customer ${bigCustomerId} holds 2,000 of them, the others about ten each), beside ` +
      `${formatNumber(rows.tickets ?? 0)} tickets. Caller \`${ownerUsername}\` (owner of ${bigCustomerId}: every ` +
      'search group runs — tickets, contacts, companies, invoices, contracts, servers and the rest of the landscape) ' +
      'with a real access token from the dev IdP; ' +
      `\`${STAFF}\` reads the contacts of every generated customer in a fixed shuffled order. ` +
      `${settings.connections} connections; per server a ${settings.warmupS} s warm-up, then ${settings.durationS} s ` +
      `measured in ${settings.rounds} turn(s) taking turns with the other server (bare first). The bare handler ` +
      "runs Drizzle's texts of the same queries (checked equal above) as named statements, on connections that keep " +
      "PostgreSQL's generic plan where the API's do (the list's first page, the search's own companies, contacts and contracts: decision 0043); for the search it also " +
      "reads the caller's memberships for its rights (the API keeps them in memory, decision 0015: that read is " +
      'work the baseline does and the API does not), but verifies no token; its servers and ' +
      "landscape groups run landscape.repo.ts's search statement and row mapping (one statement for both groups, " +
      'as landscape.search.ts runs it). Fragments: ' +
      `${FRAGMENTS.map((fragment) => `\`${fragment}\``).join(', ')}.`,
    '',
    `SQL texts equal to the API's: ${failures.length && failures[0]?.startsWith('bench/bare-server.ts') ? '**no**' : 'yes'}. ` +
      `Answers equal on both servers (bodies, Link) for the list's first, 100-row and second pages, every fragment's ` +
      `search and the lists of 50 customers: ${problems.length ? `**no, ${problems.length} differ**` : 'yes'}.`,
    '',
  ];

  const before = await cpuSnapshot();
  for (const endpoint of endpoints) {
    await measureEndpoint(context, { api, bare }, endpoint, authorization(endpoint.caller), {
      body,
      targets,
      failures,
    });
  }
  await otherWorkNote(before, log, body);
  return { title: 'Contacts and search (100,000 contacts over 10,000 customers)', body, targets, failures };
}

export const peopleSuite: Suite = {
  id: 'people',
  title: 'Contacts and search',
  /** The generated data (migrations, seed, 2 million rows: 135-185 s on a loaded machine) and the answer checks. */
  extraTimeS: 240,
  /** 4 endpoints × 2 servers × BENCH_ROUNDS (2) = 16 measured runs, 4 of them in the base limit. */
  loadRuns: 12,
  run: runSuite,
};
