import { existsSync } from 'node:fs';
import path from 'node:path';
import { bucketGrid } from '@portaal/contracts';
import pg from 'pg';
import { LANDSCAPE_SERVERS_BY_ID_SQL } from '../apps/api/src/modules/landscape/landscape.repo.ts';
import {
  rollupSeconds,
  TRENDS_BUCKETS_SQL,
  TRENDS_ROLLUP_BUCKETS_SQL,
} from '../apps/api/src/modules/trends/trends.repo.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import {
  LANDSCAPE_SERVERS_BY_ID_SQL_COPY,
  TRENDS_BUCKETS_SQL_COPY,
  TRENDS_ROLLUP_BUCKETS_SQL_COPY,
} from './bare-server.ts';
import { compareAnswers } from './customers-suite.ts';
import { defaultGenerateOptions, insertMetricSeries } from './generate.ts';
import { cpuSnapshot, otherWorkShare } from './machine.ts';
import { check, formatNumber, type SectionReport, type TargetCheck, table } from './report.ts';
import type { ServerHandle } from './server-handle.ts';
import { startServerProcess } from './server-handle.ts';
import type { BenchContext, Suite } from './suite.ts';
import { buildWebApp } from './web-build.ts';

/** Issue #11 item 8: 432,000 points answered in ≤ 150 ms, drawn ≤ 300 ms later, 10× rows ≤ 1.2× time. */
const TARGETS = { answerMs: 150, drawMs: 300, growth: 1.2 };
const RANGE_DAYS = 30;
const WIDTH = 1000;
/** Sequential requests per server and table size, after WARMUP unmeasured ones. */
const RUNS = 15;
const WARMUP = 3;
const BROWSER_RUNS = 5;
/** The 10× table: this many more servers with the same 31 days, written minute by minute. */
const EXTRA_SERVERS = 90;
const DIST_DIR = '.data/bench-web/dist';

const ms = (value: number) => formatNumber(value);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};
const max = (values: number[]) => Math.max(...values);

async function timeRequests(server: ServerHandle, target: string, authorization: () => string) {
  const times: number[] = [];
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const started = performance.now();
    const response = await fetch(`${server.url}${target}`, { headers: { authorization: authorization() } });
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`${server.kind}: ${target} answered ${response.status}`);
    if (run >= WARMUP) times.push(elapsed);
  }
  return times;
}

