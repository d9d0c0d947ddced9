import { writeFile } from 'node:fs/promises';
import type { Flags, Result } from 'lighthouse';
import type { Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { sleep } from './net.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The app keeps its access token here (SPEC.md §3); its presence means the sign-in completed. */
const ACCESS_TOKEN_KEY = 'portaal_auth_token';

export interface AuditIssue {
  id: string;
  title: string;
  displayValue?: string;
  /** A few offending nodes, console messages or URLs, so the report says where. */
  examples: string[];
}

export interface Metrics {
  fcpMs?: number;
  lcpMs?: number;
  tbtMs?: number;
  cls?: number;
  speedIndexMs?: number;
}

export interface ScriptRequest {
  url: string;
  transferBytes: number;
}

export interface RequestWave {
  /** Path (and query) for the page's own origin, the full URL otherwise. */
  requests: { path: string; type: string }[];
}

export interface Diagnostics {
  /** Bytes over the wire for the whole load. */
  totalBytes?: number;
  /** The same responses decoded: the difference is what compression saved. */
  resourceBytes: number;
  mainThreadMs?: number;
  /** The largest kinds of main-thread work (script evaluation, style and layout, …). */
  mainThread: { label: string; ms: number }[];
  waves: RequestWave[];
}

export interface LighthouseRun {
  /** 0–100, undefined when Lighthouse could not score the category. */
  scores: Record<Category, number | undefined>;
  metrics: Metrics;
  failing: Record<Exclude<Category, 'performance'>, AuditIssue[]>;
  /** Performance audits that did not pass, largest estimated savings first. */
  opportunities: AuditIssue[];
  lcpElement?: string;
  finalUrl: string;
  warnings: string[];
  runtimeError?: string;
  scripts: ScriptRequest[];
  diagnostics: Diagnostics;
  /**
   * Set when the load was not the signed-in one it should be: it went through the IdP's authorisation
   * endpoint (the stored tokens were gone) or the token refresh failed.
   */
  authProblem?: string;
  durationMs: number;
  lighthouseVersion: string;
  benchmarkIndex?: number;
  throttling: string;
  formFactor: string;
}

export interface BenchBrowser {
  chromiumVersion: string;
  /**
   * Loads the app and signs in through the IdP's real login page if it asks; afterwards the profile's
   * localStorage holds fresh tokens. Also repairs a profile whose tokens a cut-off run used up.
   */
  signIn(username: string, password: string): Promise<void>;
  /**
   * Lighthouse (mobile defaults) on `url` in this profile, after emptying the HTTP cache; the full
   * result is written to `saveTo` when given (open it in the Lighthouse viewer).
   */
  lighthouse(url: string, saveTo?: string): Promise<LighthouseRun>;
  close(): Promise<void>;
}

type Details = { type?: string; items?: unknown[] } & Record<string, unknown>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const clip = (text: string, length = 160) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** The first DOM node a details tree mentions (Lighthouse nests them in tables and lists). */
function firstNode(value: unknown): Record<string, unknown> | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstNode(item);
      if (found) return found;
    }
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  if (value.type === 'node') return value;
  for (const child of Object.values(value)) {
    const found = firstNode(child);
    if (found) return found;
  }
  return undefined;
}

function describeNode(node: Record<string, unknown>): string {
  const label = typeof node.nodeLabel === 'string' ? node.nodeLabel : '';
  const snippet = typeof node.snippet === 'string' ? node.snippet : '';
  return clip(label && snippet && !snippet.includes(label) ? `${snippet} (“${label}”)` : snippet || label);
}

/** One table row of an audit as text: the node, console message, URL or source it is about. */
function describeItem(item: unknown): string | undefined {
  if (!isRecord(item)) return undefined;
  const node = firstNode(item);
  if (node) return describeNode(node);
  for (const key of ['description', 'url', 'source', 'label']) {
    const value = item[key];
    if (typeof value === 'string' && value) return clip(value);
    if (isRecord(value) && typeof value.url === 'string') return clip(value.url);
  }
  return undefined;
}

