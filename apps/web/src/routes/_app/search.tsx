import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { guard } from '../../app/guard.ts';
import { SearchPage } from '../../features/search/search-page.tsx';

export const Route = createFileRoute('/_app/search')({
  staticData: { requirement: 'login' },
  beforeLoad: guard('login'),
  validateSearch: z.object({ q: z.string().max(200).optional().catch(undefined) }),
  component: SearchRoute,
});

function SearchRoute() {
  const { q } = Route.useSearch();
  return <SearchPage query={q ?? ''} />;
}
