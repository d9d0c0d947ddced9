import { execFile } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import os, { loadavg } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { check, formatNumber, type SectionReport, type TargetCheck, table } from './report.ts';
import { startServerProcess } from './server-handle.ts';
import type { BenchContext, Suite } from './suite.ts';
import { budgetChecks, MEASURED_PAGES, WEB_BUDGET } from './web-budget.ts';
import {
  type AssetSize,
  analyseBundle,
  type BundleAnalysis,
  buildWebApp,
  HOME_ROUTE_FILES,
  sum,
} from './web-build.ts';
import {
  type AuditIssue,
  type BenchBrowser,
  type Category,
  type LighthouseRun,
  openBrowser,
  type RequestWave,
} from './web-lighthouse.ts';

/** Issue #3 item 12 and issue 10; reported, never asserted (CI asserts the weights: check-web-budget.ts). */
const TARGETS = {
  initialJsKb: WEB_BUDGET.homeInitialJsKb,
  cssKb: WEB_BUDGET.renderBlockingCssKb,
  routeChunkKb: WEB_BUDGET.routeChunkKb,
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  lcpMs: 1500,
};

/** The machine's load averages (1, 5, 15 min) in a few words: other work on it slows Lighthouse. */
const loadNote = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')}`;

/** Under .data (git-ignored) rather than apps/web/dist, which e2e and `npm start` serve meanwhile. */
const DIST_DIR = '.data/bench-web/dist';
/** The full Lighthouse results of the latest run (git-ignored with the reports), replaced every run. */
const LHR_DIR = 'bench/reports/lighthouse';
const USERNAME = 'owner';
const PASSWORD = 'demo';

interface MeasuredPage {
  /** File names of the saved Lighthouse results. */
  slug: string;
  label: string;
  path: string;
  /** Pages outside the app's public paths send a visitor without tokens to the IdP. */
  needsSignIn: boolean;
}

const PAGES: MeasuredPage[] = [
  { slug: 'home', label: 'Home (signed in)', path: '/', needsSignIn: true },
  { slug: 'tickets', label: 'Ticket list', path: '/support', needsSignIn: true },
  { slug: 'ticket', label: 'Ticket', path: '/support/ticket/10014', needsSignIn: true },
  { slug: 'error', label: 'Error page (forbidden)', path: '/error?cause=forbidden', needsSignIn: false },
  { slug: 'not-found', label: 'Page not found', path: '/no-such-page', needsSignIn: true },
];

/** Per page; runs alternate between pages so a disturbance on the machine does not hit one page only. */
function lighthouseRuns(): number {
  const raw = process.env.BENCH_LIGHTHOUSE_RUNS;
  const value = raw ? Number(raw) : 2;
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`BENCH_LIGHTHOUSE_RUNS must be 1 or more, not "${raw}"`);
  return value;
}

const kb = (bytes: number) => `${formatNumber(bytes / 1000)} kB`;
const ms = (value: number | undefined) => (value === undefined ? '—' : `${formatNumber(value)} ms`);

