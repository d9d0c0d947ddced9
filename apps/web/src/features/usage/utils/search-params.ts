import { USAGE_PERIOD_PATTERN } from '@portaal/contracts/usage-rules';
import { idParam } from '../../../lib/search-params.ts';

/**
 * /sla-usage/usage?period=2026-10. An unreadable period is dropped (the current month), never an error.
 * ?customer=1002 comes with the links of usage of all customers (staff): that customer is selected.
 */
export interface UsageSearch {
  period?: string;
  customer?: number;
}

// A plain check rather than zod: validateSearch is not code-split (see the trends search params).
export function validateUsageSearch(search: Record<string, unknown>): UsageSearch {
  const { period } = search;
  const customer = idParam(search.customer);
  return {
    ...(typeof period === 'string' && USAGE_PERIOD_PATTERN.test(period) ? { period } : {}),
    ...(customer ? { customer } : {}),
  };
}

/** "oktober 2026" / "October 2026" for `2026-10`. */
export function periodLabel(period: string, locale: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}