function issue(audit: Result['audits'][string]): AuditIssue {
  const details = audit.details as Details | undefined;
  const examples = (details?.items ?? [])
    .map(describeItem)
    .filter((text): text is string => Boolean(text))
    .slice(0, 3);
  if (audit.explanation) examples.unshift(clip(audit.explanation, 240));
  return { id: audit.id, title: audit.title, displayValue: audit.displayValue, examples };
}

const SCORED = new Set(['binary', 'numeric', 'metricSavings']);

function failingAudits(lhr: Result, category: Category): AuditIssue[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.group !== 'hidden')
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (audit): audit is Result['audits'][string] =>
        audit !== undefined && SCORED.has(audit.scoreDisplayMode) && audit.score !== null && audit.score < 1,
    )
    .map(issue);
}

function opportunities(lhr: Result): AuditIssue[] {
  const savings = (audit: Result['audits'][string]) => {
    const metric = audit.metricSavings ?? {};
    const details = audit.details as Details | undefined;
    const overall = typeof details?.overallSavingsMs === 'number' ? details.overallSavingsMs : 0;
    return Math.max(overall, (metric.LCP ?? 0) + (metric.FCP ?? 0) + (metric.TBT ?? 0));
  };
  return (lhr.categories.performance?.auditRefs ?? [])
    .filter((ref) => ref.group !== 'metrics' && ref.group !== 'hidden')
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (audit): audit is Result['audits'][string] =>
        audit !== undefined &&
        SCORED.has(audit.scoreDisplayMode) &&
        audit.score !== null &&
        audit.score < 0.9,
    )
    .sort((a, b) => savings(b) - savings(a))
    .map(issue);
}

function scripts(lhr: Result): ScriptRequest[] {
  const details = lhr.audits['network-requests']?.details as Details | undefined;
  return (details?.items ?? []).flatMap((item) =>
    isRecord(item) && item.resourceType === 'Script' && typeof item.url === 'string'
      ? [{ url: item.url, transferBytes: typeof item.transferSize === 'number' ? item.transferSize : 0 }]
      : [],
  );
}

/**
 * The load as a sequence of waves: a request that starts only after every request before it has
 * finished waited for one of them (a script that had to run, an answer it needed) or for a free
 * connection. Each wave is a round trip that no amount of bandwidth removes. Heuristic, from the
 * observed (unthrottled) timings of the run.
 */
function requestWaves(lhr: Result): RequestWave[] {
  const details = lhr.audits['network-requests']?.details as Details | undefined;
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  const requests = (details?.items ?? [])
    .flatMap((item) =>
      isRecord(item) &&
      typeof item.url === 'string' &&
      typeof item.networkRequestTime === 'number' &&
      typeof item.networkEndTime === 'number'
        ? [
            {
              url: item.url,
              type: typeof item.resourceType === 'string' ? item.resourceType : 'Other',
              start: item.networkRequestTime,
              end: item.networkEndTime,
            },
          ]
        : [],
    )
    .sort((a, b) => a.start - b.start);
  const waves: RequestWave[] = [];
  let waveEnd = Number.NEGATIVE_INFINITY;
  for (const request of requests) {
    const url = new URL(request.url);
    const entry = {
      path: url.origin === origin ? `${url.pathname}${url.search}` : request.url,
      type: request.type,
    };
    const current = waves.at(-1);
    if (current && request.start < waveEnd) {
      current.requests.push(entry);
      waveEnd = Math.max(waveEnd, request.end);
    } else {
      waves.push({ requests: [entry] });
      waveEnd = request.end;
    }
  }
  return waves;
}

