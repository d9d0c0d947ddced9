import pg from 'pg';
import { demoUsers } from '../apps/api/src/db/seed/demo-data.ts';
import { type DeskFilters, deskQueueStatement } from '../apps/api/src/modules/tickets/desk.repo.ts';
import { bareDeskStatement } from './bare-server.ts';
import {
  brokenRuns,
  compareAnswers,
  type MeasuredEndpoint,
  measureEndpoint,
  otherWorkNote,
  type SideResult,
} from './customers-suite.ts';
import { measureInTurns } from './load.ts';
import { cpuSnapshot } from './machine.ts';
import { check, formatNumber, type SectionReport, type TargetCheck, table } from './report.ts';
import type { BenchContext, Suite } from './suite.ts';
import { same } from './suite.ts';
import { walk } from './tickets-suite.ts';

/**
 * Issue 15 item 6: the staff queue over 200,000 tickets of 10,000 customers (first page, page 500,
 * each view and filter) against the bare node:http handler running the same statements, and the
 * customer dashboard's panels in one request.
 */
const QUEUE_TARGETS = { minRatio: 0.8, maxP99Ms: 30 };
const DASHBOARD_P99_MS = 20;
/** Dashboard requests one at a time: unmeasured first, then measured (about 5 s in all). */
const SINGLE_WARMUP = 10;
const SINGLE_REQUESTS = 200;
const DEEP_PAGE = 500;
/** Staff editor: every queue view, "mine" included (the generator assigns tickets to this user). */
const STAFF = 'staff-moderator';
const QUEUE = '/api/admin/v2/tickets';

const staffId = demoUsers.find((user) => user.username === STAFF)?.id ?? '';

interface Shape {
  name: string;
  /** The query string as the web app sends it. */
  query: string;
  /** The same filters as the API's service makes of it (for the statement check). */
  filters: Omit<DeskFilters, 'me'>;
}

function shapes(bigCustomerId: number): Shape[] {
  return [
    { name: 'all open', query: '', filters: {} },
    { name: 'view new', query: 'view=new', filters: { view: 'new' } },
    { name: 'view awaiting the desk', query: 'view=awaiting_desk', filters: { view: 'awaiting_desk' } },
    { name: 'view overdue', query: 'view=overdue', filters: { view: 'overdue' } },
    { name: 'view mine', query: 'view=mine', filters: { view: 'mine' } },
    { name: 'view unassigned', query: 'view=unassigned', filters: { view: 'unassigned' } },
    {
      name: `customer ${bigCustomerId}`,
      query: `customer_id=${bigCustomerId}`,
      filters: { customerId: bigCustomerId },
    },
    {
      name: 'status open, in progress',
      query: 'status=open,in_progress',
      filters: { statuses: ['open', 'in_progress'] },
    },
    { name: 'priority high', query: 'priority=1', filters: { priorities: [1] } },
    {
      name: 'category incident',
      query: 'category=incident_request',
      filters: { categories: ['incident_request'] },
    },
    { name: 'assignee (a staff member)', query: `assignee=${staffId}`, filters: { assigneeId: staffId } },
    { name: 'assignee none', query: 'assignee=none', filters: { assigneeId: null } },
  ];
}

const pathOf = (shape: Shape) => (shape.query ? `${QUEUE}?${shape.query}` : QUEUE);
const ms = (value: number) => formatNumber(value);

