import pg from 'pg';
import { INVOICE_LIST_SQL } from '../apps/api/src/modules/invoices/invoices.repo.ts';
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
import { walk } from './tickets-suite.ts';

/** Issue 13 item 9: p99 ≤ 30 ms at 20 connections and at least 0.8 of the bare handler's req/s. */
const TARGETS = { minRatio: 0.8, maxP99Ms: 30 };
/** Each download on its own: the PDF within 200 ms and the UBL within 50 ms (p99 of the runs). */
const FILE_TARGETS = { pdf: 200, ubl: 50 };
const FILE_RUNS = 30;
const DEEP_PAGE = 500;

const same = (path: string) => () => () => path;
const ms = (value: number) => formatNumber(value);
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
};

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
      `${compared.problems.length ? `**no, ${compared.problems.length} differ**` : 'yes'}.`,
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
    `${FILE_RUNS} downloads each after two unmeasured ones, of invoices spread over the big customer's list.`,
    '',
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
  /** Generating the data, walking 500 pages twice and the downloads; the load runs count by `loadRuns`. */
  extraTimeS: 240,
  loadRuns: 6,
  run: runSuite,
};
