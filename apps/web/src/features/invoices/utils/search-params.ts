import { invoiceStatuses } from '@portaal/contracts/administration-statuses';

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
  const q = typeof search.q === 'string' && search.q.trim() !== '' ? search.q.slice(0, 60) : undefined;
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
