import { loadavg } from 'node:os';
import pg from 'pg';
import { INVOICE_LIST_SQL, invoiceNumberSearch } from '../apps/api/src/modules/invoices/invoices.repo.ts';
import { INVOICE_LIST_BARE_SQL } from './bare-server.ts';
import {
  compareAnswers,
  type MeasuredEndpoint,
  measureEndpoint,
  otherWorkNote,
  type SideResult,
} from './customers-suite.ts';
import { benchInvoiceNumber, defaultAdministrationOptions, generateAdministrationData } from './generate.ts';
import { cpuSnapshot } from './machine.ts';
import { check, formatNumber, type SectionReport, type TargetCheck, table } from './report.ts';
import type { BenchContext, Suite } from './suite.ts';
import { same } from './suite.ts';
import { walk } from './tickets-suite.ts';

/** Issue 13 item 9: p99 ≤ 30 ms at 20 connections and at least 0.8 of the bare handler's req/s. */
const TARGETS = { minRatio: 0.8, maxP99Ms: 30 };
/** Each download on its own: the PDF within 200 ms and the UBL within 50 ms (p99 of the runs). */
const FILE_TARGETS = { pdf: 200, ubl: 50 };
const FILE_RUNS = 30;
const DEEP_PAGE = 500;

const ms = (value: number) => formatNumber(value);
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
/** The machine's load averages (1 / 5 / 15 min): the machine may be shared, so figures sit beside them. */
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
};

/** The list's parameters ($1 … $9, as invoices.repo.ts passes them) for one shape of the bench. */
type ListValues = [number, string, string, string, null, string | null, null, null, number, string | null];

/**
 * EXPLAIN (ANALYZE, BUFFERS) of INVOICE_LIST_SQL as a prepared statement, once with a custom plan
 * (the first five executions of a named statement) and once with the generic plan a pooled connection
 * settles on afterwards: the servers run both.
 */
