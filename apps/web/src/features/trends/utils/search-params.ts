import {
  type GraphType,
  graphTypes,
  SERVER_ID_PATTERN,
  TRENDS_MAX_SERVERS,
} from '@portaal/contracts/trend-rules';
import { type TimePreset, timePresets } from './time-range.ts';

/**
 * /servers/trends?server=devices/123,virtual-machines/4&graph=cpu,load&range=currentMonth
 * (range=custom with from=YYYY-MM-DD&to=YYYY-MM-DD). Anything unreadable is dropped, never an error:
 * a deep link with a stale server still opens the page.
 */
export interface TrendsSearch {
  server?: string;
  graph?: string;
  range?: TimePreset;
  from?: string;
  to?: string;
}

// Plain checks rather than zod: this runs in the route's validateSearch, which is not code-split,
// and zod would add about 28 kB gzip to every page's start.
const isText = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && value.length <= 4000;
const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
const isPreset = (value: unknown): value is TimePreset => (timePresets as readonly unknown[]).includes(value);

export function validateTrendsSearch(search: Record<string, unknown>): TrendsSearch {
  const result: TrendsSearch = {};
  if (isText(search.server)) result.server = search.server;
  if (isText(search.graph)) result.graph = search.graph;
  if (isPreset(search.range)) result.range = search.range;
  if (isDay(search.from)) result.from = search.from;
  if (isDay(search.to)) result.to = search.to;
  return result;
}

/** The server ids of the search, valid ones only, each once, at most the API's limit. */
export function serversOf(search: TrendsSearch): string[] {
  const ids = (search.server ?? '').split(',').filter((id) => SERVER_ID_PATTERN.test(id));
  return [...new Set(ids)].slice(0, TRENDS_MAX_SERVERS);
}

/** The graphs of the search in the fixed order of the graph types; CPU when none is named. */
export function graphsOf(search: TrendsSearch): GraphType[] {
  const named = new Set((search.graph ?? '').split(','));
  const graphs = graphTypes.filter((graph) => named.has(graph));
  return graphs.length > 0 ? graphs : ['cpu'];
}

export const presetOf = (search: TrendsSearch): TimePreset => search.range ?? 'last24h';
