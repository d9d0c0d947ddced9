import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { displayIdOf, periodOf, shiftPeriod } from '@portaal/contracts';
import { createDatabase } from '../apps/api/src/db/client.ts';
import { warmPdfFonts } from '../apps/api/src/lib/pdf/index.ts';
import { createAvailabilityRepo } from '../apps/api/src/modules/availability/availability.repo.ts';
import { createAvailabilityService } from '../apps/api/src/modules/availability/availability.service.ts';
import { createProber } from '../apps/api/src/modules/availability/prober.ts';
import { createReportGenerator } from '../apps/api/src/modules/reports/reports.generate.ts';
import { createReportsRepo, REPORT_LIST_SQL } from '../apps/api/src/modules/reports/reports.repo.ts';
import { createReportsService } from '../apps/api/src/modules/reports/reports.service.ts';
import { createIncidentReads } from '../apps/api/src/modules/tickets/tickets.incidents.ts';
import { createUsageRepo, USAGE_SQL } from '../apps/api/src/modules/usage/usage.repo.ts';
import { createUsageService } from '../apps/api/src/modules/usage/usage.service.ts';
import { REPORT_LIST_BARE_SQL, USAGE_ENTRIES_SQL, USAGE_PERIODS_SQL } from './bare-server.ts';
import { compareAnswers, type MeasuredEndpoint, measureEndpoint, otherWorkNote } from './customers-suite.ts';
import { cpuSnapshot } from './machine.ts';
import { check, formatNumber, type TargetCheck } from './report.ts';
import type { BenchContext, Suite } from './suite.ts';
import { rotate, shuffled } from './suite.ts';

const APPLICATIONS = 2000;
const PDF_RUNS = 20;
/** Issue 12 item 8: p99 ≤ 30 ms at 20 connections and at least 0.8 of the bare handler's req/s. */
const TARGETS = { minRatio: 0.8, maxP99Ms: 30 };
/** Provider staff: global usage-read and usage-report-read, so every generated customer is readable. */
const STAFF = 'staff-viewer';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

/**
 * The usage screen and the report list at 10,000 customers × 13 months (bench/generate.ts), API
 * against the bare node:http handler running the same SQL (bare-server.ts keeps copies of USAGE_SQL
 * and REPORT_LIST_SQL; the suite fails when the texts or the answers differ).
 */
async function measureLists(
  context: BenchContext,
  body: string[],
  targets: TargetCheck[],
  failures: string[],
) {
  const { log } = context;
  const database = await context.database();
  const bare = await context.server('bare');
  const api = await context.server('api');
  const token = await context.token(STAFF);
  const authorization = () => `Bearer ${token.current()}`;

  if (USAGE_SQL.entries !== USAGE_ENTRIES_SQL || USAGE_SQL.periods !== USAGE_PERIODS_SQL) {
    failures.push('bench/bare-server.ts runs other usage SQL than usage.repo.ts (USAGE_SQL): copy it again');
  }
  if (REPORT_LIST_SQL !== REPORT_LIST_BARE_SQL) {
    failures.push('bench/bare-server.ts runs another report list SQL than reports.repo.ts: copy it again');
  }

  const periods = database.generated.usage.periods;
  const past = periods.at(-1) as string;
  const ids = shuffled(database.generated.customerIds, 12).map(String);
  const endpoints: MeasuredEndpoint[] = [
    {
      name: 'Usage, current month (every customer)',
      paths: rotate(ids.map((id) => `/api/v2/customer/${id}/usage`)),
      targets: TARGETS,
    },
    {
      name: `Usage of ${past} (every customer)`,
      paths: rotate(ids.map((id) => `/api/v2/customer/${id}/usage?period=${past}`)),
      targets: TARGETS,
    },
    {
      name: 'Report list (every customer)',
      paths: rotate(ids.map((id) => `/api/v2/customer/${id}/reports`)),
      targets: TARGETS,
    },
  ];
  const samples = ids.slice(0, 40);
  const compared = await compareAnswers(
    api,
    bare,
    [
      ...samples.map((id) => `/api/v2/customer/${id}/usage`),
      ...samples.map((id) => `/api/v2/customer/${id}/usage?period=${past}`),
      ...samples.map((id) => `/api/v2/customer/${id}/reports`),
      ...samples.slice(0, 10).map((id) => `/api/v2/customer/${id}/reports?kind=sla&period=${periods[1]}`),
    ],
    authorization(),
  );
  if (compared.problems.length) {
    failures.push(
      `API and bare server disagree on ${compared.problems.length} answer(s): ${compared.problems.slice(0, 3).join('; ')}`,
    );
  }
  const rows = database.generated.rows;
  body.push(
    `### Usage and report lists (${formatNumber(database.generated.customerIds.length)} customers × ${periods.length} months)`,
    '',
    `${formatNumber(rows.usage_entries ?? 0)} usage entries (2 to 7 bundles a customer, ${periods.at(-1)} to ` +
      `${periods[0]}) and ${formatNumber(rows.reports ?? 0)} kept reports (an SLA and a usage report for every ended ` +
      `month). Caller \`${STAFF}\` (a real access token; the bare server ignores it); customer ids rotate over every ` +
      'generated customer in a fixed shuffled order. Both servers run the same named statements (the texts of ' +
      "usage.repo.ts's USAGE_SQL and reports.repo.ts's REPORT_LIST_SQL) after the same customer existence check " +
      `(remembered 30 s). Answers checked equal on both servers for ${samples.length} customers' usage (this month ` +
      `and ${past}), report lists and a filtered list: ${compared.problems.length ? `**no, ${compared.problems.length} differ**` : 'yes'}. ` +
      `Load average before: ${load()}.`,
    '',
  );
  const before = await cpuSnapshot();
  for (const endpoint of endpoints) {
    await measureEndpoint(context, { api, bare }, endpoint, authorization, { body, targets, failures });
  }
  body.push(`Load average after (1 / 5 / 15 min): ${load()}.`, '');
  await otherWorkNote(before, log, body);
}