function median(values: (number | undefined)[]): number | undefined {
  const sorted = values.filter((value): value is number => value !== undefined).sort((a, b) => a - b);
  if (!sorted.length) return undefined;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Files of the web app that differ from the commit: the report then describes no commit exactly. */
async function workingTreeChanges(root: string): Promise<number | undefined> {
  try {
    const { stdout } = await promisify(execFile)(
      'git',
      ['status', '--porcelain', '--', 'apps/web', 'packages/contracts'],
      { cwd: root },
    );
    return stdout.split('\n').filter(Boolean).length;
  } catch {
    return undefined;
  }
}

/** What the API sends a browser that accepts brotli: the build's `.br` copy, or the file itself when it has none. */
const sent = (asset: AssetSize) => asset.brBytes ?? asset.bytes;

function bundleSection(bundle: BundleAnalysis): string[] {
  const initial = [...bundle.entryJs, ...bundle.homeJs];
  const initialGzip = sum(initial);
  const fromManifest = new Set(bundle.entryJs.map((asset) => asset.file));
  const fromHtml = new Set(bundle.htmlScripts);
  const agree = fromManifest.size === fromHtml.size && [...fromHtml].every((file) => fromManifest.has(file));
  const row = (asset: AssetSize, why: string) => [
    `\`${asset.file}\``,
    why,
    kb(asset.bytes),
    kb(asset.gzipBytes),
    kb(sent(asset)),
  ];
  const br = (assets: AssetSize[]) => kb(assets.reduce((total, asset) => total + sent(asset), 0));
  const lines = [
    '### Initial JavaScript',
    '',
    'The entry script of `index.html` and its static imports (recursively, from the Vite manifest; ' +
      `the \`modulepreload\` links of index.html ${agree ? 'list the same files' : `**list different files**: ${[...fromHtml].join(', ')}`}), ` +
      `plus what the home route needs on its first load: the split chunks of ${HOME_ROUTE_FILES.map((file) => `\`${file}\``).join(' and ')} ` +
      'and their static imports that the entry does not already bring.',
    '',
    ...table(
      ['File', 'Loaded as', 'Minified', 'gzip', 'Sent (brotli)'],
      [
        ...bundle.entryJs.map((asset, index) =>
          row(asset, index === 0 ? 'entry' : 'static import of the entry'),
        ),
        ...bundle.homeJs.map((asset) => row(asset, 'home route')),
        [
          '**Entry and its imports**',
          '',
          kb(sum(bundle.entryJs, 'bytes')),
          kb(sum(bundle.entryJs)),
          br(bundle.entryJs),
        ],
        [
          '**Home route on top**',
          '',
          kb(sum(bundle.homeJs, 'bytes')),
          kb(sum(bundle.homeJs)),
          br(bundle.homeJs),
        ],
        [
          '**Initial JS**',
          `target ≤ ${TARGETS.initialJsKb} kB gzip`,
          kb(sum(initial, 'bytes')),
          `**${kb(initialGzip)}**`,
          br(initial),
        ],
      ],
      ['l', 'l', 'r', 'r', 'r'],
    ),
    '',
    `CSS, separately: ${bundle.initialCss.map((asset) => `\`${asset.file}\` ${kb(asset.bytes)} minified, ${kb(asset.gzipBytes)} gzip`).join('; ') || 'none'} ` +
      `in the entry; the home route adds ${bundle.homeCss.length ? bundle.homeCss.map((asset) => `\`${asset.file}\` ${kb(asset.gzipBytes)} gzip`).join(', ') : 'none'}.`,
    '',
  ];

  const total = sum(initial, 'bytes');
  const top = bundle.composition.slice(0, 15);
  const rest = bundle.composition.slice(15);
  lines.push(
    '#### What the initial JS is made of',
    '',
    'From the source maps: every byte of the initial files attributed to the source module it was generated from, ' +
      'grouped by package (dependencies) or folder (the app). gzip per group is its share of each file’s gzip size ' +
      '(an estimate: gzip does not split exactly).',
    '',
    ...table(
      ['Package or folder', 'Minified', '≈ gzip', 'Share'],
      [
        ...top.map((group) => [
          group.group,
          kb(group.bytes),
          kb(group.gzipBytesEstimate),
          `${formatNumber((100 * group.bytes) / total)} %`,
        ]),
        ...(rest.length
          ? [
              [
                `${rest.length} others`,
                kb(rest.reduce((sumBytes, group) => sumBytes + group.bytes, 0)),
                kb(rest.reduce((sumBytes, group) => sumBytes + group.gzipBytesEstimate, 0)),
                `${formatNumber((100 * rest.reduce((sumBytes, group) => sumBytes + group.bytes, 0)) / total)} %`,
              ],
            ]
          : []),
      ],
      ['l', 'r', 'r', 'r'],
    ),
    '',
    `Largest single modules: ${bundle.largestModules
      .filter((module) => module.group !== '(unmapped)')
      .slice(0, 10)
      .map((module) => `\`${module.group}\` ${kb(module.gzipBytesEstimate)}`)
      .join(', ')} (≈ gzip).`,
    '',
  );
  if (bundle.unmapped.length)
    lines.push(`Without a source map (not attributed): ${bundle.unmapped.join(', ')}.`, '');

  lines.push(
    '### Initial JS per page',
    '',
    'The entry and its static imports plus the split chunks (and their static imports) of the route files on the way to ' +
      'each page, every file once; the not-found page adds the lazily loaded error page it cannot show without. Code ' +
      'loaded after the first paint (header controls, toaster, Mantine’s whole stylesheet) is not counted.',
    '',
    ...table(
      ['Page', 'Files', 'gzip', 'Limit'],
      bundle.pageJs.map((page) => [
        page.label,
        String(page.files.length),
        kb(page.gzipBytes),
        page.name === 'home' ? `≤ ${TARGETS.initialJsKb} kB` : '—',
      ]),
      ['l', 'r', 'r', 'l'],
    ),
    '',
    `Initial CSS (index.html's stylesheets, loaded after the first paint since decision 0042, so blocking no render): ${kb(sum(bundle.initialCss))} gzip, limit ${TARGETS.cssKb} kB.`,
    '',
  );

  lines.push(
    '### Route chunks (loaded lazily)',
    '',
    `Every lazily loaded chunk of the manifest (TanStack Router's automatic code splitting), largest first. ` +
      '“Shared chunks” are its static imports that the initial load did not bring: they are fetched with it on the first visit of that route.',
    '',
    ...table(
      [
        'Route file',
        'Part',
        'gzip',
        `Over ${TARGETS.routeChunkKb} kB`,
        'Shared chunks fetched with it (gzip)',
      ],
      bundle.routeChunks.map((chunk) => [
        `\`${chunk.route}\``,
        chunk.split,
        kb(chunk.gzipBytes),
        chunk.gzipBytes > TARGETS.routeChunkKb * 1000 ? '❌ yes' : 'no',
        chunk.extra.length
          ? `${kb(sum(chunk.extra))} (${chunk.extra.map((asset) => path.basename(asset.file)).join(', ')})`
          : '—',
      ]),
      ['l', 'l', 'r', 'l', 'l'],
    ),
    '',
  );
  if (bundle.sharedLazyJs.length) {
    lines.push(
      `Shared lazily loaded chunks: ${bundle.sharedLazyJs
        .map(
          (asset) =>
            `\`${path.basename(asset.file)}\` ${kb(asset.gzipBytes)} (${asset.importers} route${asset.importers === 1 ? '' : 's'})`,
        )
        .join(', ')}.`,
      '',
    );
  }
  return lines;
}

interface PageResult {
  page: MeasuredPage;
  url: string;
  runs: LighthouseRun[];
  /** The run whose performance score is the median: its audits and LCP element are shown. */
  representative?: LighthouseRun;
  skipped?: string;
}

function issueLines(issues: AuditIssue[], runs: number, counts: Map<string, number>): string[] {
  return issues.map((found) => {
    const seen = counts.get(found.id) ?? runs;
    const where = found.examples.length
      ? `: ${found.examples.map((example) => `\`${example.replaceAll('`', "'").replace(/\s+/g, ' ')}\``).join('; ')}`
      : '';
    return `  - \`${found.id}\` — ${found.title}${found.displayValue ? ` (${found.displayValue})` : ''}${seen < runs ? ` [in ${seen} of ${runs} runs]` : ''}${where}`;
  });
}

