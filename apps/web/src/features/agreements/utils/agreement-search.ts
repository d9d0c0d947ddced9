/** /admin/agreements/{customerId}?view=timeline: the changelog's view, kept in the URL. */
export const agreementViews = ['table', 'timeline'] as const;
export type AgreementView = (typeof agreementViews)[number];

export interface AgreementSearch {
  view?: 'timeline';
}

/** Only "timeline" is written; the table is the default and leaves the URL clean. */
export function validateAgreementSearch(search: Record<string, unknown>): AgreementSearch {
  return search.view === 'timeline' ? { view: 'timeline' } : {};
}

/** A typed amount as the API takes it: a Dutch decimal comma becomes a point. */
export const normalizeAmount = (value: string) => value.trim().replace(/\s/g, '').replace(',', '.');
