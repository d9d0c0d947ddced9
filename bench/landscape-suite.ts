import type { LandscapeKind } from '@portaal/contracts';
import { landscapeListSql } from '../apps/api/src/modules/landscape/landscape.repo.ts';
import { LANDSCAPE_LIST_SQL } from './bare-server.ts';
import { compareAnswers, measureEndpoint, otherWorkNote, type SideResult } from './customers-suite.ts';
import { defaultGenerateOptions } from './generate.ts';
import { cpuSnapshot } from './machine.ts';
import { check, formatNumber, type SectionReport, type TargetCheck, table } from './report.ts';
import type { BenchContext, Suite } from './suite.ts';
import { same } from './suite.ts';
import { walk } from './tickets-suite.ts';

/** Issue #11 item 8: p99 ≤ 30 ms at 20 connections and at least 0.8 of the bare handler's req/s. */
const TARGETS = { minRatio: 0.8, maxP99Ms: 30 };
/** "The first and the 500th page equally fast": the 500th page keeps this share of the first's req/s. */
const SAME_SPEED_MIN = 0.9;
const DEEP_PAGE = 500;
const KINDS = ['devices', 'virtual-machines'] as const satisfies readonly LandscapeKind[];

const ms = (value: number) => formatNumber(value);
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

async function runSuite(context: BenchContext): Promise<SectionReport> {
  const { settings, log } = context;
  const database = await context.database();
  const { bigCustomerId } = database.generated.landscape;
  const { ownerUsername } = database.generated.tickets;
  const bare = await context.server('bare');
  const api = await context.server('api');
  const token = await context.token(ownerUsername);
  const authorization = () => `Bearer ${token.current()}`;
  const failures: string[] = [];
  const targets: TargetCheck[] = [];

  // The baseline keeps copies (it does not import the API); a changed original makes the ratio meaningless.
  for (const kind of KINDS) {
    for (const later of [false, true]) {
      const shape = { later, status: false, location: false, text: false };
      if (landscapeListSql(kind, 'name', shape) !== LANDSCAPE_LIST_SQL[kind][later ? 'next' : 'first']) {
        failures.push(
          `bench/bare-server.ts runs another ${kind} list SQL (${later ? 'later' : 'first'} page) than ` +
            'landscape.repo.ts (landscapeListSql): copy it again',
        );
      }
    }
  }

  const lists = Object.fromEntries(
    KINDS.map((kind) => [kind, `/api/v2/customer/${bigCustomerId}/landscape/${kind}`]),
  ) as Record<(typeof KINDS)[number], string>;
  const walked = new Map<string, Awaited<ReturnType<typeof walk>>>();
  for (const kind of KINDS) {
    log(`Walking ${DEEP_PAGE} pages of ${lists[kind]} on both servers`);
    const onApi = await walk(api, lists[kind], DEEP_PAGE, authorization);
    const onBare = await walk(bare, lists[kind], DEEP_PAGE, authorization);
    if (onApi.paths.at(-1) !== onBare.paths.at(-1)) {
      failures.push(
        `${kind}: the walks end on different pages: API ${onApi.paths.at(-1)}, bare ${onBare.paths.at(-1)}`,
      );
    }
    walked.set(`api ${kind}`, onApi);
    walked.set(`bare ${kind}`, onBare);
  }
  const deepPath = (kind: (typeof KINDS)[number]) => walked.get(`api ${kind}`)?.paths.at(-1) as string;

  const samplePages = [1, 2, 100, 250, DEEP_PAGE];
  const compared = await compareAnswers(
    api,
    bare,
    KINDS.flatMap((kind) => samplePages.map((page) => walked.get(`api ${kind}`)?.paths[page - 1] as string)),
    authorization(),
  );
  if (compared.problems.length) {
    failures.push(
      `API and bare server disagree on ${compared.problems.length} answer(s): ${compared.problems.slice(0, 3).join('; ')}`,
    );
  }

  const [devices, vms] = [
    database.generated.rows.landscape_devices ?? 0,
    database.generated.rows.landscape_virtual_machines ?? 0,
  ];
  const body: string[] = [
    `${formatNumber(devices)} generated devices and ${formatNumber(vms)} virtual machines over ` +
      `${formatNumber(database.generated.customerIds.length)} customers; customer ${bigCustomerId} holds ` +
      `${formatNumber(defaultGenerateOptions.bigCustomerDevices)} devices and ${formatNumber(defaultGenerateOptions.bigCustomerVirtualMachines)} VMs, so both of its lists have a page ${DEEP_PAGE} of 25. Caller ` +
      `\`${ownerUsername}\` (owner of that customer: infra-read) with a real access token from the dev IdP. ` +
      `${settings.connections} connections; per server a ${settings.warmupS} s warm-up, then ${settings.durationS} s ` +
      `measured in ${settings.rounds} turn(s) taking turns with the other server (bare first). ` +
      `The page-${DEEP_PAGE} URLs are the ones the API's own \`Link\` headers lead to after ${DEEP_PAGE - 1} pages; ` +
      'the bare server walked to the same URLs with its own links. Both servers run each list as the same named ' +
      "statement (the texts of landscape.repo.ts's landscapeListSql, sorted by name, first and later page: a " +
      "keyset seek into the (customer_id, name, id) index), with the customer existence check of the API's access hook.",
    '',
    `Answers checked equal on both servers (bodies, Link) for pages ${samplePages.join(', ')} of both lists: ` +
      `${compared.problems.length ? `**no, ${compared.problems.length} differ**` : 'yes'}.`,
    '',
    ...table(
      ['Sequential walk, one request at a time (mean ms)', 'API', 'bare node:http'],
      KINDS.flatMap((kind) => {
        const a = walked.get(`api ${kind}`)?.ms ?? [];
        const b = walked.get(`bare ${kind}`)?.ms ?? [];
        return [
          [`${kind}, pages 1–10`, ms(mean(a.slice(0, 10))), ms(mean(b.slice(0, 10)))],
          [`${kind}, pages ${DEEP_PAGE - 9}–${DEEP_PAGE}`, ms(mean(a.slice(-10))), ms(mean(b.slice(-10)))],
        ];
      }),
      ['l', 'r', 'r'],
    ),
    '',
  ];

  const before = await cpuSnapshot();
  const results = new Map<string, { api: SideResult; bare: SideResult }>();
  for (const kind of KINDS) {
    for (const [label, path] of [
      ['first page', lists[kind]],
      [`page ${DEEP_PAGE}`, deepPath(kind)],
    ] as const) {
      const name = `Landscape ${kind}, ${label}`;
      const sides = await measureEndpoint(
        context,
        { api, bare },
        { name, paths: same(path), targets: TARGETS },
        authorization,
        { body, targets, failures },
      );
      if (sides) results.set(`${kind} ${label}`, sides);
    }
  }
  for (const kind of KINDS) {
    const first = results.get(`${kind} first page`);
    const deep = results.get(`${kind} page ${DEEP_PAGE}`);
    if (!first || !deep) continue;
    targets.push(
      check(
        `Landscape ${kind}: page ${DEEP_PAGE} ÷ first page, API req/s`,
        deep.api.load.requestsPerSecond / first.api.load.requestsPerSecond,
        '>=',
        SAME_SPEED_MIN,
      ),
    );
  }
  await otherWorkNote(before, log, body);
  return {
    title: 'System landscape lists (100,000 devices and 300,000 VMs over 10,000 customers)',
    body,
    targets,
    failures,
  };
}

export const landscapeSuite: Suite = {
  id: 'landscape',
  title: 'System landscape lists',
  /** Walking 500 pages of two lists on two servers and the answer checks. */
  extraTimeS: 60,
  loadRuns: 8,
  run: runSuite,
};
