import { hasRights, type RightsMap, type RightsRequirement } from '@portaal/contracts';
import type { SearchHit, SearchQuery, SearchResult } from '@portaal/contracts/search';

/** What a domain's search gets: the pattern, the customer (when one is selected) and the caller. */
export interface SearchContext {
  /** An ILIKE pattern with the text's wildcards escaped: `%text%`. */
  pattern: string;
  /** The text itself (a number search compares it exactly). */
  text: string;
  customerId?: number;
  userId: string;
  rights: RightsMap;
  limit: number;
}

/** One domain's part of the global search (DESIGN.md §8): it adds itself with one register call. */
export interface SearchRegistration {
  kind: string;
  /** Asked of the selected customer (customer rights) or alone (global rights, staff). */
  requires: RightsRequirement;
  /** Whether it needs a selected customer. */
  perCustomer: boolean;
  search(context: SearchContext): Promise<SearchHit[]>;
}

export const SEARCH_LIMIT = 10;

/** LIKE wildcards in a search are literal characters. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The global search: every registration the caller may read runs, each answering its own group. */
export function createSearch() {
  const registrations: SearchRegistration[] = [];
  return {
    register(registration: SearchRegistration) {
      registrations.push(registration);
    },
    async search(caller: { userId: string; rights: RightsMap }, query: SearchQuery): Promise<SearchResult> {
      const context = {
        pattern: likePattern(query.q),
        text: query.q,
        customerId: query.customer_id,
        userId: caller.userId,
        rights: caller.rights,
        limit: SEARCH_LIMIT,
      };
      const allowed = registrations.filter((registration) =>
        registration.perCustomer
          ? query.customer_id !== undefined &&
            hasRights(caller.rights, registration.requires, query.customer_id, () => {})
          : hasRights(caller.rights, registration.requires, undefined, () => {}),
      );
      const groups = await Promise.all(
        allowed.map(async (registration) => ({
          kind: registration.kind,
          hits: await registration.search(context),
        })),
      );
      return { q: query.q, groups: groups.filter((group) => group.hits.length > 0) };
    },
  };
}
export type Search = ReturnType<typeof createSearch>;
