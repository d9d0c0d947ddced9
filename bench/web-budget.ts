import { type BundleAnalysis, type PageSpec, sum } from './web-build.ts';

/**
 * The weight limits of the web app (issue 10), checked in CI after every build (check-web-budget.ts)
 * and reported by the bench's web suite. gzip level 9 per file, 1 kB = 1,000 bytes.
 */
export const WEB_BUDGET = {
  /** Entry, its static imports (the modulepreloads) and the home route's chunks. */
  homeInitialJsKb: 170,
  /** The CSS index.html links: it blocks the first paint. */
  renderBlockingCssKb: 20,
  /**
   * Every route's split chunk on its own, and the shared chunks routes load with them. Lazy modules
   * outside src/routes (posthog-js after sign-in) are reported by the bench, not limited here.
   */
  routeChunkKb: 50,
} as const;

/** The pages whose initial JS is measured; the first is the one the budget limits. */
export const MEASURED_PAGES: PageSpec[] = [
  {
    name: 'home',
    label: 'Home (signed in)',
    routeFiles: ['src/routes/_dashboard.tsx', 'src/routes/_dashboard/index.tsx'],
  },
  {
    name: 'tickets',
    label: 'Ticket list',
    routeFiles: ['src/routes/_app.tsx', 'src/routes/_app/support.index.tsx'],
  },
  {
    name: 'ticket',
    label: 'Ticket',
    routeFiles: ['src/routes/_app.tsx', 'src/routes/_app/support.ticket.$id.tsx'],
  },
  {
    name: 'not-found',
    label: 'Page not found',
    routeFiles: [],
    lazyModules: ['src/components/errors/error-page.tsx'],
  },
];

export interface BudgetCheck {
  label: string;
  kb: number;
  limitKb: number;
  ok: boolean;
}

/** Each limit against the build: home's initial JS, the initial CSS (render-blocking until decision 0042), and every lazy chunk. */
export function budgetChecks(bundle: BundleAnalysis): BudgetCheck[] {
  const entry = (label: string, bytes: number, limitKb: number): BudgetCheck => ({
    label,
    kb: bytes / 1000,
    limitKb,
    ok: bytes / 1000 <= limitKb,
  });
  const home = bundle.pageJs.find((page) => page.name === 'home');
  const homeBytes = home?.gzipBytes ?? sum([...bundle.entryJs, ...bundle.homeJs]);
  return [
    entry('Initial JS of the home page', homeBytes, WEB_BUDGET.homeInitialJsKb),
    entry('Initial CSS', sum(bundle.initialCss), WEB_BUDGET.renderBlockingCssKb),
    ...bundle.routeChunks
      .filter((chunk) => chunk.route.startsWith('src/routes/'))
      .map((chunk) =>
        entry(
          `Lazy chunk ${chunk.route}${chunk.split ? ` (${chunk.split})` : ''}`,
          chunk.gzipBytes,
          WEB_BUDGET.routeChunkKb,
        ),
      ),
    ...bundle.sharedLazyJs.map((asset) =>
      entry(`Shared lazy chunk ${asset.file}`, asset.gzipBytes, WEB_BUDGET.routeChunkKb),
    ),
  ];
}
