import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  displayIdOf,
  periodOf,
  type Report,
  type ReportSummary,
  reportDownloadQuerySchema,
  type SlaReport,
  shiftPeriod,
  type UsageReport,
} from '@portaal/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client.ts';
import { createAvailabilityRepo } from '../src/modules/availability/availability.repo.ts';
import { createAvailabilityService } from '../src/modules/availability/availability.service.ts';
import { createCustomersRepo } from '../src/modules/customers/customers.repo.ts';
import { createReportGenerator } from '../src/modules/reports/reports.generate.ts';
import { createReportsRepo } from '../src/modules/reports/reports.repo.ts';
import { createIncidentReads } from '../src/modules/tickets/tickets.incidents.ts';
import { createUsageRepo } from '../src/modules/usage/usage.repo.ts';
import { createUsageService } from '../src/modules/usage/usage.service.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { matrixSubjects, type Subject } from './matrix-subjects.ts';
import { type Problem, send } from './tickets-support.ts';
import { ensureLoner, tokenSource } from './tokens.ts';

/**
 * Monthly reports (issue 12): generated for every customer and kept (a second run adds nothing); the
 * authorization matrix of the three routes with exact counts; downloads as PDF read back with
 * pdftotext in both languages and CSV with the separator of each language and a BOM; fuzzing of the
 * queries. Reports are added to the run's shared database (idempotently; no other file counts them).
 */
const run = promisify(execFile);
const OTHER = 1002;
const UNKNOWN = 999_999;
const last = shiftPeriod(periodOf(new Date()), -1);
const before = shiftPeriod(last, -1);
const SLA = displayIdOf('sla', last);
const USAGE = displayIdOf('usage', last);

const subjects = matrixSubjects({
  owner: true,
  'financial-moderator': true,
  'financial-viewer': true,
  'technical-viewer': true,
  viewer: false,
  multi: true,
});

let server: TestServer;
let token: ReturnType<typeof tokenSource>;
let created: number[] = [];

beforeAll(async () => {
  server = await startTestServer();
  await ensureLoner(server.databaseUrl);
  token = tokenSource(server);
  const { db, pool } = createDatabase(server.databaseUrl, 2);
  const generator = createReportGenerator({
    repo: createReportsRepo(db),
    customerIds: createCustomersRepo(db).ids,
    tickets: createIncidentReads(db),
    usage: createUsageService(createUsageRepo(db)),
    availability: createAvailabilityService(createAvailabilityRepo(db), db),
  });
  await generator.generateMonth(last);
  await generator.generateMonth(before);
  created = [await generator.generateMonth(last), await generator.generateMonth(before)];
  await pool.end();
});
afterAll(async () => server?.close());

const auth = async (subject: Subject) => (subject.username ? { token: await token(subject.username) } : {});
const code = (response: { json: unknown }) => (response.json as Problem | undefined)?.code;
const base = (customer: number) => `/api/v2/customer/${customer}/reports`;

describe('generation', () => {
  it('keeps the first report of a month: generating again adds nothing', () => {
    expect(created).toEqual([0, 0]);
  });
});

describe.each(subjects)('$username', (subject) => {
  const anonymous = subject.username === null;
  const mine = subject.target;
  const other = mine === OTHER ? 1003 : OTHER;

  it('GET reports, a report and its download: own, other and unknown customer', async () => {
    const options = await auth(subject);
    const [list, otherList, unknown, detail, download] = await Promise.all([
      send(server, 'GET', base(mine), options),
      send(server, 'GET', base(other), options),
      send(server, 'GET', base(UNKNOWN), options),
      send(server, 'GET', `${base(mine)}/${SLA}`, options),
      send(server, 'GET', `${base(mine)}/${USAGE}/download?format=csv`, options),
    ]);
    const statuses = [list, otherList, unknown, detail, download].map((response) => response.status);
    if (anonymous) return expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const own = subject.read ? 200 : 403;
    expect(statuses).toEqual([own, subject.staff ? 200 : 403, 404, own, own]);
    if (!subject.read) return expect(code(list)).toBe('FORBIDDEN');
    // Two months, an SLA and a usage report each, newest month first.
    expect((list.json as ReportSummary[]).map((report) => report.display_id)).toEqual([
      displayIdOf('sla', last),
      displayIdOf('usage', last),
      displayIdOf('sla', before),
      displayIdOf('usage', before),
    ]);
    expect((detail.json as Report).kind).toBe('sla');
  });
});

