import { landscapePath } from '@portaal/contracts';
import type { SearchHit } from '@portaal/contracts/search';
import type { SearchContext, SearchRegistration } from '../search/search.registry.ts';
import type { LandscapeService } from './landscape.service.ts';
import type { LandscapeFinds, LandscapeFound } from './landscape.source.ts';

// Servers and landscape objects in the global search (DESIGN.md §8), through the landscape service, so
// the search answers from whichever source the landscape has (the database or NetBox). Two groups: the
// servers (devices with role server, and virtual machines) and every other object, at most `limit` hits
// each. The source answers both groups at once (the database in one statement, landscape.repo.ts
// LANDSCAPE_SEARCH_SQL): the two registrations share that answer per search.

const INFRA_READ = { customer: ['infra-read' as const] };

/** A found object as a search hit (bench/bare-server.ts's search maps its rows with it too). */
export const toHit = (found: LandscapeFound): SearchHit => ({
  id: found.id,
  title: found.name,
  subtitle: found.details.filter((part): part is string => Boolean(part)).join(' · '),
  route: landscapePath(found.id),
});

/** Servers by name, then id (devices and VMs come from two lists). */
export const serverHits = (finds: LandscapeFinds, limit: number): SearchHit[] =>
  [...finds.servers]
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id.localeCompare(b.id, 'en'))
    .slice(0, limit)
    .map(toHit);

/** The other objects kind by kind, each in its list's order. */
export const objectHits = (finds: LandscapeFinds, limit: number): SearchHit[] =>
  finds.others.slice(0, limit).map(toHit);

/** One source call per search (the registry hands every registration the same context). */
const answers = new WeakMap<SearchContext, Promise<LandscapeFinds>>();

function finds(landscape: LandscapeService, context: SearchContext): Promise<LandscapeFinds> {
  const { customerId, text, limit } = context;
  if (customerId === undefined) return Promise.resolve({ servers: [], others: [] });
  let answer = answers.get(context);
  if (!answer) {
    answer = landscape.search(customerId, text, limit);
    answers.set(context, answer);
  }
  return answer;
}

/** The customer's servers whose name (or DNS name) holds the text: infra-read. */
export const serversSearch = (landscape: LandscapeService): SearchRegistration => ({
  kind: 'servers',
  requires: INFRA_READ,
  perCustomer: true,
  async search(context) {
    return serverHits(await finds(landscape, context), context.limit);
  },
});

/** Every other landscape object (racks, network devices, addresses, prefixes, clusters): infra-read. */
export const landscapeSearch = (landscape: LandscapeService): SearchRegistration => ({
  kind: 'landscape',
  requires: INFRA_READ,
  perCustomer: true,
  async search(context) {
    return objectHits(await finds(landscape, context), context.limit);
  },
});
