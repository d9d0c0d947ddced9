import { textParam } from '../../../lib/search-params.ts';

/** /admin/customers?q=…: the search (at least 3 characters, as every search, SPEC.md §5). */
export interface AdminCustomersSearch {
  q?: string;
}

export const MIN_SEARCH_LENGTH = 3;

// A plain check rather than zod: validateSearch is not code-split.
export function validateAdminCustomersSearch(search: Record<string, unknown>): AdminCustomersSearch {
  const q = textParam(search.q, 100)?.trim() ?? '';
  return q.length >= MIN_SEARCH_LENGTH ? { q } : {};
}
