import { type GraphType, graphTypes, SERVER_ID_PATTERN, TRENDS_MAX_SERVERS } from '@portaal/contracts';
import { z } from 'zod';
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

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const text = z.string().max(4000);

export function validateTrendsSearch(search: Record<string, unknown>): TrendsSearch {
  const result: TrendsSearch = {};
  const server = text.safeParse(search.server);
  if (server.success && server.data !== '') result.server = server.data;
  const graph = text.safeParse(search.graph);
  if (graph.success && graph.data !== '') result.graph = graph.data;
  const range = z.enum(timePresets).safeParse(search.range);
  if (range.success) result.range = range.data;
  const from = day.safeParse(search.from);
  if (from.success) result.from = from.data;
  const to = day.safeParse(search.to);
  if (to.success) result.to = to.data;
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