/**
 * SLA and usage (issue 12): the usage and report lists against the bare baseline; a month's SLA report
 * PDF generated in-process (≤ 500 ms); one process probing 2,000 applications at a one-minute interval
 * against a local HTTP server (the tick's lag behind each check's planned time and the process's CPU).
 */
export const slaSuite: Suite = {
  id: 'sla',
  title: 'SLA and usage',
  extraTimeS: 150,
  loadRuns: 6,
  async run(context) {
    const database = await context.database();
    const { db, pool } = createDatabase(database.url, 8);
    const failures: string[] = [];
    const body: string[] = [];
    const targets: TargetCheck[] = [];
    try {
      await measureLists(context, body, targets, failures);

      const period = shiftPeriod(periodOf(new Date()), -1);
      const usage = createUsageService(createUsageRepo(db));
      const availability = createAvailabilityService(createAvailabilityRepo(db), db);
      const repo = createReportsRepo(db);
      await createReportGenerator({
        repo,
        customerIds: async () => [],
        tickets: createIncidentReads(db),
        usage,
        availability,
      }).generate(1001, 'sla', period);
      const reports = createReportsService({
        repo,
        customers: { get: async () => ({ display_name: 'Bakkerij De Gouden Korst B.V.' }) as never },
        brandName: 'Portaal',
      });
      const download = (language: 'en' | 'nl') =>
        reports.download(1001, displayIdOf('sla', period), { format: 'pdf', language });
      // What the API pays once at start (buildApp warms the fonts), measured apart from the requests.
      let started = performance.now();
      await warmPdfFonts();
      const warmUpMs = performance.now() - started;
      const times: number[] = [];
      for (let run = 0; run < PDF_RUNS; run++) {
        started = performance.now();
        await download(run % 2 ? 'nl' : 'en');
        times.push(performance.now() - started);
      }
      const pdfP99 = percentile(times, 99);
      body.push(
        '### SLA report PDF',
        '',
        `- SLA report PDF of customer 1001, ${period} (${PDF_RUNS} runs in turn en and nl, in this process): ` +
          `p50 ${formatNumber(percentile(times, 50))} ms, p99 ${formatNumber(pdfP99)} ms; the fonts' one-time ` +
          `parse and warm-up at start ${formatNumber(warmUpMs)} ms. Load average ${load()}.`,
        '',
      );
      targets.push(check('SLA report PDF p99', pdfP99, '<=', 500, ' ms'));

      // The prober: 2,000 applications on a local server, one tick spread over 45 s.
      const site = createServer((_request, response) => response.writeHead(200).end('ok'));
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/health`;
      await pool.query(
        `insert into applications (customer_id, name, url, timeout_ms)
         select 1001, 'bench-' || n, $1, 5000 from generate_series(1, ${APPLICATIONS}) n`,
        [url],
      );
      const prober = createProber({
        db,
        events: { recordApplicationEvent: async () => [], dispatch: async () => {} },
        log: { warn() {} },
      });
      const cpu = process.cpuUsage();
      started = performance.now();
      const tick = await prober.tick();
      const elapsed = performance.now() - started;
      const used = process.cpuUsage(cpu);
      site.close();
      await pool.query(`delete from applications where name like 'bench-%'`);
      const lagP99 = percentile(tick.lagMs, 99);
      body.push(
        '### Prober',
        '',
        `- ${tick.checked} applications checked in one tick of ${formatNumber(elapsed / 1000)} s (spread 45 s); lag behind the planned time p50 ${formatNumber(percentile(tick.lagMs, 50))} ms, p99 ${formatNumber(lagP99)} ms; CPU ${formatNumber(((used.user + used.system) / 1000 / elapsed) * 100)} % of one core. Load average ${load()}.`,
        '',
      );
      if (tick.checked < APPLICATIONS) failures.push(`prober checked ${tick.checked} of ${APPLICATIONS}`);
      targets.push(check('Prober tick within the minute', elapsed / 1000, '<=', 60, ' s'));
      return { title: 'SLA and usage', body, targets, failures };
    } finally {
      await pool.end();
    }
  },
};
