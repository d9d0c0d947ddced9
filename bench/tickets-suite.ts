import { TICKET_LIST_SQL } from '../apps/api/src/modules/tickets/tickets.repo.ts';
import { TICKET_LIST_ALL_SQL } from './bare-server.ts';
import {
  compareAnswers,
  type MeasuredEndpoint,
  measureEndpoint,
  otherWorkNote,
  type SideResult,
} from './customers-suite.ts';
import { cpuSnapshot } from './machine.ts';
import { check, formatNumber, type SectionReport, type TargetCheck, table } from './report.ts';
import type { ServerHandle } from './server-handle.ts';
import type { BenchContext, Suite } from './suite.ts';
import { rotate, same, shuffled } from './suite.ts';

/** Issue #4 item 7: p99 ≤ 30 ms at 20 connections and at least 0.7 of the bare handler's req/s. */
const TARGETS = { minRatio: 0.7, maxP99Ms: 30 };
/** "The first and the 500th page equally fast": the 500th page keeps this share of the first's req/s. */
const SAME_SPEED_MIN = 0.9;
const DEEP_PAGE = 500;
/** Provider staff with global ticket-read-all: reads the ticket list of any customer. */
const STAFF = 'staff-viewer';
/** Matches the Dutch subjects "Back-up mislukt op …" and "… terugzetten uit back-up" of the big customer. */
const SEARCH = 'back-up';
const FILTER = 'status=open,in_progress,awaiting_reply&priority=1,2';

interface Endpoint extends MeasuredEndpoint {
  caller: 'owner' | 'staff';
}

/**
 * Follows the `Link: rel="next"` header page by page, the way a client pages, and answers every
 * page's path plus each request's time: the cursor of a deep page exists only by walking there.
 */
export async function walk(server: ServerHandle, first: string, pages: number, authorization: () => string) {
  const paths = [first];
  const ms: number[] = [];
  for (;;) {
    const started = performance.now();
    const response = await fetch(`${server.url}${paths.at(-1)}`, {
      headers: { authorization: authorization() },
    });
    await response.arrayBuffer();
    ms.push(performance.now() - started);
    if (response.status !== 200) {
      throw new Error(`${server.kind}: page ${paths.length} of ${first} answered ${response.status}`);
    }
    if (paths.length === pages) return { paths, ms };
    const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
    if (!next) throw new Error(`${server.kind}: page ${paths.length} of ${first} has no next link`);
    const url = new URL(next, server.url);
    paths.push(`${url.pathname}${url.search}`);
  }
}

const ms = (value: number) => formatNumber(value);
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

