import {
  CROSSCHECK_SUBTYPE_PATTERN,
  type CrosscheckStatus,
  crosscheckStatuses,
} from '@portaal/contracts/crosscheck-rules';
import { USAGE_PERIOD_PATTERN } from '@portaal/contracts/usage-rules';
import { textParam } from '../../../lib/search-params.ts';

/** The API's limit on the search text (crosscheckQuerySchema). */
export const CROSSCHECK_SEARCH_MAX_LENGTH = 100;

/** /admin/crosschecks/{month} search params as they stand in the URL: ?status=unused,unbilled&subtype=manhour&q=gouden */
export interface CrosscheckSearch {
  status?: string;
  subtype?: string;
  q?: string;
}

export interface CrosscheckFilters {
  status: CrosscheckStatus[];
  subtype: string;
  q: string;
}

export const validMonth = (month: string) => USAGE_PERIOD_PATTERN.test(month);

function pickStatuses(raw: unknown): CrosscheckStatus[] {
  const wanted = new Set(typeof raw === 'string' ? raw.split(',').map((part) => part.trim()) : []);
  return crosscheckStatuses.filter((value) => wanted.has(value));
}

/** The router's validateSearch: unknown values are dropped, never an error page. */
export function validateCrosscheckSearch(search: Record<string, unknown>): CrosscheckSearch {
  const q = textParam(search.q, CROSSCHECK_SEARCH_MAX_LENGTH)?.trim();
  const status = pickStatuses(search.status);
  const result: CrosscheckSearch = {
    status: status.length > 0 ? status.join(',') : undefined,
    subtype:
      typeof search.subtype === 'string' && CROSSCHECK_SUBTYPE_PATTERN.test(search.subtype)
        ? search.subtype
        : undefined,
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refused, as the API does.
    q: q && !/[\u0000-\u001f\u007f]/.test(q) ? q : undefined,
  };
  return Object.fromEntries(Object.entries(result).filter(([, value]) => value !== undefined));
}

export const crosscheckFiltersFromSearch = (search: CrosscheckSearch): CrosscheckFilters => ({
  status: pickStatuses(search.status),
  subtype: search.subtype ?? '',
  q: search.q ?? '',
});

export const crosscheckSearchFromFilters = (filters: CrosscheckFilters): CrosscheckSearch =>
  validateCrosscheckSearch({ status: filters.status.join(','), subtype: filters.subtype, q: filters.q });
