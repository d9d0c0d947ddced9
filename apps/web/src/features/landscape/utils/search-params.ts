import { type LandscapeKind, landscapeKinds, landscapeStatuses } from '@portaal/contracts/landscape-rules';
import { textParam } from '../../../lib/search-params.ts';

/** The sorts the API offers. */
export const landscapeSorts = ['name', '-name', 'status', '-status'] as const;
export type LandscapeSortOption = (typeof landscapeSorts)[number];

/** /servers/system-landscape search params: the tab and its filters, as they stand in the URL. */
export interface LandscapeSearch {
  kind?: LandscapeKind;
  q?: string;
  status?: string;
  location?: string;
  sort?: LandscapeSortOption;
}

export interface LandscapeFilters {
  q: string;
  status: string;
  location: string;
  sort: LandscapeSortOption;
}

const pick = <T extends string>(value: unknown, allowed: readonly T[]): T | undefined =>
  allowed.find((candidate) => candidate === value);

/** The router's validateSearch: unknown values are dropped, never an error page. */
export function validateLandscapeSearch(search: Record<string, unknown>): LandscapeSearch {
  const q = textParam(search.q, 100)?.trim();
  // A site's slug may be digits only (?location=12): textParam reads it back as text.
  const slug = textParam(search.location, 65);
  const location = slug && /^[a-z0-9-]{1,64}$/.test(slug) ? slug : undefined;
  const result: LandscapeSearch = {
    kind: pick(search.kind, landscapeKinds),
    q: q || undefined,
    status: pick(search.status, landscapeStatuses),
    location,
    sort: pick(search.sort, landscapeSorts),
  };
  return Object.fromEntries(Object.entries(result).filter(([, value]) => value !== undefined));
}

export function filtersOf(search: LandscapeSearch): LandscapeFilters {
  return {
    q: search.q ?? '',
    status: search.status ?? '',
    location: search.location ?? '',
    sort: search.sort ?? 'name',
  };
}

/** The splat of /servers/system-landscape/{id}: an object id, or nothing (the tables). */
export function objectIdOfSplat(splat: string | undefined): string | undefined {
  if (!splat) return undefined;
  let id = splat;
  try {
    id = decodeURIComponent(splat);
  } catch {
    return splat;
  }
  return id.replace(/\/+$/, '');
}

/** A splat that is only a kind (/servers/system-landscape/kubernetes-clusters): that kind's tab. */
export function kindOfSplat(splat: string | undefined): LandscapeKind | undefined {
  return pick(objectIdOfSplat(splat), landscapeKinds);
}
