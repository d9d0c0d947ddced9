import { isDeepStrictEqual } from 'node:util';
import { type ContenderResult, type LoadResult, measureInTurns, type NextRequest } from './load.ts';
import { cpuSnapshot, otherWorkShare } from './machine.ts';
import { check, formatNumber, type SectionReport, type TargetCheck, table } from './report.ts';
import type { ServerHandle } from './server-handle.ts';
import type { BenchContext, Suite } from './suite.ts';
import { shuffled } from './suite.ts';

/** Three-letter fragments as a user types them; on the generated set each matches 185–1,406 customers. */
export const SEARCH_FRAGMENTS = ['ber', 'ijk', 'ana', 'hol', 'ing', 'kok'];

/** The caller is provider staff: global company-read, so every customer is readable. */
const USERNAME = 'staff-viewer';

function cycle(values: readonly string[]): () => () => string {
  return () => {
    let index = 0;
    return () => values[index++ % values.length] as string;
  };
}

export async function fetchBoth(api: ServerHandle, bare: ServerHandle, path: string, authorization: string) {
  const get = async (server: ServerHandle) => {
    const response = await fetch(`${server.url}${path}`, { headers: { authorization } });
    const text = await response.text();
    return {
      status: response.status,
      body: response.status === 200 ? (JSON.parse(text) as unknown) : text,
      total: response.headers.get('x-total-count'),
      link: response.headers.get('link'),
    };
  };
  return Promise.all([get(api), get(bare)]);
}

/** Both sides must give the same answers, or the ratio compares different work. */
export async function compareAnswers(
  api: ServerHandle,
  bare: ServerHandle,
  paths: string[],
  authorization: string,
) {
  const problems: string[] = [];
  const totals = new Map<string, string | null>();
  for (const path of paths) {
    const [fromApi, fromBare] = await fetchBoth(api, bare, path, authorization);
    totals.set(path, fromApi.total);
    if (fromApi.status !== 200)
      problems.push(`${path}: the API answered ${fromApi.status} ${String(fromApi.body).slice(0, 200)}`);
    else if (fromBare.status !== 200) problems.push(`${path}: the bare server answered ${fromBare.status}`);
    else if (!isDeepStrictEqual(fromApi.body, fromBare.body))
      problems.push(`${path}: API and bare bodies differ`);
    else if (fromApi.total !== fromBare.total || fromApi.link !== fromBare.link) {
      problems.push(`${path}: X-Total-Count or Link differ (${fromApi.total}/${fromBare.total})`);
    }
  }
  return { problems, totals };
}

export function brokenRuns(label: string, { warmup, result }: ContenderResult): string[] {
  const broken = (phase: string, run: LoadResult) =>
    run.non2xx || run.errors || run.timeouts
      ? [
          `${label} (${phase}): ${run.non2xx} non-2xx answers, ${run.errors} errors, ${run.timeouts} timeouts; ` +
            `status codes ${JSON.stringify(run.statusCounts)}`,
        ]
      : [];
  return [...broken('warm-up', warmup), ...broken('measured', result)];
}

export interface SideResult {
  load: LoadResult;
  /** CPU time of the server process alone per request, measured run only. */
  cpuMsPerRequest: number;
}

const ms = (value: number) => formatNumber(value);

export function endpointTable(api: SideResult, bare: SideResult, targets: TargetCheck[]) {
  const targetOf = (name: string) => {
    const found = targets.find((target) => target.name.endsWith(name));
    return found ? [found.target, found.verdict === 'met' ? '✅ met' : '❌ not met'] : ['', ''];
  };
  const [a, b] = [api.load, bare.load];
  return table(
    ['', 'API', 'bare node:http', 'API ÷ bare', 'Target', 'Status'],
    [
      [
        'req/s',
        formatNumber(a.requestsPerSecond),
        formatNumber(b.requestsPerSecond),
        (a.requestsPerSecond / b.requestsPerSecond).toFixed(2),
        ...targetOf('ratio'),
      ],
      ['p50 (ms)', ms(a.p50Ms), ms(b.p50Ms), '', '', ''],
      ['p99 (ms)', ms(a.p99Ms), ms(b.p99Ms), '', ...targetOf('p99')],
      ['mean (ms)', ms(a.meanMs), ms(b.meanMs), '', '', ''],
      [
        'server CPU per request (ms)',
        ms(api.cpuMsPerRequest),
        ms(bare.cpuMsPerRequest),
        (api.cpuMsPerRequest / bare.cpuMsPerRequest).toFixed(2),
        '',
        '',
      ],
      ['requests', formatNumber(a.total), formatNumber(b.total), '', '', ''],
      ['non-2xx / errors', `${a.non2xx} / ${a.errors}`, `${b.non2xx} / ${b.errors}`, '', 'must be 0', ''],
    ],
    ['l', 'r', 'r', 'r', 'r', 'l'],
  );
}

