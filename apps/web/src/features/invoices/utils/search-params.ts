import { invoiceStatuses } from '@portaal/contracts/administration-statuses';
import { textParam } from '../../../lib/search-params.ts';

/** /administration/invoices?q=…&status=overdue. Unknown values are dropped, never an error. */
export interface InvoicesSearch {
  q?: string;
  status?: string;
}

export interface InvoiceFilters {
  q: string;
  status: string;
}

// A plain check rather than zod: validateSearch is not code-split.
export function validateInvoicesSearch(search: Record<string, unknown>): InvoicesSearch {
  const text = textParam(search.q, 60);
  const q = text?.trim() ? text : undefined;
  const status =
    typeof search.status === 'string' && (invoiceStatuses as readonly string[]).includes(search.status)
      ? search.status
      : undefined;
  return { ...(q ? { q } : {}), ...(status ? { status } : {}) };
}

export const filtersOf = (search: InvoicesSearch): InvoiceFilters => ({
  q: search.q ?? '',
  status: search.status ?? '',
});
