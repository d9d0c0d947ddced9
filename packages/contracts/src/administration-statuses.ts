// The status vocabularies of SPEC.md §4 for invoices and contracts, alone in a file: the web app's
// route search checks run in the start and bring only these lists, not the rules.

export const invoiceStatuses = ['to_pay', 'overdue', 'paid', 'written_off'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export const contractStatuses = ['active', 'cancelled', 'ended', 'future', 'suspended'] as const;
export type ContractStatus = (typeof contractStatuses)[number];