/** One endpoint measured on both servers. */
export interface MeasuredEndpoint {
  name: string;
  /** A fresh, deterministic sequence of paths: both servers get exactly the same inputs. */
  paths(): () => string;
  targets?: { minRatio: number; maxP99Ms: number };
}

/** What a suite writes: the report body, its targets and what broke. */
export interface SuiteOutput {
  body: string[];
  targets: TargetCheck[];
  failures: string[];
}

/**
 * Measures one endpoint on the API and the bare server in turns (bare first) and writes its section:
 * the log lines, broken runs as failures, the ratio and p99 targets, the table. Answers both sides'
 * results, or undefined when one side has none.
 */
export async function measureEndpoint(
  context: BenchContext,
  servers: { api: ServerHandle; bare: ServerHandle },
  endpoint: MeasuredEndpoint,
  authorization: () => string,
  out: SuiteOutput,
): Promise<{ api: SideResult; bare: SideResult } | undefined> {
  const { settings, log } = context;
  log(
    `${endpoint.name}: ${settings.warmupS} s warm-up each, then ${settings.durationS} s each in ` +
      `${settings.rounds} turn(s), bare first`,
  );
  const measured = await measureInTurns({
    contenders: [servers.bare, servers.api].map((server) => ({
      name: server.kind,
      url: server.url,
      around: async () => {
        const start = await server.cpuMs();
        return async () => (await server.cpuMs()) - start;
      },
    })),
    connections: settings.connections,
    warmupS: settings.warmupS,
    durationS: settings.durationS,
    rounds: settings.rounds,
    sequence: () => {
      const next = endpoint.paths();
      return (): NextRequest => ({ path: next(), headers: { authorization: authorization() } });
    },
  });
  const sides = new Map<string, SideResult>();
  for (const [kind, measurement] of measured) {
    const broken = brokenRuns(`${endpoint.name} on ${kind}`, measurement);
    for (const line of broken) log(`FAILED: ${line}`);
    out.failures.push(...broken);
    const { result } = measurement;
    const cpuMsPerRequest = measurement.extra / result.total;
    sides.set(kind, { load: result, cpuMsPerRequest });
    log(
      `  ${kind}: ${formatNumber(result.requestsPerSecond)} req/s, p50 ${ms(result.p50Ms)} ms, p99 ${ms(result.p99Ms)} ms, ` +
        `server CPU ${ms(cpuMsPerRequest)} ms/request, non-2xx ${result.non2xx}, ` +
        `turns ${measurement.turns.map((rate) => formatNumber(rate)).join(' / ')} req/s`,
    );
  }
  const api = sides.get('api');
  const bare = sides.get('bare');
  if (!api || !bare) return undefined;
  const endpointTargets: TargetCheck[] = endpoint.targets
    ? [
        check(
          `${endpoint.name}: API ÷ bare req/s ratio`,
          api.load.requestsPerSecond / bare.load.requestsPerSecond,
          '>=',
          endpoint.targets.minRatio,
        ),
        check(`${endpoint.name}: API p99`, api.load.p99Ms, '<=', endpoint.targets.maxP99Ms, ' ms'),
      ]
    : [];
  out.targets.push(...endpointTargets);
  out.body.push(`### ${endpoint.name}`, '', ...endpointTable(api, bare, endpointTargets), '');
  if (endpoint.targets && bare.load.p99Ms > endpoint.targets.maxP99Ms) {
    // With every connection busy, latency is connections ÷ throughput: the machine sets a floor.
    out.body.push(
      `The bare baseline misses the p99 target as well (${ms(bare.load.p99Ms)} ms): on this machine the ` +
        'p99 target says more about the hardware than about the API.',
      '',
    );
  }
  return { api, bare };
}

