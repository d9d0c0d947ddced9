import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { displayIdOf, periodOf, shiftPeriod } from '@portaal/contracts';
import { createDatabase } from '../apps/api/src/db/client.ts';
import { createAvailabilityRepo } from '../apps/api/src/modules/availability/availability.repo.ts';
import { createAvailabilityService } from '../apps/api/src/modules/availability/availability.service.ts';
import { createProber } from '../apps/api/src/modules/availability/prober.ts';
import { createReportGenerator } from '../apps/api/src/modules/reports/reports.generate.ts';
import { createReportsRepo } from '../apps/api/src/modules/reports/reports.repo.ts';
import { createReportsService } from '../apps/api/src/modules/reports/reports.service.ts';
import { createUsageRepo } from '../apps/api/src/modules/usage/usage.repo.ts';
import { createUsageService } from '../apps/api/src/modules/usage/usage.service.ts';
import { check, formatNumber } from './report.ts';
import type { Suite } from './suite.ts';

const APPLICATIONS = 2000;
const PDF_RUNS = 20;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/**
 * SLA and usage (issue 12): a month's SLA report PDF generated in-process (≤ 500 ms), and one process
 * probing 2,000 applications at a one-minute interval against a local HTTP server (the tick's lag
 * behind each check's planned time and the process's CPU). The usage and report lists at 10,000
 * customers × 13 months are not measured yet (the generator does not fill usage).
 */
export const slaSuite: Suite = {
  id: 'sla',
  title: 'SLA and usage',
  extraTimeS: 120,
  async run(context) {
    const database = await context.database();
    const { db, pool } = createDatabase(database.url, 8);
    const failures: string[] = [];
    const body: string[] = [];
    try {
      const period = shiftPeriod(periodOf(new Date()), -1);
      const usage = createUsageService(createUsageRepo(db));
      const availability = createAvailabilityService(createAvailabilityRepo(db), db);
      const repo = createReportsRepo(db);
      await createReportGenerator({ repo, usage, availability }).generate(1001, 'sla', period);
      const reports = createReportsService({
        repo,
        customers: { get: async () => ({ display_name: 'Bakkerij De Gouden Korst B.V.' }) as never },
        brandName: 'Portaal',
      });
      const times: number[] = [];
      for (let run = 0; run < PDF_RUNS; run++) {
        const started = performance.now();
        await reports.download(1001, displayIdOf('sla', period), {
          format: 'pdf',
          language: run % 2 ? 'nl' : 'en',
        });
        times.push(performance.now() - started);
      }
      const pdfP99 = percentile(times, 99);
      body.push(
        `- SLA report PDF (${PDF_RUNS} runs, en and nl): p50 ${formatNumber(percentile(times, 50))} ms, p99 ${formatNumber(pdfP99)} ms`,
      );

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
      const started = performance.now();
      const tick = await prober.tick();
      const elapsed = performance.now() - started;
      const used = process.cpuUsage(cpu);
      site.close();
      await pool.query(`delete from applications where name like 'bench-%'`);
      const lagP99 = percentile(tick.lagMs, 99);
      body.push(
        `- Prober: ${tick.checked} applications checked in one tick of ${formatNumber(elapsed / 1000)} s (spread 45 s); lag behind the planned time p50 ${formatNumber(percentile(tick.lagMs, 50))} ms, p99 ${formatNumber(lagP99)} ms; CPU ${formatNumber(((used.user + used.system) / 1000 / elapsed) * 100)} % of one core`,
      );
      if (tick.checked < APPLICATIONS) failures.push(`prober checked ${tick.checked} of ${APPLICATIONS}`);
      return {
        title: 'SLA and usage',
        body,
        targets: [
          check('SLA report PDF p99', pdfP99, '<=', 500, ' ms'),
          check('Prober tick within the minute', elapsed / 1000, '<=', 60, ' s'),
        ],
        failures,
      };
    } finally {
      await pool.end();
    }
  },
};
