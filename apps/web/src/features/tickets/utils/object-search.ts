/**
 * The object a new ticket is about (?object=devices/12), read by the page rather than validateSearch,
 * and in a module of its own: search-params.ts is in every page's start. Any text: the picker shows
 * what the landscape makes of it, and the API checks it on submit.
 */
export function objectOfSearch(search: Record<string, unknown>): string | undefined {
  return typeof search.object === 'string' && search.object !== '' ? search.object : undefined;
}
