import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { SearchPage } from '../../features/search/search-page.tsx';
import { SEARCH_MAX_LENGTH } from '../../features/search/search-rules.ts';
import { strictSearch, textParam } from '../../lib/search-params.ts';

/** ?q= as text (the router parses "123" as a number). */
const validateSearch = strictSearch((search): { q?: string } => ({
  q: textParam(search.q, SEARCH_MAX_LENGTH),
}));

export const Route = createFileRoute('/_app/search')({
  staticData: { requirement: 'login', title: { page: 'titles.search' } },
  beforeLoad: guard('login'),
  validateSearch,
  component: SearchRoute,
});

function SearchRoute() {
  const { q } = Route.useSearch();
  return <SearchPage query={q ?? ''} />;
}