/** A wave of requests in a few words: single requests by path, the rest folded by folder. */
function describeWave(wave: RequestWave): string {
  const [only] = wave.requests;
  if (wave.requests.length === 1 && only) return `\`${only.path}\``;
  const folders = new Map<string, string[]>();
  for (const request of wave.requests) {
    const cut = request.path.lastIndexOf('/');
    const folder = cut > 0 ? request.path.slice(0, cut) : '';
    folders.set(folder, [...(folders.get(folder) ?? []), request.path.slice(cut + 1)]);
  }
  return [...folders]
    .map(([folder, names]) =>
      folder === '/assets'
        ? `${names.length} file(s) in \`/assets\` (${[...new Set(names.map((name) => name.split('.').pop()))].join(', ')})`
        : names.length === 1
          ? `\`${folder}/${names[0]}\``
          : `\`${folder}/{${names.join(',')}}\``,
    )
    .join(' + ');
}

function diagnosticLines(run: LighthouseRun): string[] {
  const { diagnostics } = run;
  const seconds = (value: number) => `${formatNumber(value / 1000)} s`;
  return [
    `- Transferred ${diagnostics.totalBytes === undefined ? '—' : kb(diagnostics.totalBytes)} (${kb(diagnostics.resourceBytes)} decoded); main-thread work ` +
      `${diagnostics.mainThreadMs === undefined ? '—' : seconds(diagnostics.mainThreadMs)}` +
      `${diagnostics.mainThread.length ? ` (${diagnostics.mainThread.map((part) => `${part.label.toLowerCase()} ${seconds(part.ms)}`).join(', ')})` : ''}.`,
    `- Requests in ${diagnostics.waves.length} waves, each starting only after the one before had finished: it waited ` +
      'for an answer or a script, or for a free connection (HTTP/1.1 gives a browser 6 per origin); every wave costs ' +
      'at least a round trip: ' +
      diagnostics.waves.map((wave, index) => `${index + 1}. ${describeWave(wave)}`).join(' → '),
  ];
}