/** How much of the machine other processes used since `before`, in the log and the report. */
export async function otherWorkNote(
  before: Awaited<ReturnType<typeof cpuSnapshot>>,
  log: (line: string) => void,
  body: string[],
) {
  const after = await cpuSnapshot();
  if (!before || !after) return;
  const share = otherWorkShare(before, after);
  log(`Other processes used ${formatNumber(100 * share)} % of the machine's CPU meanwhile`);
  body.push(
    `Other processes on the machine used ${formatNumber(100 * share)} % of its CPU capacity during these ` +
      `measurements${share > 0.1 ? ': **the figures above were disturbed by other work**; compare CPU per request' : ''}.`,
    '',
  );
}

async function runSuite(context: BenchContext): Promise<SectionReport> {
  const { settings, log } = context;
  const database = await context.database();
  const bare = await context.server('bare');
  const api = await context.server('api');
  const token = await context.token(USERNAME);

  const ids = shuffled(database.generated.customerIds, 7).map((id) => String(id));
  const endpoints: MeasuredEndpoint[] = [
    {
      name: 'GET /api/v2/customer/{customer_id}',
      paths: cycle(ids.map((id) => `/api/v2/customer/${id}`)),
      targets: { minRatio: 0.8, maxP99Ms: 20 },
    },
    {
      name: 'GET /api/v2/customer?search={3 letters}',
      paths: cycle(SEARCH_FRAGMENTS.map((fragment) => `/api/v2/customer?search=${fragment}`)),
    },
  ];

  const body: string[] = [
    `${settings.connections} connections; per server a ${settings.warmupS} s warm-up, then ${settings.durationS} s measured ` +
      `in ${settings.rounds} turn(s) taking turns with the other server (bare first), so that other work on the machine ` +
      'hits both sides. Server CPU per request is the server process alone (user + system), which other work on ' +
      'the machine disturbs far less than req/s. ' +
      `Caller \`${USERNAME}\` (a real access token from the dev IdP; the bare server ignores it). ` +
      `Single-customer ids rotate over all ${formatNumber(ids.length)} generated customers in a fixed shuffled order ` +
      '(an id comes back only after that many requests, so per-id caches in the API mostly stay cold); ' +
      'both servers run the same named (prepared) statements for it, the existence check included, which the API ' +
      'skips for ids it has seen in the last 30 s; ' +
      `searches rotate over ${SEARCH_FRAGMENTS.map((fragment) => `\`${fragment}\``).join(', ')}.`,
    '',
  ];
  const failures: string[] = [];
  const targets: TargetCheck[] = [];

  const authorization = () => `Bearer ${token.current()}`;
  const searchPaths = SEARCH_FRAGMENTS.map((fragment) => `/api/v2/customer?search=${fragment}`);
  const compared = await compareAnswers(
    api,
    bare,
    [...ids.slice(0, 50).map((id) => `/api/v2/customer/${id}`), ...searchPaths],
    authorization(),
  );
  if (compared.problems.length) {
    failures.push(
      `API and bare server disagree on ${compared.problems.length} answer(s): ${compared.problems.slice(0, 3).join('; ')}`,
    );
  }
  body.push(
    `Answers checked equal on both servers (bodies, X-Total-Count, Link) for 50 ids and every fragment: ` +
      `${compared.problems.length ? `**no, ${compared.problems.length} differ**` : 'yes'}. Matches per fragment: ` +
      `${SEARCH_FRAGMENTS.map((fragment) => `${fragment} ${compared.totals.get(`/api/v2/customer?search=${fragment}`) ?? '?'}`).join(', ')} (page of 25).`,
    '',
  );

  const before = await cpuSnapshot();
  for (const endpoint of endpoints) {
    await measureEndpoint(context, { api, bare }, endpoint, authorization, { body, targets, failures });
  }
  await otherWorkNote(before, log, body);
  return { title: 'Customer calls (10,000 customers)', body, targets, failures };
}

export const customersSuite: Suite = {
  id: 'customers',
  title: 'Customer calls',
  run: runSuite,
};
