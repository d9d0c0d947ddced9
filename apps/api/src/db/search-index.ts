/**
 * Storage options of the trigram (GIN) indexes the searches read. GIN gathers new entries in a pending
 * list that every scan reads in full until VACUUM or the list's limit (4 MB by default) moves them into
 * the index: after a bulk load the global search read 900 pending pages per request. 128 kB keeps that
 * under 16 pages; inserting 300,000 VMs took 5.7 s instead of 4.6 s (34 s with fastupdate off).
 */
export const SEARCH_GIN_OPTIONS = { gin_pending_list_limit: 128 } as const;
