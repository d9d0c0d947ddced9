import { type ServerAttention, serverAttentions } from '@portaal/contracts/server-rules';

/**
 * /servers?show=busy|offline: the overview filtered on what needs attention (the dashboard links here).
 * A module of its own, read by the page: the trends route's search-params.ts is in every page's start.
 */
export interface ServersSearch {
  show?: ServerAttention;
}

export function validateServersSearch(search: Record<string, unknown>): ServersSearch {
  const show = serverAttentions.find((value) => value === search.show);
  return show ? { show } : {};
}
