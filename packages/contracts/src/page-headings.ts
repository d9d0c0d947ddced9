import { cookieValue, PAGES_COOKIE } from './first-screen.ts';
import { hasRights, type RightsMap, type RightsRequirement } from './rights.ts';

/** A page heading's texts as translation keys in one namespace of the web app's locale files. */
export interface PageHeadingKeys {
  ns: string;
  title: string;
  intro: string;
}

/** A page with a fixed heading, and the rights its route asks (the route's `staticData.requirement`). */
export interface StaticPage extends PageHeadingKeys {
  requires: RightsRequirement;
}

/**
 * Pages whose heading and introduction are fixed texts. The API writes them into index.html's first
 * screen for the page's address and language (apps/api/src/plugins/web.ts), so the page's largest
 * text shows before any script has run; the page renders the same keys
 * (apps/web/src/components/layout/page-heading.tsx) at the same place. Only for users who may open
 * the page (the pages cookie below): a heading that the no-access page then replaces would mislead.
 */
export const STATIC_PAGE_HEADINGS = {
  '/support': { ns: 'support', title: 'title', intro: 'intro', requires: { customer: ['ticket-read'] } },
  '/servers': {
    ns: 'default',
    title: 'trends.servers.title',
    intro: 'trends.servers.intro',
    requires: { customer: ['trend-read'] },
  },
  '/servers/trends': {
    ns: 'default',
    title: 'trends.title',
    intro: 'trends.intro',
    requires: { customer: ['trend-read'] },
  },
  '/servers/system-landscape': {
    ns: 'default',
    title: 'landscape.title',
    intro: 'landscape.intro',
    requires: { customer: ['infra-read'] },
  },
  '/administration': {
    ns: 'default',
    title: 'administration.title',
    intro: 'administration.intro',
    requires: { customer: { anyOf: ['invoice-read', 'subscription-read'] } },
  },
  '/administration/invoices': {
    ns: 'default',
    title: 'administration.invoices.title',
    intro: 'administration.invoices.intro',
    requires: { customer: ['invoice-read'] },
  },
  '/administration/contracts': {
    ns: 'default',
    title: 'administration.contracts.title',
    intro: 'administration.contracts.intro',
    requires: { customer: ['subscription-read'] },
  },
  '/sla-usage': {
    ns: 'usage',
    title: 'overview.title',
    intro: 'overview.intro',
    requires: { customer: ['uptime-read'] },
  },
  '/sla-usage/application-statuses': {
    ns: 'usage',
    title: 'availability.title',
    intro: 'availability.intro',
    requires: { customer: ['uptime-read'] },
  },
  '/sla-usage/usage': {
    ns: 'usage',
    title: 'title',
    intro: 'intro',
    requires: { customer: ['uptime-read', 'usage-read'] },
  },
} as const satisfies Record<string, StaticPage>;

export type StaticPagePath = keyof typeof STATIC_PAGE_HEADINGS;

const STATIC_PAGE_PATHS = Object.keys(STATIC_PAGE_HEADINGS) as StaticPagePath[];

/** The page path of an address ('/support/' and '/support' alike), when its heading is fixed. */
export function staticPagePath(pathname: string): StaticPagePath | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.hasOwn(STATIC_PAGE_HEADINGS, path) ? (path as StaticPagePath) : undefined;
}

/** Set by GET /api/v2/me; removed at sign-out. */
export { PAGES_COOKIE };

/**
 * The pages with a fixed heading that the user may open in at least one of their customers (staff's
 * global rights count for every customer). A hint for the first screen, never a credential: the
 * route guard and the API decide.
 */
export function openablePages(rights: RightsMap): StaticPagePath[] {
  // '0' is no customer: for it only global rights count.
  const customers = [...Object.keys(rights).filter((key) => key !== 'global'), '0'];
  return STATIC_PAGE_PATHS.filter((path) =>
    customers.some((customer) => hasRights(rights, STATIC_PAGE_HEADINGS[path].requires, customer, () => {})),
  );
}

/** `portaal_pages=support|servers/trends|…`: the openable pages without their leading slash. */
export const pagesCookie = (rights: RightsMap, secure = false) =>
  `${PAGES_COOKIE}=${openablePages(rights)
    .map((path) => path.slice(1))
    .join('|')}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`;

/** The pages that a Cookie header's pages cookie names (none without one). */
export function pagesFromCookie(header: string | undefined): Set<StaticPagePath> {
  const named = new Set((cookieValue(header, PAGES_COOKIE) ?? '').split('|').map((path) => `/${path}`));
  return new Set(STATIC_PAGE_PATHS.filter((path) => named.has(path)));
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