async function runSuite(context: BenchContext): Promise<SectionReport> {
  const { settings, log } = context;
  const database = await context.database();
  const { bigCustomerId, bigCustomerTickets, ownerUsername } = database.generated.tickets;
  const bare = await context.server('bare');
  const api = await context.server('api');
  const tokens = { owner: await context.token(ownerUsername), staff: await context.token(STAFF) };
  const authorization = (caller: Endpoint['caller']) => () => `Bearer ${tokens[caller].current()}`;

  const list = `/api/v2/customer/${bigCustomerId}/tickets`;
  const failures: string[] = [];
  const targets: TargetCheck[] = [];
  // The baseline keeps a copy (it must not import the API); a changed original makes the ratio meaningless.
  if (TICKET_LIST_SQL.all !== TICKET_LIST_ALL_SQL) {
    failures.push(
      'bench/bare-server.ts runs another ticket list SQL than tickets.repo.ts (TICKET_LIST_SQL.all): copy it again',
    );
  }

  log(`Walking ${DEEP_PAGE} pages of ${list} on both servers`);
  const walked = {
    api: await walk(api, list, DEEP_PAGE, authorization('owner')),
    bare: await walk(bare, list, DEEP_PAGE, authorization('owner')),
  };
  const deepPath = walked.api.paths.at(-1) as string;
  if (walked.bare.paths.at(-1) !== deepPath) {
    failures.push(
      `the walks end on different pages: API ${deepPath}, bare ${String(walked.bare.paths.at(-1))}`,
    );
  }

  const rotatingIds = shuffled(database.generated.customerIds, 11).map(String);
  const endpoints: Endpoint[] = [
    {
      name: 'Ticket list, first page',
      caller: 'owner',
      paths: same(list),
      targets: TARGETS,
    },
    {
      name: `Ticket list, page ${DEEP_PAGE}`,
      caller: 'owner',
      paths: same(deepPath),
      targets: TARGETS,
    },
    {
      name: 'Ticket list, filtered (status and priority)',
      caller: 'owner',
      paths: same(`${list}?${FILTER}`),
    },
    { name: `Ticket list, search "${SEARCH}"`, caller: 'owner', paths: same(`${list}?search=${SEARCH}`) },
    {
      name: 'Ticket list, first page of every customer (staff)',
      caller: 'staff',
      paths: rotate(rotatingIds.map((id) => `/api/v2/customer/${id}/tickets`)),
      targets: TARGETS,
    },
  ];

  const samplePages = [1, 2, 100, 250, DEEP_PAGE];
  const compared = [
    await compareAnswers(
      api,
      bare,
      [
        ...samplePages.map((page) => walked.api.paths[page - 1] as string),
        `${list}?${FILTER}`,
        `${list}?search=${SEARCH}`,
      ],
      authorization('owner')(),
    ),
    await compareAnswers(
      api,
      bare,
      rotatingIds.slice(0, 50).map((id) => `/api/v2/customer/${id}/tickets`),
      authorization('staff')(),
    ),
  ];
  const problems = compared.flatMap((result) => result.problems);
  if (problems.length) {
    failures.push(
      `API and bare server disagree on ${problems.length} answer(s): ${problems.slice(0, 3).join('; ')}`,
    );
  }

  const walkTable = table(
    ['Sequential walk, one request at a time', 'API', 'bare node:http'],
    [
      ['pages 1–10, mean (ms)', ms(mean(walked.api.ms.slice(0, 10))), ms(mean(walked.bare.ms.slice(0, 10)))],
      [
        `pages ${DEEP_PAGE - 9}–${DEEP_PAGE}, mean (ms)`,
        ms(mean(walked.api.ms.slice(-10))),
        ms(mean(walked.bare.ms.slice(-10))),
      ],
      ['all pages, mean (ms)', ms(mean(walked.api.ms)), ms(mean(walked.bare.ms))],
    ],
    ['l', 'r', 'r'],
  );

  const body: string[] = [
    `${formatNumber(database.generated.rows.tickets ?? 0)} generated tickets over ` +
      `${formatNumber(database.generated.customerIds.length)} customers; customer ${bigCustomerId} holds ` +
      `${formatNumber(bigCustomerTickets)} of them, so its list has a page ${DEEP_PAGE} of 25. ` +
      `Caller \`${ownerUsername}\` (owner of that customer: ticket-read-all) with a real access token from the dev IdP, ` +
      `except the last call, where \`${STAFF}\` reads the first page of every generated customer in a fixed ` +
      'shuffled order. ' +
      `${settings.connections} connections; per server a ${settings.warmupS} s warm-up, then ${settings.durationS} s ` +
      `measured in ${settings.rounds} turn(s) taking turns with the other server (bare first). ` +
      `The page-${DEEP_PAGE} URL is the one the API's own \`Link\` headers lead to after ${DEEP_PAGE - 1} pages; ` +
      'the bare server walked to the same URL with its own links. Both servers run the list as the same named ' +
      "statement (the text of tickets.repo.ts's TICKET_LIST_SQL.all), and the customer existence check of the " +
      "API's access hook with its 30 s memory of known customers, which only the rotating call pays. Filter: " +
      `\`?${FILTER}\`; search: \`?search=${SEARCH}\`.`,
    '',
    `Answers checked equal on both servers (bodies, Link) for pages ${samplePages.join(', ')}, the filter, the ` +
      `search and the first page of 50 customers: ${problems.length ? `**no, ${problems.length} differ**` : 'yes'}.`,
    '',
    ...walkTable,
    '',
  ];

  const results = new Map<string, { api: SideResult; bare: SideResult }>();
  const before = await cpuSnapshot();
  for (const endpoint of endpoints) {
    const auth = authorization(endpoint.caller);
    const sides = await measureEndpoint(context, { api, bare }, endpoint, auth, { body, targets, failures });
    if (sides) results.set(endpoint.name, sides);
  }

  const first = results.get(endpoints[0]?.name ?? '');
  const deep = results.get(endpoints[1]?.name ?? '');
  if (first && deep) {
    const speed = deep.api.load.requestsPerSecond / first.api.load.requestsPerSecond;
    targets.push(
      check(`Ticket list: page ${DEEP_PAGE} ÷ first page, API req/s`, speed, '>=', SAME_SPEED_MIN),
    );
    const row = (label: string, pick: (side: SideResult) => number) => [
      label,
      ms(pick(first.api)),
      ms(pick(deep.api)),
      (pick(deep.api) / pick(first.api)).toFixed(2),
      ms(pick(first.bare)),
      ms(pick(deep.bare)),
      (pick(deep.bare) / pick(first.bare)).toFixed(2),
    ];
    body.push(
      `### First page against page ${DEEP_PAGE}`,
      '',
      ...table(
        ['', 'API first', `API ${DEEP_PAGE}th`, 'ratio', 'bare first', `bare ${DEEP_PAGE}th`, 'ratio'],
        [
          row('req/s', (side) => side.load.requestsPerSecond),
          row('p50 (ms)', (side) => side.load.p50Ms),
          row('p99 (ms)', (side) => side.load.p99Ms),
          row('server CPU per request (ms)', (side) => side.cpuMsPerRequest),
        ],
        ['l', 'r', 'r', 'r', 'r', 'r', 'r'],
      ),
      '',
      `Target: page ${DEEP_PAGE} at ≥ ${SAME_SPEED_MIN} of the first page's req/s (keyset paging: the cursor seeks ` +
        'into the index, so a deep page costs what the first one does).',
      '',
    );
  }

  await otherWorkNote(before, log, body);
  return { title: 'Ticket list (200,000 tickets over 10,000 customers)', body, targets, failures };
}

export const ticketsSuite: Suite = {
  id: 'tickets',
  title: 'Ticket list',
  /** Walking 500 pages twice and the answer checks; the load runs are counted by `loadRuns`. */
  extraTimeS: 30,
  loadRuns: 10,
  run: runSuite,
};
