/** A page heading's texts as translation keys in one namespace of the web app's locale files. */
export interface PageHeadingKeys {
  ns: string;
  title: string;
  intro: string;
}

/**
 * Pages whose heading and introduction are fixed texts. The API writes them into index.html's first
 * screen for the page's address and language (apps/api/src/plugins/web.ts), so the page's largest
 * text shows before any script has run; the page renders the same keys
 * (apps/web/src/components/layout/page-heading.tsx) at the same place.
 */
export const STATIC_PAGE_HEADINGS = {
  '/support': { ns: 'support', title: 'title', intro: 'intro' },
  '/servers': { ns: 'default', title: 'trends.servers.title', intro: 'trends.servers.intro' },
  '/servers/trends': { ns: 'default', title: 'trends.title', intro: 'trends.intro' },
  '/servers/system-landscape': { ns: 'default', title: 'landscape.title', intro: 'landscape.intro' },
  '/administration': { ns: 'default', title: 'administration.title', intro: 'administration.intro' },
  '/administration/invoices': {
    ns: 'default',
    title: 'administration.invoices.title',
    intro: 'administration.invoices.intro',
  },
  '/administration/contracts': {
    ns: 'default',
    title: 'administration.contracts.title',
    intro: 'administration.contracts.intro',
  },
  '/sla-usage': { ns: 'usage', title: 'overview.title', intro: 'overview.intro' },
  '/sla-usage/application-statuses': {
    ns: 'usage',
    title: 'availability.title',
    intro: 'availability.intro',
  },
  '/sla-usage/usage': { ns: 'usage', title: 'title', intro: 'intro' },
} as const satisfies Record<string, PageHeadingKeys>;

export type StaticPagePath = keyof typeof STATIC_PAGE_HEADINGS;

/** The page path of an address ('/support/' and '/support' alike), when its heading is fixed. */
export function staticPagePath(pathname: string): StaticPagePath | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.hasOwn(STATIC_PAGE_HEADINGS, path) ? (path as StaticPagePath) : undefined;
}

/**
 * Whether an address is one of the web app's pages. `patterns` are TanStack Router's full paths (the
 * web build's routes.json): `$name` is one segment, `{-$name}` an optional one, a last `$` the rest
 * (or nothing), a trailing `/` an index page. Like the router, letters match in either case.
 */
export function isAppPath(patterns: readonly string[], pathname: string): boolean {
  const segments = pathname.toLowerCase().split('/').filter(Boolean);
  return patterns.some((pattern) =>
    segmentsMatch(pattern.toLowerCase().split('/').filter(Boolean), segments),
  );
}

function segmentsMatch(pattern: readonly string[], segments: readonly string[]): boolean {
  const [head, ...rest] = pattern;
  if (head === undefined) return segments.length === 0;
  if (head === '$') return true;
  if (/^\{-\$[^}]+\}$/.test(head))
    return segmentsMatch(rest, segments) || (segments.length > 0 && segmentsMatch(rest, segments.slice(1)));
  if (segments.length === 0) return false;
  return (head.startsWith('$') || head === segments[0]) && segmentsMatch(rest, segments.slice(1));
}