/** EXPLAIN ANALYZE of the bucket query the call runs, with its parameters: the plan's shape and time. */
async function explain(url: string, sql: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${sql}`,
      values,
    );
    return rows.map((row) => row['QUERY PLAN']);
  } finally {
    await client.end();
  }
}

interface Draw {
  drawMs: number;
  answerMs: number;
}

/**
 * Debian's Chromium through Playwright: signs in at the dev IdP as the bench owner, opens the trends
 * screen on the 10 servers over 30 whole days, and reads the screen's own performance measure
 * (`trends-draw`: from the answer's arrival to uPlot's first draw) and the resource timing of the
 * trends request, once per load.
 */
async function measureDrawing(
  baseUrl: string,
  pagePath: string,
  credentials: { username: string; password: string },
): Promise<{ version: string; draws: Draw[] }> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
    headless: true,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, timezoneId: 'UTC' });
    await page.goto(`${baseUrl}${pagePath}`);
    await page.locator('#username').fill(credentials.username);
    await page.locator('#password').fill(credentials.password);
    await page.locator('#kc-login').click();
    const draws: Draw[] = [];
    for (let run = 0; run <= BROWSER_RUNS; run++) {
      if (run > 0) await page.reload();
      // Typed by hand: the bench compiles without the DOM library.
      const handle = await page.waitForFunction(
        () => {
          interface Entry {
            name: string;
            duration: number;
            startTime: number;
            responseEnd?: number;
          }
          const perf = (
            globalThis as unknown as {
              performance: {
                getEntriesByName(name: string, type: string): Entry[];
                getEntriesByType(type: string): Entry[];
              };
            }
          ).performance;
          const [measure] = perf.getEntriesByName('trends-draw', 'measure');
          if (!measure) return undefined;
          const answer = perf.getEntriesByType('resource').find((entry) => entry.name.includes('/trends?'));
          return {
            drawMs: measure.duration,
            answerMs: answer ? (answer.responseEnd ?? 0) - answer.startTime : -1,
          };
        },
        undefined,
        { timeout: 60_000, polling: 100 },
      );
      const draw = (await handle.jsonValue()) as Draw;
      // The first load pays the sign-in and the code's first download; it is not counted.
      if (run > 0) draws.push(draw);
    }
    return { version: browser.version(), draws };
  } finally {
    await browser.close();
  }
}

async function runSuite(context: BenchContext): Promise<SectionReport> {
  const { settings, log } = context;
  const database = await context.database();
  const { bigCustomerId, metricServerIds, metricsTo } = database.generated.landscape;
  const { ownerUsername } = database.generated.tickets;
  const bare = await context.server('bare');
  const api = await context.server('api');
  const token = await context.token(ownerUsername);
  const authorization = () => `Bearer ${token.current()}`;
  const failures: string[] = [];
  const targets: TargetCheck[] = [];

  if (TRENDS_BUCKETS_SQL !== TRENDS_BUCKETS_SQL_COPY) {
    failures.push(
      'bench/bare-server.ts runs another bucket SQL than trends.repo.ts (TRENDS_BUCKETS_SQL): copy it again',
    );
  }
  if (TRENDS_ROLLUP_BUCKETS_SQL !== TRENDS_ROLLUP_BUCKETS_SQL_COPY) {
    failures.push(
      'bench/bare-server.ts runs another rollup SQL than trends.repo.ts (TRENDS_ROLLUP_BUCKETS_SQL): copy it again',
    );
  }
  if (LANDSCAPE_SERVERS_BY_ID_SQL !== LANDSCAPE_SERVERS_BY_ID_SQL_COPY) {
    failures.push(
      'bench/bare-server.ts runs another servers SQL than landscape.repo.ts (LANDSCAPE_SERVERS_BY_ID_SQL): copy it again',
    );
  }

  const to = new Date(metricsTo);
  const from = new Date(to.getTime() - RANGE_DAYS * 86_400_000);
  const query = new URLSearchParams({
    server_ids: metricServerIds.join(','),
    graph: 'cpu',
    from: from.toISOString(),
    to: to.toISOString(),
    width: String(WIDTH),
  });
  const target = `/api/v2/customer/${bigCustomerId}/trends?${query}`;
  const points = metricServerIds.length * RANGE_DAYS * 1440;
  // The service's grid (decision 0018: whole 5-minute buckets from a 5-minute boundary for long ranges).
  const grid = bucketGrid(from, to, WIDTH);
  const step = grid.stepSeconds;
  const start = grid.start.getTime() / 1000;
  const rollup = rollupSeconds(start, step);
  const bucketSql = rollup === null ? TRENDS_BUCKETS_SQL : TRENDS_ROLLUP_BUCKETS_SQL;
  const bucketValues = [
    step,
    start,
    metricServerIds,
    ['cpu'],
    to.toISOString(),
    ...(rollup === null ? [] : [rollup]),
  ];

  const compared = await compareAnswers(api, bare, [target], authorization());
  failures.push(...compared.problems.map((problem) => `API and bare server disagree: ${problem}`));
  const check432 = await fetch(`${api.url}${target}`, { headers: { authorization: authorization() } });
  const answer = (await check432.json()) as { series: { values: (number | null)[] }[] };
  const filled = answer.series.reduce(
    (sum, series) => sum + series.values.filter((value) => value !== null).length,
    0,
  );

  const before = await cpuSnapshot();
  const measure = async (label: string) => {
    log(`Trends, ${label}: ${RUNS} sequential requests on each server after ${WARMUP} unmeasured`);
    const times = {
      bare: await timeRequests(bare, target, authorization),
      api: await timeRequests(api, target, authorization),
    };
    log(`  api median ${ms(median(times.api))} ms, bare median ${ms(median(times.bare))} ms`);
    return times;
  };
  const base = await measure(`${formatNumber(database.generated.rows.metric_samples ?? 0)} rows`);
  const planBefore = await explain(database.url, bucketSql, bucketValues);

  // Ten times the rows: 90 more servers over the same days, written minute by minute across servers
  // (as live collection writes), so the asked series no longer sit in blocks of their own.
  log(`Adding ${EXTRA_SERVERS} more servers' series (minute by minute) for the 10× table`);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  let added = 0;
  let writeS = 0;
  const insertStarted = performance.now();
  try {
    const extra = Array.from({ length: EXTRA_SERVERS }, (_, index) => `devices/${9_000_001 + index}`);
    added = await insertMetricSeries(
      client,
      extra,
      new Date(database.generated.landscape.metricsFrom),
      to,
      'time',
    );
    writeS = (performance.now() - insertStarted) / 1000;
    // As autovacuum would in time, for the samples and the 5-minute rollups the triggers wrote.
    await client.query('vacuum analyze metric_samples, metric_rollups');
  } finally {
    await client.end();
  }
  const insertS = (performance.now() - insertStarted) / 1000;
  const totalRows = (database.generated.rows.metric_samples ?? 0) + added;
  const grown = await measure(`${formatNumber(totalRows)} rows`);
  const planAfter = await explain(database.url, bucketSql, bucketValues);
  const after = await cpuSnapshot();
  const share = before && after ? otherWorkShare(before, after) : undefined;

  const growth = median(grown.api) / median(base.api);
  targets.push(
    check(
      `Trends: ${formatNumber(points)} points answered (API median)`,
      median(base.api),
      '<=',
      TARGETS.answerMs,
      ' ms',
    ),
    check(`Trends: 10× metric rows ÷ base, API median time`, growth, '<=', TARGETS.growth),
  );

  // Drawing: an API process of its own serving a fresh build (the shared one serves apps/web/dist).
  let drawing: Awaited<ReturnType<typeof measureDrawing>> | undefined;
  let drawingNote = '';
  try {
    const root = settings.root;
    const distDir = path.join(root, DIST_DIR);
    // BENCH_TRENDS_BUILD=0 reuses an earlier build (the web suite's) when there is one.
    if (!existsSync(path.join(distDir, 'index.html')) || process.env.BENCH_TRENDS_BUILD !== '0') {
      log(`Building the web app into ${DIST_DIR}`);
      await buildWebApp({ root, outDir: distDir });
    }
    const server = await startServerProcess('api', {
      databaseUrl: database.url,
      webDist: distDir,
      startTimeoutMs: 180_000,
    });
    context.defer(() => server.stop());
    const day = (date: Date) => date.toISOString().slice(0, 10);
    // 30 whole days (UTC, the browser's zone here) inside the generated ones.
    const lastDay = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate() - 1));
    const firstDay = new Date(lastDay.getTime() - (RANGE_DAYS - 1) * 86_400_000);
    const pagePath = `/servers/trends?server=${encodeURIComponent(metricServerIds.join(','))}&graph=cpu&range=custom&from=${day(firstDay)}&to=${day(lastDay)}`;
    log(`Drawing in Chromium: ${pagePath}`);
    drawing = await measureDrawing(server.url, pagePath, { username: ownerUsername, password: 'demo' });
    await server.stop();
    targets.push(
      check(
        'Trends: drawn after the answer in Chromium (median)',
        median(drawing.draws.map((draw) => draw.drawMs)),
        '<=',
        TARGETS.drawMs,
        ' ms',
      ),
    );
    drawingNote =
      `Chromium ${drawing.version} (Debian, headless, 1440 × 900, no GPU), the trends screen at ` +
      `\`${pagePath}\`: ${BROWSER_RUNS} loads after a first one that signs in. “Drawn” is the screen's own ` +
      "`trends-draw` measure (performance marks: the answer handed to the chart, then uPlot's first draw); " +
      '“answer” is the trends request in the resource timing (request start to response end, in the browser).';
  } catch (error) {
    failures.push(`Drawing in Chromium: ${error instanceof Error ? error.message : String(error)}`);
  }

  const row = (label: string, times: { api: number[]; bare: number[] }) => [
    label,
    ms(median(times.api)),
    ms(max(times.api)),
    ms(median(times.bare)),
    ms(max(times.bare)),
    (median(times.api) / median(times.bare)).toFixed(2),
  ];
  const body: string[] = [
    `Customer ${bigCustomerId} (${formatNumber(defaultGenerateOptions.bigCustomerDevices)} devices, ${formatNumber(defaultGenerateOptions.bigCustomerVirtualMachines)} VMs), caller \`${ownerUsername}\` ` +
      `(trend-read). One trends call: graph cpu of ${metricServerIds.length} servers over the last ${RANGE_DAYS} days ` +
      `at width ${WIDTH} (buckets of ${step} s from ${grid.start.toISOString()}): ${formatNumber(points)} one-minute samples ` +
      `${rollup === null ? 'read' : `answered from their ${formatNumber((points * 60) / rollup)} ${rollup / 60}-minute rollups (metric_rollups, decision 0018)`} and bucketed into ` +
      `${formatNumber(filled)} points. The table first holds the generated series only (${formatNumber(database.generated.rows.metric_samples ?? 0)} rows, ` +
      `${defaultGenerateOptions.metricDays} days of these servers, written series by series); then ${formatNumber(added)} rows of ${EXTRA_SERVERS} more ` +
      `servers over the same days are added minute by minute across servers, as live collection writes them ` +
      `in one statement (${formatNumber(writeS)} s, ${formatNumber(insertS)} s with VACUUM ANALYZE of the samples and ` +
      `rollups), ${formatNumber(totalRows)} rows in all. ` +
      `Each figure: ${RUNS} requests one at a time after ${WARMUP} unmeasured, bare server first. Both servers run ` +
      "the same SQL (landscape.repo.ts's LANDSCAPE_SERVERS_BY_ID_SQL, which the service uses to check that every server " +
      `is the customer's, and trends.repo.ts's ${rollup === null ? 'TRENDS_BUCKETS_SQL' : 'TRENDS_ROLLUP_BUCKETS_SQL'}).`,
    '',
    `Answers checked equal on both servers: ${compared.problems.length ? '**no**' : 'yes'}.`,
    '',
    ...table(
      ['Trends call (ms)', 'API median', 'API max', 'bare median', 'bare max', 'API ÷ bare'],
      [
        row(`${formatNumber(database.generated.rows.metric_samples ?? 0)} rows`, base),
        row(`${formatNumber(totalRows)} rows`, grown),
      ],
      ['l', 'r', 'r', 'r', 'r', 'r'],
    ),
    '',
    `10× rows ÷ base, API median: ${growth.toFixed(2)} (target ≤ ${TARGETS.growth}).`,
    '',
  ];
  if (share !== undefined) {
    body.push(
      `Other processes used ${formatNumber(100 * share)} % of the machine's CPU during these requests` +
        `${share > 0.1 ? ': **the figures were disturbed by other work**' : ''}.`,
      '',
    );
  }
  if (drawing) {
    body.push(
      drawingNote,
      '',
      ...table(
        ['Load', 'answer in the browser (ms)', 'drawn after the answer (ms)'],
        drawing.draws.map((draw, index) => [String(index + 1), ms(draw.answerMs), ms(draw.drawMs)]),
        ['l', 'r', 'r'],
      ),
      '',
    );
  }
  body.push(
    '<details><summary>EXPLAIN (ANALYZE, BUFFERS) of the bucket query, generated rows only</summary>',
    '',
    '```',
    ...planBefore,
    '```',
    '',
    '</details>',
    '',
    `<details><summary>The same with ${formatNumber(totalRows)} rows</summary>`,
    '',
    '```',
    ...planAfter,
    '```',
    '',
    '</details>',
    '',
  );
  return { title: `Trends (${formatNumber(points)} points)`, body, targets, failures };
}

export const trendsSuite: Suite = {
  id: 'trends',
  title: 'Trends',
  /** 4 × 18 sequential calls, 3.9 million rows added, a web build and six loads in Chromium. */
  extraTimeS: 420,
  run: runSuite,
};