async function explainList(url: string, shapes: [string, ListValues][]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const plans: { shape: string; mode: string; lines: string[]; ms: number }[] = [];
  try {
    await client.query(`prepare invoice_list_explain as ${INVOICE_LIST_SQL}`);
    for (const mode of ['force_custom_plan', 'force_generic_plan']) {
      await client.query(`set plan_cache_mode = ${mode}`);
      for (const [shape, values] of shapes) {
        const literals = values.map((value) =>
          value === null ? 'null' : typeof value === 'number' ? String(value) : client.escapeLiteral(value),
        );
        // Twice: the first execution reads the pages into the cache.
        await client.query(`explain (analyze) execute invoice_list_explain(${literals.join(', ')})`);
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) execute invoice_list_explain(${literals.join(', ')})`,
        );
        const lines = rows.map((row) => row['QUERY PLAN']);
        const time = /Execution Time: ([\d.]+) ms/.exec(lines.join('\n'))?.[1];
        plans.push({
          shape,
          mode: mode === 'force_custom_plan' ? 'custom' : 'generic',
          lines,
          ms: Number(time),
        });
      }
    }
  } finally {
    await client.end();
  }
  return plans;
}

async function runSuite(context: BenchContext): Promise<SectionReport> {
  const { settings, log } = context;
  const database = await context.database();
  const { bigCustomerId, ownerUsername } = database.generated.tickets;
  const options = defaultAdministrationOptions;

  log(
    `Generating ${formatNumber(options.invoices)} invoices and ${formatNumber(options.contracts)} contracts ` +
      `over ${formatNumber(database.generated.customerIds.length)} customers…`,
  );
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  const generated = await generateAdministrationData(
    pool,
    database.generated.customerIds,
    bigCustomerId,
  ).finally(() => pool.end());
  log(
    `Generated ${Object.entries(generated.rows)
      .map(([table, rows]) => `${formatNumber(rows)} ${table}`)
      .join(', ')} in ${(generated.ms / 1000).toFixed(1)} s`,
  );

  const bare = await context.server('bare');
  const api = await context.server('api');
  const owner = await context.token(ownerUsername);
  const authorization = () => `Bearer ${owner.current()}`;

  const list = `/api/v2/customer/${bigCustomerId}/invoices`;
  const number = benchInvoiceNumber(7_321);
  const search = `${list}?q=${number}`;
  const failures: string[] = [];
  const targets: TargetCheck[] = [];
  if (INVOICE_LIST_SQL !== INVOICE_LIST_BARE_SQL) {
    failures.push(
      'bench/bare-server.ts runs another invoice list SQL than invoices.repo.ts (INVOICE_LIST_SQL): copy it again',
    );
  }

  // The three shapes' parameters: page 500 starts after the last row of page 499 (25 rows a page).
  const today = new Date().toISOString().slice(0, 10);
  const cursorClient = new pg.Client({ connectionString: database.url });
  await cursorClient.connect();
  const deepAfter = await cursorClient
    .query<{ invoice_date: string; id: string }>(
      `select invoice_date::text as invoice_date, id::text as id from invoices where customer_id = $1
       order by invoice_date desc, id desc offset $2 limit 1`,
      [bigCustomerId, (DEEP_PAGE - 1) * 25 - 1],
    )
    .finally(() => cursorClient.end());
  const deepRow = deepAfter.rows[0] ?? { invoice_date: 'infinity', id: '9223372036854775807' };
  const firstValues: ListValues = [
    bigCustomerId,
    'infinity',
    '9223372036854775807',
    today,
    null,
    null,
    null,
    null,
    26,
    null,
  ];
  const plans = await explainList(database.url, [
    ['first page', firstValues],
    [
      `page ${DEEP_PAGE}`,
      [bigCustomerId, deepRow.invoice_date, deepRow.id, today, null, null, null, null, 26, null],
    ],
    [
      'search by number',
      [
        bigCustomerId,
        'infinity',
        '9223372036854775807',
        today,
        null,
        invoiceNumberSearch(number).pattern,
        null,
        null,
        26,
        invoiceNumberSearch(number).digits,
      ],
    ],
  ]);
  log(
    `EXPLAIN ANALYZE of the list: ${plans.map((plan) => `${plan.shape} (${plan.mode}) ${plan.ms} ms`).join(', ')}`,
  );

  log(`Walking ${DEEP_PAGE} pages of ${list} on both servers`);
  const walked = {
    api: await walk(api, list, DEEP_PAGE, authorization),
    bare: await walk(bare, list, DEEP_PAGE, authorization),
  };
  const deepPath = walked.api.paths.at(-1) as string;
  if (walked.bare.paths.at(-1) !== deepPath) {
    failures.push(
      `the walks end on different pages: API ${deepPath}, bare ${String(walked.bare.paths.at(-1))}`,
    );
  }
  const samplePages = [1, 2, 100, 250, DEEP_PAGE];
  const compared = await compareAnswers(
    api,
    bare,
    [...samplePages.map((page) => walked.api.paths[page - 1] as string), search],
    authorization(),
  );
  if (compared.problems.length) {
    failures.push(
      `API and bare server disagree on ${compared.problems.length} answer(s): ${compared.problems.slice(0, 3).join('; ')}`,
    );
  }
  const found = (await (
    await fetch(`${api.url}${search}`, { headers: { authorization: authorization() } })
  ).json()) as {
    number: string;
  }[];
  if (found.length !== 1 || found[0]?.number !== number) {
    failures.push(`the search for ${number} found ${found.length} invoice(s), not exactly that one`);
  }

  const endpoints: MeasuredEndpoint[] = [
    { name: 'Invoice list, first page', paths: same(list), targets: TARGETS },
    { name: `Invoice list, page ${DEEP_PAGE}`, paths: same(deepPath), targets: TARGETS },
    { name: `Invoice list, search by number (${number})`, paths: same(search), targets: TARGETS },
  ];

  const body: string[] = [
    `${formatNumber(generated.rows.invoices ?? 0)} generated invoices (one line each) and ` +
      `${formatNumber(generated.rows.contracts ?? 0)} contracts (one rule each) over ` +
      `${formatNumber(database.generated.customerIds.length)} customers, made inside PostgreSQL by one ` +
      `INSERT … SELECT FROM generate_series per table in ${(generated.ms / 1000).toFixed(1)} s; customer ` +
      `${bigCustomerId} holds ${formatNumber(options.bigCustomerInvoices)} invoices and its share of the rest, so its list ` +
      `has a page ${DEEP_PAGE} of 25. Caller \`${ownerUsername}\` (owner of that customer: invoice-read) with a real ` +
      `access token from the dev IdP. ${settings.connections} connections; per server a ${settings.warmupS} s warm-up, ` +
      `then ${settings.durationS} s measured in ${settings.rounds} turn(s) taking turns with the other server (bare ` +
      `first). The page-${DEEP_PAGE} URL is the one the API's own \`Link\` headers lead to; the bare server walked to ` +
      'the same URL with its own links. Both servers run the list as the same named statement (the text of ' +
      "invoices.repo.ts's INVOICE_LIST_SQL) and write the same JSON (statuses and overdue days computed per row).",
    '',
    `Answers checked equal on both servers (bodies, Link) for pages ${samplePages.join(', ')} and the search: ` +
      `${compared.problems.length ? `**no, ${compared.problems.length} differ**` : 'yes'}. ` +
      `Load average (1 / 5 / 15 min) before the load runs: ${load()}.`,
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

  const results = new Map<string, { api: SideResult; bare: SideResult }>();
  const before = await cpuSnapshot();
  for (const endpoint of endpoints) {
    const sides = await measureEndpoint(context, { api, bare }, endpoint, authorization, {
      body,
      targets,
      failures,
    });
    if (sides) results.set(endpoint.name, sides);
  }
  body.push(`Load average after the load runs: ${load()}.`, '');

  // The downloads, one at a time (each renders on its own): invoices of the big customer spread over its list.
  const files: [string, number[]][] = [];
  for (const format of ['pdf', 'ubl'] as const) {
    const times: number[] = [];
    for (let run = 0; run < FILE_RUNS + 2; run++) {
      const path = `${list}/${benchInvoiceNumber(1 + ((run * 463) % options.bigCustomerInvoices))}/${format}`;
      const started = performance.now();
      const response = await fetch(`${api.url}${path}`, { headers: { authorization: authorization() } });
      const bytes = await response.arrayBuffer();
      const elapsed = performance.now() - started;
      if (response.status !== 200 || bytes.byteLength === 0) {
        failures.push(`${path} answered ${response.status}`);
        break;
      }
      // The first two warm the code path (the UBL library and the PDF fonts load on first use).
      if (run >= 2) times.push(elapsed);
    }
    files.push([format, times]);
    if (times.length) {
      targets.push(
        check(
          `Invoice ${format.toUpperCase()}: p99 of ${FILE_RUNS} downloads`,
          quantile(times, 0.99),
          '<=',
          FILE_TARGETS[format],
          ' ms',
        ),
      );
    }
  }
  body.push(
    '### Invoice downloads, one request at a time',
    '',
    ...table(
      ['', 'runs', 'p50 (ms)', 'p99 (ms)', 'max (ms)', 'target'],
      files.map(([format, times]) => [
        format === 'pdf' ? 'PDF (pdfkit, Inter embedded)' : 'UBL (Peppol BIS Billing 3.0)',
        String(times.length),
        ms(quantile(times, 0.5)),
        ms(quantile(times, 0.99)),
        ms(Math.max(...times)),
        `≤ ${FILE_TARGETS[format as 'pdf' | 'ubl']} ms`,
      ]),
      ['l', 'r', 'r', 'r', 'r', 'r'],
    ),
    '',
    `${FILE_RUNS} downloads each after two unmeasured ones, of invoices spread over the big customer's list. ` +
      `Load average after: ${load()}.`,
    '',
  );

  body.push(
    '### The list SQL at this size',
    '',
    ...table(
      ['EXPLAIN (ANALYZE), execution time (ms)', 'custom plan', 'generic plan'],
      [...new Set(plans.map((plan) => plan.shape))].map((shape) => [
        shape,
        ...['custom', 'generic'].map((mode) =>
          ms(plans.find((plan) => plan.shape === shape && plan.mode === mode)?.ms ?? Number.NaN),
        ),
      ]),
      ['l', 'r', 'r'],
    ),
    '',
    ...plans.flatMap((plan) => [
      `<details><summary>EXPLAIN (ANALYZE, BUFFERS), ${plan.shape}, ${plan.mode} plan</summary>`,
      '',
      '```',
      ...plan.lines,
      '```',
      '',
      '</details>',
      '',
    ]),
  );

  await otherWorkNote(before, log, body);
  return {
    title: `Administration (${formatNumber(options.invoices)} invoices, ${formatNumber(options.contracts)} contracts over 10,000 customers)`,
    body,
    targets,
    failures,
  };
}

export const administrationSuite: Suite = {
  id: 'administration',
  title: 'Invoice list and downloads',
  /**
   * Generating the data (190 s once at a load average of 23), walking 500 pages twice and the downloads;
   * the load runs count by `loadRuns`.
   */
  extraTimeS: 600,
  loadRuns: 6,
  run: runSuite,
};