describe('filters, missing reports and bad input', () => {
  it('filters by kind and period; an unknown report is 404; a bad id or query is 400', async () => {
    const options = { token: await token('financial-viewer') };
    const sla = await send(server, 'GET', `${base(1001)}?kind=sla`, options);
    expect((sla.json as ReportSummary[]).map((report) => report.kind)).toEqual(['sla', 'sla']);
    const month = await send(server, 'GET', `${base(1001)}?period=${before}&kind=usage`, options);
    expect((month.json as ReportSummary[]).map((report) => report.display_id)).toEqual([
      displayIdOf('usage', before),
    ]);
    const missing = await send(server, 'GET', `${base(1001)}/SLA-2001-01`, options);
    expect([missing.status, code(missing)]).toEqual([404, 'REPORT_NOT_FOUND']);
    for (const url of [
      `${base(1001)}/sla-2026-10`,
      `${base(1001)}?kind=pdf`,
      `${base(1001)}?period=2026-13`,
    ]) {
      expect((await send(server, 'GET', url, options)).status, url).toBe(400);
    }
  });

  it('fuzzed download queries answer 200 or 400, never 5xx', async () => {
    const options = { token: await token('owner') };
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            format: fc.oneof(fc.constantFrom('pdf', 'csv', 'PDF', 'xlsx', ''), fc.string({ maxLength: 8 })),
            language: fc.oneof(fc.constantFrom('en', 'nl', 'de', 'NL', ''), fc.string({ maxLength: 5 })),
          },
          { requiredKeys: [] },
        ),
        async (query) => {
          const params = new URLSearchParams(query as Record<string, string>);
          const response = await send(server, 'GET', `${base(1001)}/${USAGE}/download?${params}`, options);
          const valid = reportDownloadQuerySchema.safeParse(query).success;
          expect(response.status, JSON.stringify(query)).toBe(valid ? 200 : 400);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('what the reports hold', () => {
  it('the usage report: items with bought, used, balance, left over, over quota and cost', async () => {
    const report = (await send(server, 'GET', `${base(1002)}/${USAGE}`, { token: await token('multi') }))
      .json as UsageReport;
    const hours = report.items.find((item) => item.usage_type === 'manhour');
    expect(hours).toMatchObject({ unit: 'hour', bought: 8, rate: '95.00' });
    expect(hours?.over_quota).toBeGreaterThan(0);
    expect(hours?.month_balance).toBeCloseTo((hours?.bought ?? 0) - (hours?.used ?? 0), 2);
    expect(Number(hours?.cost)).toBeCloseTo((hours?.over_quota ?? 0) * 95, 2);
  });

  it('the SLA report: every application against its target, and the service credit', async () => {
    const report = (await send(server, 'GET', `${base(1001)}/${SLA}`, { token: await token('owner') }))
      .json as SlaReport;
    expect(report.applications.map((app) => app.name)).toEqual([
      'Bestelportaal',
      'Kassakoppeling API',
      'Webwinkel',
    ]);
    for (const app of report.applications) {
      expect(app.met).toBe(app.uptime !== null && app.uptime >= app.target);
      if (app.met) expect(app.service_credit_percent).toBe(0);
    }
    expect(report.service_credit_percent).toBe(
      Math.max(0, ...report.applications.map((app) => app.service_credit_percent)),
    );
  });
});

describe('downloads', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portaal-reports-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  async function pdfText(url: string, name: string) {
    const response = await send(server, 'GET', url, { token: await token('financial-viewer') });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const file = path.join(dir, name);
    await writeFile(file, response.bytes);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    await run('pdftoppm', ['-png', '-r', '60', file, path.join(dir, name.replace('.pdf', ''))]);
    return { text: stdout, headers: response.headers };
  }

  it('the SLA report as PDF in Dutch and English, read back with pdftotext', async () => {
    const nl = await pdfText(`${base(1001)}/${SLA}/download?format=pdf&language=nl`, 'sla-nl.pdf');
    expect(nl.headers.get('content-disposition')).toContain(`${SLA}-nl.pdf`);
    for (const text of [
      'SLA-rapportage',
      SLA,
      'Bakkerij De Gouden Korst B.V.',
      'Beschikbaarheid per applicatie',
      'Webwinkel',
      'Incidenten',
      'Pagina 1 van',
    ]) {
      expect(nl.text).toContain(text);
    }
    const en = await pdfText(`${base(1001)}/${SLA}/download?format=pdf&language=en`, 'sla-en.pdf');
    for (const text of [
      'SLA report',
      'Availability per application',
      'Kassakoppeling API',
      'Incidents',
      'Page 1 of',
    ]) {
      expect(en.text).toContain(text);
    }
    const usage = await pdfText(`${base(1001)}/${USAGE}/download?language=nl`, 'usage-nl.pdf');
    for (const text of [
      'Verbruiksrapportage',
      'Specificatie',
      'Afgenomen',
      'Maandsaldo',
      'Uur (support)',
      'Totaal boven de bundels',
    ]) {
      expect(usage.text).toContain(text);
    }
    if (process.env.KEEP_REPORT_PAGES) await run('cp', ['-r', dir, process.env.KEEP_REPORT_PAGES]);
  });

  it('CSV: `;` in Dutch, `,` in English, both with a BOM', async () => {
    const options = { token: await token('financial-viewer') };
    const nl = await send(server, 'GET', `${base(1001)}/${USAGE}/download?format=csv&language=nl`, options);
    expect(nl.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect([...nl.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const nlText = nl.bytes.toString('utf8').slice(1);
    expect(nlText.split('\r\n')[0]).toBe(
      'Specificatie;Afgenomen;Verbruikt;Maandsaldo;Over;Boven bundel;Tarief;Per eenheid;Kosten',
    );
    expect(nlText.split('\r\n').filter((line) => line !== '')).toHaveLength(8);
    const en = await send(server, 'GET', `${base(1001)}/${USAGE}/download?format=csv&language=en`, options);
    expect([...en.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(en.bytes.toString('utf8').slice(1).split('\r\n')[0]).toBe(
      'Specification,Bought,Used,Month balance,Left over,Over quota,Rate,Per unit,Cost',
    );
  });
});