function lighthouseSection(results: PageResult[], chromium: string, runsPerPage: number): string[] {
  const all = results.flatMap((result) => result.runs);
  const anyRun = all[0];
  const indexes = all
    .map((run) => run.benchmarkIndex)
    .filter((value): value is number => value !== undefined);
  const lowest = indexes.length ? Math.min(...indexes) : undefined;
  const lines = [
    '### Lighthouse (mobile)',
    '',
    anyRun
      ? `Lighthouse ${anyRun.lighthouseVersion}, its default configuration (form factor ${anyRun.formFactor}, ${anyRun.throttling}), ` +
        `categories performance, accessibility, best practices; ${chromium}, headless. ` +
        `${runsPerPage} run(s) per page, pages alternating, cold HTTP cache each run; scores and metrics are medians, ` +
        'the audits listed are those of the run with the median performance score. The `bf-cache` audit is skipped: ' +
        'it leaves and reloads the page after the measured load, which cut off the app’s token refresh and signed the ' +
        'profile out; it weighs nothing in these categories. ' +
        `Signed in as \`${USERNAME}\` through the IdP’s login page (Playwright) in the same browser profile; Lighthouse keeps its storage ` +
        '(`disableStorageReset`), so the error pages are measured signed in too. The API serves the build above from a process of its own ' +
        'on loopback, as `npm start` does. ' +
        `Full results: \`${LHR_DIR}/*.json\` (Lighthouse viewer). Machine at the end of the runs: ${loadNote()} ` +
        `(${os.availableParallelism()} CPUs).`
      : 'Lighthouse did not run.',
    '',
  ];
  if (lowest !== undefined) {
    lines.push(
      `Host CPU benchmark index per run ${formatNumber(lowest)}–${formatNumber(Math.max(...indexes))} ` +
        `(median ${formatNumber(median(indexes) ?? Number.NaN)}; it moves with other work on the machine). The simulated 4× CPU ` +
        'slowdown is calibrated for a host at about 1,500; a slower or busier host adds its own slowness on top, so ' +
        'main-thread time and TBT come out higher and performance lower than on a fast, idle machine. Compare scores ' +
        'only between runs with similar indexes.',
      '',
    );
  }
  lines.push(
    ...table(
      ['Page', 'Performance', 'Accessibility', 'Best practices', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index'],
      results.map(({ page, runs, skipped }) => {
        if (!runs.length) return [page.label, skipped ?? 'not measured', '', '', '', '', '', '', ''];
        const score = (category: Category) => {
          const scores = runs.map((run) => run.scores[category]);
          const middle = median(scores);
          return `${middle === undefined ? '—' : formatNumber(middle)}${runs.length > 1 ? ` (${scores.map((value) => value ?? '—').join(', ')})` : ''}`;
        };
        const metric = (pick: (run: LighthouseRun) => number | undefined) => median(runs.map(pick));
        const cls = metric((run) => run.metrics.cls);
        return [
          `${page.label} \`${page.path}\``,
          score('performance'),
          score('accessibility'),
          score('best-practices'),
          ms(metric((run) => run.metrics.fcpMs)),
          ms(metric((run) => run.metrics.lcpMs)),
          ms(metric((run) => run.metrics.tbtMs)),
          cls === undefined ? '—' : cls.toFixed(3),
          ms(metric((run) => run.metrics.speedIndexMs)),
        ];
      }),
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    ),
    '',
  );
  for (const { page, runs, representative } of results) {
    if (!representative) continue;
    const counts = new Map<string, number>();
    for (const run of runs) {
      for (const found of [...run.failing.accessibility, ...run.failing['best-practices']])
        counts.set(found.id, (counts.get(found.id) ?? 0) + 1);
    }
    // An audit failing in another run but not in the representative one still needs fixing.
    const union = (category: 'accessibility' | 'best-practices') => {
      const byId = new Map<string, AuditIssue>();
      for (const run of [representative, ...runs])
        for (const found of run.failing[category]) if (!byId.has(found.id)) byId.set(found.id, found);
      return [...byId.values()];
    };
    lines.push(`#### ${page.label} \`${page.path}\``, '');
    lines.push(
      `- LCP element: ${representative.lcpElement ? `\`${representative.lcpElement.replaceAll('`', "'")}\`` : '—'}`,
    );
    for (const category of ['accessibility', 'best-practices'] as const) {
      const failing = union(category);
      lines.push(
        `- Failing ${category} audits: ${failing.length ? '' : 'none'}`,
        ...issueLines(failing, runs.length, counts),
      );
    }
    // The LCP element is listed above; as an "audit" it only repeats the LCP time.
    const opportunities = representative.opportunities
      .filter((found) => found.id !== 'largest-contentful-paint-element')
      .slice(0, 6);
    lines.push(
      `- Performance audits not passed (largest estimated savings first): ${opportunities.length ? '' : 'none'}`,
      ...issueLines(opportunities, 1, new Map()),
      ...diagnosticLines(representative),
    );
    const warnings = [...new Set(runs.flatMap((run) => run.warnings))];
    if (warnings.length) lines.push(`- Lighthouse warnings: ${warnings.join(' ')}`);
    lines.push('');
  }
  return lines;
}

/** Which scripts the home page really fetched, against the manifest's prediction. */
function observedScripts(home: PageResult | undefined, bundle: BundleAnalysis, baseUrl: string): string[] {
  const run = home?.representative;
  if (!run) return [];
  const predicted = new Set([...bundle.entryJs, ...bundle.homeJs].map((asset) => asset.file));
  const loaded = run.scripts
    .filter((script) => script.url.startsWith(baseUrl))
    .map((script) => new URL(script.url).pathname.replace(/^\//, ''));
  const extra = loaded.filter((file) => !predicted.has(file));
  const missing = [...predicted].filter((file) => !loaded.includes(file));
  const others = run.scripts.filter((script) => !script.url.startsWith(baseUrl)).map((script) => script.url);
  return [
    `Check against the browser: the signed-in home page fetched ${loaded.length} scripts of the app in the Lighthouse run` +
      `${extra.length ? `, ${extra.length} beyond the prediction above (${extra.map((file) => `\`${file}\``).join(', ')})` : ', none beyond the prediction above'}` +
      `${missing.length ? `; predicted but not fetched: ${missing.map((file) => `\`${file}\``).join(', ')}` : ''}` +
      `${others.length ? `; from other origins: ${others.join(', ')}` : ''}.`,
    '',
  ];
}

/**
 * One Lighthouse run, checked: a trace Lighthouse could not use (it happens on a busy machine), an
 * error, or a load that was a sign-in rather than the page is tried once more; twice is a broken
 * measurement.
 */
async function measureOnce(
  context: BenchContext,
  browser: BenchBrowser,
  { url, label, file }: { url: string; label: string; file: string },
  failures: string[],
): Promise<LighthouseRun | undefined> {
  for (let attempt = 1; ; attempt++) {
    context.log(`Lighthouse ${label}${attempt > 1 ? ' (again)' : ''}`);
    let problem: string;
    let signInAgain = false;
    try {
      const run = await browser.lighthouse(url, path.join(context.settings.root, LHR_DIR, file));
      context.log(
        `  performance ${run.scores.performance ?? '—'}, accessibility ${run.scores.accessibility ?? '—'}, ` +
          `best practices ${run.scores['best-practices'] ?? '—'} (${formatNumber(run.durationMs / 1000)} s; ${loadNote()})`,
      );
      const landed = new URL(run.finalUrl);
      if (run.authProblem) {
        problem = `not a signed-in load (${run.authProblem})`;
        signInAgain = true;
      } else if (run.runtimeError) problem = run.runtimeError;
      else if (landed.origin !== new URL(url).origin || landed.pathname.startsWith('/realms/')) {
        problem = `ended on ${run.finalUrl}, not on the app`;
        signInAgain = true;
      } else return run;
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    if (attempt >= 2) {
      failures.push(`Lighthouse on ${url}, twice: ${problem}`);
      return undefined;
    }
    context.log(`  ${problem}; once more`);
    if (signInAgain) {
      try {
        await browser.signIn(USERNAME, PASSWORD);
      } catch (error) {
        failures.push(`Lighthouse on ${url}: ${problem}, and signing in again failed: ${String(error)}`);
        return undefined;
      }
    }
  }
}

interface Measured {
  results: PageResult[];
  chromium: string;
}

async function measurePages(
  context: BenchContext,
  baseUrl: string,
  runsPerPage: number,
  failures: string[],
): Promise<Measured> {
  const results: PageResult[] = PAGES.map((page) => ({ page, url: `${baseUrl}${page.path}`, runs: [] }));
  await rm(path.join(context.settings.root, LHR_DIR), { recursive: true, force: true });
  await mkdir(path.join(context.settings.root, LHR_DIR), { recursive: true });
  let browser: BenchBrowser | undefined;
  try {
    browser = await openBrowser({ baseUrl, log: context.log });
    const opened = browser;
    context.defer(() => opened.close());
    let signedIn = true;
    try {
      await browser.signIn(USERNAME, PASSWORD);
    } catch (error) {
      signedIn = false;
      failures.push(`Signing in as ${USERNAME} failed, pages that need it were skipped: ${String(error)}`);
    }
    for (let round = 1; round <= runsPerPage; round++) {
      for (const result of results) {
        if (result.page.needsSignIn && !signedIn) {
          result.skipped = 'skipped: sign-in failed';
          continue;
        }
        const run = await measureOnce(
          context,
          browser,
          {
            url: result.url,
            label: `${round}/${runsPerPage}: ${result.page.path}`,
            file: `${result.page.slug}-${round}.json`,
          },
          failures,
        );
        if (run) result.runs.push(run);
      }
    }
    for (const result of results) {
      const middle = median(result.runs.map((run) => run.scores.performance));
      result.representative = [...result.runs].sort(
        (a, b) =>
          Math.abs((a.scores.performance ?? 0) - (middle ?? 0)) -
          Math.abs((b.scores.performance ?? 0) - (middle ?? 0)),
      )[0];
    }
    return { results, chromium: browser.chromiumVersion };
  } catch (error) {
    failures.push(
      `Chromium or Lighthouse could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return { results, chromium: 'Chromium' };
  } finally {
    // Closed here so Chromium does not outlive the suite; the deferred close covers a crash before this.
    await browser?.close();
  }
}

function pageTargets(results: PageResult[]): TargetCheck[] {
  return results.flatMap(({ page, runs }) => {
    const score = (category: Category) => median(runs.map((run) => run.scores[category]));
    return [
      check(`Lighthouse mobile ${page.label}: performance`, score('performance'), '>=', TARGETS.performance),
      check(
        `Lighthouse mobile ${page.label}: accessibility`,
        score('accessibility'),
        '>=',
        TARGETS.accessibility,
      ),
      check(
        `Lighthouse mobile ${page.label}: best practices`,
        score('best-practices'),
        '>=',
        TARGETS.bestPractices,
      ),
      check(
        `Lighthouse mobile ${page.label}: LCP (lab)`,
        median(runs.map((run) => run.metrics.lcpMs)),
        '<=',
        TARGETS.lcpMs,
        ' ms',
      ),
    ];
  });
}

async function runSuite(context: BenchContext): Promise<SectionReport> {
  const { root } = context.settings;
  const distDir = path.join(root, DIST_DIR);
  const failures: string[] = [];
  const runsPerPage = lighthouseRuns();

  context.log(`Building the web app into ${DIST_DIR}`);
  const buildStarted = performance.now();
  const changes = await workingTreeChanges(root);
  try {
    await buildWebApp({ root, outDir: distDir });
  } catch (error) {
    return {
      title: 'Web app: JavaScript size and Lighthouse',
      body: ['The web app did not build; nothing was measured.'],
      targets: [],
      failures: [error instanceof Error ? error.message : String(error)],
    };
  }
  const buildS = (performance.now() - buildStarted) / 1000;
  const bundle = await analyseBundle({ root, distDir, pages: MEASURED_PAGES });
  const initialGzip =
    bundle.pageJs.find((page) => page.name === 'home')?.gzipBytes ??
    sum([...bundle.entryJs, ...bundle.homeJs]);
  const largestRoute = bundle.routeChunks[0];
  const overBudget = budgetChecks(bundle).filter((item) => !item.ok);
  context.log(
    `Initial JS ${kb(initialGzip)} gzip; largest route chunk ${largestRoute ? `${largestRoute.route} ${kb(largestRoute.gzipBytes)}` : '—'}`,
  );

  // An API process of its own, serving this build: the shared one serves apps/web/dist.
  let measured: (Measured & { baseUrl: string }) | undefined;
  try {
    const database = await context.database();
    context.log('Starting an API server for the web app');
    const server = await startServerProcess('api', { databaseUrl: database.url, webDist: distDir });
    context.defer(() => server.stop());
    measured = { ...(await measurePages(context, server.url, runsPerPage, failures)), baseUrl: server.url };
    await server.stop();
  } catch (error) {
    failures.push(
      `The API server for Lighthouse did not start: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const results =
    measured?.results ?? PAGES.map((page) => ({ page, url: page.path, runs: [], skipped: 'not measured' }));

  const body = [
    `Built with \`npx vite build --manifest\` into \`${DIST_DIR}\` in ${formatNumber(buildS)} s, from the working tree` +
      `${changes === undefined ? '' : changes ? ` (${changes} file(s) under apps/web and packages/contracts differ from the commit)` : ' (apps/web and packages/contracts as committed)'}. ` +
      'Sizes are per file as each is transferred: gzip by node:zlib `gzipSync` at level 9 (the figure the targets use); ' +
      '“Sent” is what the API sends a browser that accepts brotli: the `.br` copy the build writes, or the file as it is ' +
      'when the build wrote none (small files); 1 kB = 1,000 bytes.',
    '',
    ...bundleSection(bundle),
    ...(measured ? observedScripts(measured.results[0], bundle, measured.baseUrl) : []),
    ...lighthouseSection(results, measured?.chromium ?? 'Chromium', runsPerPage),
  ];
  const targets: TargetCheck[] = [
    check(
      'Initial JS of the web app (entry + home route), gzip',
      initialGzip / 1000,
      '<=',
      TARGETS.initialJsKb,
      ' kB',
    ),
    {
      ...check(
        'Largest route chunk of the web app, gzip',
        largestRoute && largestRoute.gzipBytes / 1000,
        '<=',
        TARGETS.routeChunkKb,
        ' kB',
      ),
      ...(largestRoute ? { name: `Largest route chunk (\`${largestRoute.route}\`), gzip` } : {}),
    },
    check(
      'Initial CSS (render-blocking before decision 0042), gzip',
      sum(bundle.initialCss) / 1000,
      '<=',
      TARGETS.cssKb,
      ' kB',
    ),
    check('Lazy chunks over their limit (check-web-budget.ts)', overBudget.length, '<=', 0),
    ...pageTargets(results),
  ];
  return { title: 'Web app: JavaScript size and Lighthouse', body, targets, failures };
}

export const webSuite: Suite = {
  id: 'web',
  title: 'Web app: JavaScript size and Lighthouse',
  // Build, sign-in and 7 Lighthouse runs take about 2 minutes; a run stuck at Lighthouse's 45 s page
  // limit and a retry or two must still fit.
  // Read here without validation (the suite checks the variable when it runs, with a clear message).
  extraTimeS:
    60 + 40 * (PAGES.length * (Number.parseInt(process.env.BENCH_LIGHTHOUSE_RUNS ?? '', 10) || 2) + 1),
  run: runSuite,
};
