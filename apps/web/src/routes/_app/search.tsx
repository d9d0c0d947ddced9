import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { SearchPage } from '../../features/search/search-page.tsx';
import { SEARCH_MAX_LENGTH } from '../../features/search/search-rules.ts';

/** ?q= as text; the router parses "123" as a number, and anything else is dropped. */
function validateSearch(search: Record<string, unknown>): { q?: string } {
  const { q } = search;
  if (typeof q === 'string') return { q: q.slice(0, SEARCH_MAX_LENGTH) };
  if (typeof q === 'number' && Number.isFinite(q)) return { q: String(q) };
  return {};
}

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