function authProblem(lhr: Result): string | undefined {
  const details = lhr.audits['network-requests']?.details as Details | undefined;
  const problems = (details?.items ?? []).flatMap((item) => {
    if (!isRecord(item) || typeof item.url !== 'string') return [];
    const { pathname } = new URL(item.url);
    const status = typeof item.statusCode === 'number' ? item.statusCode : 0;
    if (pathname.endsWith('/protocol/openid-connect/auth')) return ['went through the login redirect'];
    if (pathname.endsWith('/protocol/openid-connect/token') && (status >= 400 || item.finished === false))
      return [`the token refresh failed (status ${status || 'none'})`];
    return [];
  });
  return problems.length ? [...new Set(problems)].join(', ') : undefined;
}

function diagnostics(lhr: Result): Diagnostics {
  const breakdown = lhr.audits['mainthread-work-breakdown'];
  const items = ((breakdown?.details as Details | undefined)?.items ?? []).flatMap((item) =>
    isRecord(item) && typeof item.groupLabel === 'string' && typeof item.duration === 'number'
      ? [{ label: item.groupLabel, ms: item.duration }]
      : [],
  );
  const requests = (lhr.audits['network-requests']?.details as Details | undefined)?.items ?? [];
  return {
    totalBytes: lhr.audits['total-byte-weight']?.numericValue,
    resourceBytes: requests.reduce<number>(
      (total, item) =>
        total + (isRecord(item) && typeof item.resourceSize === 'number' ? item.resourceSize : 0),
      0,
    ),
    mainThreadMs: breakdown?.numericValue,
    mainThread: items.sort((a, b) => b.ms - a.ms).slice(0, 3),
    waves: requestWaves(lhr),
  };
}

export function summariseRun(lhr: Result, durationMs: number): LighthouseRun {
  // The API's port changes every run: same-origin URLs read (and compare) better as paths.
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  const relative = (issues: AuditIssue[]) =>
    issues.map((found) => ({
      ...found,
      examples: found.examples.map((text) => text.replaceAll(origin, '')),
    }));
  const score = (category: Category) => {
    const value = lhr.categories[category]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : undefined;
  };
  const numeric = (id: string) => lhr.audits[id]?.numericValue;
  const lcpNode = firstNode(lhr.audits['largest-contentful-paint-element']?.details);
  const { throttling, throttlingMethod, formFactor } = lhr.configSettings;
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
    },
    metrics: {
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      speedIndexMs: numeric('speed-index'),
    },
    failing: {
      accessibility: relative(failingAudits(lhr, 'accessibility')),
      'best-practices': relative(failingAudits(lhr, 'best-practices')),
    },
    opportunities: relative(opportunities(lhr)),
    lcpElement: lcpNode && describeNode(lcpNode),
    finalUrl: lhr.finalDisplayedUrl,
    warnings: lhr.runWarnings.map((warning) => clip(warning, 300)),
    runtimeError: lhr.runtimeError && `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`,
    scripts: scripts(lhr),
    diagnostics: diagnostics(lhr),
    authProblem: authProblem(lhr),
    durationMs,
    lighthouseVersion: lhr.lighthouseVersion,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    throttling:
      `${throttlingMethod}: RTT ${throttling.rttMs} ms, ${((throttling.throughputKbps ?? 0) / 1024).toFixed(1)} Mbit/s, ` +
      `CPU slowdown ${throttling.cpuSlowdownMultiplier}×`,
    formFactor,
  };
}

/** Where a page stands in the sign-in: on the IdP's form, in the app with a token, or in between. */
async function pageState(page: Page): Promise<'form' | 'signed in' | 'pending'> {
  try {
    if (await page.locator('#username').isVisible()) return 'form';
    // Typed by hand: the bench compiles without the DOM library. A function, not a string: the app's
    // CSP forbids eval, and Playwright calls functions through the protocol instead.
    const signedIn = await page.evaluate((key: string) => {
      const browser = globalThis as unknown as {
        localStorage: { getItem(name: string): string | null };
        location: { pathname: string };
      };
      return browser.localStorage.getItem(key) !== null && !browser.location.pathname.startsWith('/realms/');
    }, ACCESS_TOKEN_KEY);
    return signedIn ? 'signed in' : 'pending';
  } catch {
    // The page navigated while being asked.
    return 'pending';
  }
}