async function runSuite(context: BenchContext): Promise<SectionReport> {
  const { settings, log } = context;
  const database = await context.database();
  const { bigCustomerId, ownerUsername } = database.generated.tickets;
  const bare = await context.server('bare');
  const api = await context.server('api');
  const tokens = { staff: await context.token(STAFF), owner: await context.token(ownerUsername) };
  const staffAuth = () => `Bearer ${tokens.staff.current()}`;
  const ownerAuth = () => `Bearer ${tokens.owner.current()}`;
  const failures: string[] = [];
  const targets: TargetCheck[] = [];
  const all = shapes(bigCustomerId);

  // The baseline builds its statements from a copy: every measured shape must come out the same.
  const after = { at: '2026-11-01T00:00:00.000000Z', id: 12345 };
  for (const shape of all) {
    for (const cursor of [undefined, after]) {
      const ours = deskQueueStatement({ ...shape.filters, me: staffId }, cursor, 26);
      const theirs = bareDeskStatement({ ...shape.filters, me: staffId }, cursor, 26);
      if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
        failures.push(
          `bench/bare-server.ts builds another queue statement than desk.repo.ts for "${shape.name}": copy it again`,
        );
        break;
      }
    }
  }

  const sql = new pg.Pool({ connectionString: database.url, max: 1 });
  const open = await sql.query<{ open: string; awaiting: string; overdue: string; mine: string }>(
    `select count(*) as open, count(*) filter (where desk_due_at < 'infinity') as awaiting,
       count(*) filter (where desk_due_at < now()) as overdue,
       count(*) filter (where assignee_id = $1) as mine
     from tickets where status <> 'closed'`,
    [staffId],
  );
  await sql.end();
  const counts = open.rows[0];

  log(`Walking ${DEEP_PAGE} pages of the queue on both servers`);
  const walked = {
    api: await walk(api, QUEUE, DEEP_PAGE, staffAuth),
    bare: await walk(bare, QUEUE, DEEP_PAGE, staffAuth),
  };
  const deepPath = walked.api.paths.at(-1) as string;
  if (walked.bare.paths.at(-1) !== deepPath) {
    failures.push(
      `the walks end on different pages: API ${deepPath}, bare ${String(walked.bare.paths.at(-1))}`,
    );
  }

  const compared = await compareAnswers(
    api,
    bare,
    [...[1, 2, 100, DEEP_PAGE].map((page) => walked.api.paths[page - 1] as string), ...all.map(pathOf)],
    staffAuth(),
  );
  if (compared.problems.length) {
    failures.push(
      `API and bare server disagree on ${compared.problems.length} answer(s): ${compared.problems.slice(0, 3).join('; ')}`,
    );
  }

  const endpoints: MeasuredEndpoint[] = [
    { name: 'Queue, first page', paths: same(QUEUE), targets: QUEUE_TARGETS },
    { name: `Queue, page ${DEEP_PAGE}`, paths: same(deepPath), targets: QUEUE_TARGETS },
    ...all
      .slice(1)
      .map((shape) => ({ name: `Queue, ${shape.name}`, paths: same(pathOf(shape)), targets: QUEUE_TARGETS })),
  ];

  const body: string[] = [
    `${formatNumber(database.generated.rows.tickets ?? 0)} generated tickets over ` +
      `${formatNumber(database.generated.customerIds.length)} customers, ${formatNumber(Number(counts?.open))} of them ` +
      `open (${formatNumber(Number(counts?.awaiting))} awaiting the desk, ${formatNumber(Number(counts?.overdue))} ` +
      `overdue, ${formatNumber(Number(counts?.mine))} assigned to \`${STAFF}\`). Caller \`${STAFF}\` with a real ` +
      'access token; the bare server reads only its subject (for "mine"). Both run each shape of filters as the ' +
      "same named statement (desk.repo.ts's deskQueueStatement, rebuilt in bare-server.ts from a copy; checked " +
      `equal for every shape). ${settings.connections} connections; per server a ${settings.warmupS} s warm-up, ` +
      `then ${settings.durationS} s measured in ${settings.rounds} turn(s), bare first. The page-${DEEP_PAGE} URL ` +
      "is where the API's own Link headers lead.",
    '',
    `Answers checked equal on both servers (bodies, Link) for pages 1, 2, 100 and ${DEEP_PAGE} and the first page ` +
      `of every shape: ${compared.problems.length ? `**no, ${compared.problems.length} differ**` : 'yes'}.`,
    '',
    ...table(
      ['Sequential walk, one request at a time', 'API', 'bare node:http'],
      [
        [
          'pages 1–10, mean (ms)',
          ms(mean(walked.api.ms.slice(0, 10))),
          ms(mean(walked.bare.ms.slice(0, 10))),
        ],
        [
          `pages ${DEEP_PAGE - 9}–${DEEP_PAGE}, mean (ms)`,
          ms(mean(walked.api.ms.slice(-10))),
          ms(mean(walked.bare.ms.slice(-10))),
        ],
      ],
      ['l', 'r', 'r'],
    ),
    '',
  ];

  const before = await cpuSnapshot();
  const results: [string, { api: SideResult; bare: SideResult }][] = [];
  for (const endpoint of endpoints) {
    const sides = await measureEndpoint(context, { api, bare }, endpoint, staffAuth, {
      body,
      targets,
      failures,
    });
    if (sides) results.push([endpoint.name, sides]);
  }
  body.push(
    '### Queue summary',
    '',
    ...table(
      ['Shape', 'API p99 (ms)', 'bare p99 (ms)', 'API ÷ bare req/s', 'API CPU/request (ms)'],
      results.map(([name, sides]) => [
        name,
        ms(sides.api.load.p99Ms),
        ms(sides.bare.load.p99Ms),
        (sides.api.load.requestsPerSecond / sides.bare.load.requestsPerSecond).toFixed(2),
        ms(sides.api.cpuMsPerRequest),
      ]),
      ['l', 'r', 'r', 'r', 'r'],
    ),
    '',
  );

  // The dashboard: every panel the caller may read, in one request (API only: the panels are several
  // areas' queries run in parallel; the target is its latency, not a ratio).
  const dashboard = `/api/v2/customer/${bigCustomerId}/dashboard`;
  const probe = await fetch(`${api.url}${dashboard}`, { headers: { authorization: ownerAuth() } });
  const panels = probe.status === 200 ? ((await probe.json()) as { panels: { panel: string }[] }).panels : [];
  if (probe.status !== 200) failures.push(`the dashboard answered ${probe.status}`);
  // One request at a time first, as one user opening the page meets it (the issue's "answered in one
  // request of ≤ 20 ms p99"), and a figure even when the load run below completes too few requests.
  const single: number[] = [];
  for (let index = 0; index < SINGLE_WARMUP + SINGLE_REQUESTS; index++) {
    const start = performance.now();
    const answer = await fetch(`${api.url}${dashboard}`, { headers: { authorization: ownerAuth() } });
    await answer.arrayBuffer();
    if (index >= SINGLE_WARMUP) single.push(performance.now() - start);
  }
  const singleP99 = percentile(single, 0.99);
  log(
    `Dashboard of customer ${bigCustomerId} as ${ownerUsername}: ${panels.length} panels, one at a time ` +
      `${ms(mean(single))} ms mean, p99 ${ms(singleP99)} ms over ${single.length} requests`,
  );
  const singleTarget = check(
    'Dashboard, one request at a time: API p99',
    singleP99,
    '<=',
    DASHBOARD_P99_MS,
    ' ms',
  );
  targets.push(singleTarget);
  const measured = await measureInTurns({
    contenders: [
      {
        name: 'api',
        url: api.url,
        around: async () => {
          const start = await api.cpuMs();
          return async () => (await api.cpuMs()) - start;
        },
      },
    ],
    connections: settings.connections,
    warmupS: settings.warmupS,
    durationS: settings.durationS,
    rounds: settings.rounds,
    sequence: () => () => ({ path: dashboard, headers: { authorization: ownerAuth() } }),
  });
  const run = measured.get('api');
  if (run) {
    const broken = brokenRuns('Dashboard', run);
    failures.push(...broken);
    // Autocannon counts only the answers that arrive within the run: none means no measurement at all.
    if (run.result.total === 0) {
      failures.push(
        `Dashboard: no answer arrived within the measured ${settings.durationS} s at ${settings.connections} ` +
          `connections (one at a time: ${ms(mean(single))} ms mean); run with a longer BENCH_DURATION`,
      );
    }
    // Reported, not a target: the issue gives the queue its p99 "at 20 connections" and the dashboard
    // "one request of ≤ 20 ms p99" (checked above); here one customer's dashboard is asked 20 at a time.
    body.push(
      '### Dashboard (all panels in one request)',
      '',
      `\`GET ${dashboard}\` as \`${ownerUsername}\` (owner of the customer with the most tickets: every ` +
        `panel), ${panels.length} panels (${panels.map((panel) => panel.panel).join(', ')}).`,
      '',
      ...table(
        ['', 'API', 'Target', 'Status'],
        [
          ['req/s', formatNumber(run.result.requestsPerSecond), '', ''],
          ['one request at a time, mean (ms)', ms(mean(single)), '', ''],
          [
            `one request at a time, p99 of ${single.length} (ms)`,
            ms(singleP99),
            singleTarget.target,
            singleTarget.verdict === 'met' ? '✅ met' : '❌ not met',
          ],
          ['p50 (ms)', ms(run.result.p50Ms), '', ''],
          [`p99 at ${settings.connections} connections (ms)`, ms(run.result.p99Ms), 'reported', ''],
          ['server CPU per request (ms)', ms(run.extra / run.result.total), '', ''],
          ['non-2xx / errors', `${run.result.non2xx} / ${run.result.errors}`, 'must be 0', ''],
        ],
        ['l', 'r', 'r', 'l'],
      ),
      '',
    );
  }

  await otherWorkNote(before, log, body);
  return { title: 'Service desk queue and dashboard (200,000 tickets)', body, targets, failures };
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
};

export const deskSuite: Suite = {
  id: 'desk',
  title: 'Service desk queue and dashboard',
  /** Walking 500 pages twice and the answer checks; the load runs are counted by `loadRuns`. */
  extraTimeS: 40,
  loadRuns: 26,
  run: runSuite,
};
