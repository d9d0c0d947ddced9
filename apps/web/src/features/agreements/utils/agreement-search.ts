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

/** A customer id of the path: "abc", "0" or "-1" is none. */
export const validCustomerId = (value: string) =>
  /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647;

/** A typed amount as the API takes it: a Dutch decimal comma becomes a point. */
export const normalizeAmount = (value: string) => value.trim().replace(/\s/g, '').replace(',', '.');