/**
 * Debian's Chromium with a profile of its own, started by chrome-launcher with the flags Lighthouse
 * expects (among them RenderDocument off: with it, Chromium 156 often records no navigation start).
 * Playwright connects over the debugging port only to sign in and to empty the HTTP cache, and
 * disconnects before every Lighthouse run, so nothing of it is attached to the measured page.
 * Lighthouse opens its pages in the same default context, where the app keeps its tokens in
 * localStorage; `disableStorageReset` keeps Lighthouse from wiping them.
 */
export async function openBrowser({
  baseUrl,
  log,
}: {
  baseUrl: string;
  log(line: string): void;
}): Promise<BenchBrowser> {
  const [{ chromium }, { default: lighthouse }, { launch }] = await Promise.all([
    import('playwright-core'),
    import('lighthouse'),
    import('chrome-launcher'),
  ]);
  const launched = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless', ...CHROMIUM_FLAGS],
    logLevel: 'silent',
    // Its own Ctrl-C handler exits the process at once, before the runner stops PostgreSQL and the
    // servers; the runner's cleanup kills Chromium anyway (close() is deferred).
    handleSIGINT: false,
  });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    // Also removes the temporary profile chrome-launcher made.
    launched.kill();
  };

  /** A short Playwright connection: attached to every page while it lasts, so never during a run. */
  const withPage = async <T>(work: (page: Page) => Promise<T>): Promise<T> => {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${launched.port}`);
    try {
      const context = browser.contexts()[0];
      if (!context) throw new Error('Chromium has no default context');
      const page = await context.newPage();
      try {
        return await work(page);
      } finally {
        await page.close();
      }
    } finally {
      // Disconnects; the browser and its default context stay.
      await browser.close();
    }
  };

  try {
    const version = await withPage(async (page) => {
      const cdp = await page.context().newCDPSession(page);
      return ((await cdp.send('Browser.getVersion')) as { product: string }).product;
    });
    const flags: Flags = {
      port: launched.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: true,
      // Its gatherer leaves the page and comes back after the measured load: the app loads again and
      // rotates its refresh token while Lighthouse closes the tab, so the next run finds a used token
      // (the IdP then revokes the session). The audit weighs nothing in the three categories.
      skipAudits: ['bf-cache'],
    };
    return {
      chromiumVersion: version,
      signIn: (username: string, password: string) =>
        withPage(async (page) => {
          log(`Signing in as ${username} (the IdP's login page when it asks)`);
          await page.goto(`${baseUrl}/`);
          const deadline = performance.now() + 45_000;
          let signedInSince: number | undefined;
          let submitted = false;
          for (;;) {
            if (performance.now() > deadline) throw new Error('not signed in after 45 s');
            const now = await pageState(page);
            if (now === 'form') {
              if (submitted)
                throw new Error(`the IdP showed its login form again after signing in as ${username}`);
              await page.locator('#username').fill(username);
              await page.locator('#password').fill(password);
              await page.locator('#kc-login').click();
              submitted = true;
              signedInSince = undefined;
            } else if (now === 'signed in') {
              signedInSince ??= performance.now();
              // Still signed in a moment later: the token refresh at start-up went through.
              if (performance.now() - signedInSince > 1_500) break;
            } else {
              signedInSince = undefined;
            }
            await sleep(200);
          }
          // The app's own requests settle before its tab closes, so no token refresh is cut off.
          await page.waitForLoadState('networkidle');
        }),
      async lighthouse(url: string, saveTo?: string) {
        await withPage(async (page) => {
          await (await page.context().newCDPSession(page)).send('Network.clearBrowserCache');
        });
        const started = performance.now();
        const result = await lighthouse(url, flags);
        if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
        const durationMs = performance.now() - started;
        if (saveTo) await writeFile(saveTo, JSON.stringify(result.lhr));
        return summariseRun(result.lhr, durationMs);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
