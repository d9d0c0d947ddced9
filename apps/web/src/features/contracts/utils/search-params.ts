import { contractStatuses } from '@portaal/contracts/administration-statuses';
import { textParam } from '../../../lib/search-params.ts';

/** /administration/contracts?q=…&status=active&ended=1. Unknown values are dropped, never an error. */
export interface ContractsSearch {
  q?: string;
  status?: string;
  ended?: boolean;
}

export interface ContractFilters {
  q: string;
  status: string;
  showEnded: boolean;
}

// A plain check rather than zod: validateSearch is not code-split.
export function validateContractsSearch(search: Record<string, unknown>): ContractsSearch {
  const text = textParam(search.q, 100);
  const q = text?.trim() ? text : undefined;
  const status =
    typeof search.status === 'string' && (contractStatuses as readonly string[]).includes(search.status)
      ? search.status
      : undefined;
  const ended = search.ended === true || search.ended === 'true' || search.ended === 1;
  return { ...(q ? { q } : {}), ...(status ? { status } : {}), ...(ended ? { ended: true } : {}) };
}

/** A search is at least 3 characters (SPEC.md §5): shorter, the field says so and the list is left whole. */
export const searchable = (text: string) => text.trim().length === 0 || text.trim().length >= 3;

export const filtersOf = (search: ContractsSearch): ContractFilters => ({
  q: searchable(search.q ?? '') ? (search.q ?? '') : '',
  status: search.status ?? '',
  // A filter on an ended status shows ended contracts without the switch.
  showEnded: Boolean(search.ended) || search.status === 'ended' || search.status === 'cancelled',
});
