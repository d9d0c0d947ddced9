import {
  USAGE_PERIOD_PATTERN,
  type UsageKind,
  type UsageStatus,
  usageKinds,
  usageStatuses,
} from '@portaal/contracts/usage-rules';
import { textParam } from '../../../lib/search-params.ts';

/** The API's limit on the search text (adminUsageQuerySchema). */
export const ADMIN_USAGE_SEARCH_MAX_LENGTH = 100;

/**
 * /admin/usage search params as they stand in the URL: ?month=2026-10&q=gouden&status=error,warning
 * &type=hours&over=1. Lists are comma-separated, which reads better in a shared link.
 */
export interface AdminUsageSearch {
  month?: string;
  q?: string;
  status?: string;
  type?: string;
  over?: 1;
}

export interface AdminUsageFilters {
  /** Undefined: the current month. */
  month?: string;
  q: string;
  status: UsageStatus[];
  type: UsageKind[];
  overQuota: boolean;
}

/** The known values of a comma list, once each, in a fixed order. */
function pickList<T extends string>(raw: unknown, allowed: readonly T[]): T[] {
  const wanted = new Set(typeof raw === 'string' ? raw.split(',').map((part) => part.trim()) : []);
  return allowed.filter((value) => wanted.has(value));
}

const joined = (values: readonly string[]) => (values.length > 0 ? values.join(',') : undefined);

/** The router's validateSearch for /admin/usage: unknown values are dropped, never an error page. */
export function validateAdminUsageSearch(search: Record<string, unknown>): AdminUsageSearch {
  const q = textParam(search.q, ADMIN_USAGE_SEARCH_MAX_LENGTH)?.trim();
  const result: AdminUsageSearch = {
    month:
      typeof search.month === 'string' && USAGE_PERIOD_PATTERN.test(search.month) ? search.month : undefined,
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refused, as the API does.
    q: q && !/[\u0000-\u001f\u007f]/.test(q) ? q : undefined,
    status: joined(pickList(search.status, usageStatuses)),
    type: joined(pickList(search.type, usageKinds)),
    over: search.over === 1 || search.over === '1' || search.over === true ? 1 : undefined,
  };
  return Object.fromEntries(Object.entries(result).filter(([, value]) => value !== undefined));
}

export function adminUsageFiltersFromSearch(search: AdminUsageSearch): AdminUsageFilters {
  return {
    month: search.month,
    q: search.q ?? '',
    status: pickList(search.status, usageStatuses),
    type: pickList(search.type, usageKinds),
    overQuota: search.over === 1,
  };
}

export function adminUsageSearchFromFilters(filters: AdminUsageFilters, current: string): AdminUsageSearch {
  return validateAdminUsageSearch({
    month: filters.month === current ? undefined : filters.month,
    q: filters.q,
    status: joined(filters.status),
    type: joined(filters.type),
    over: filters.overQuota ? 1 : undefined,
  });
}
