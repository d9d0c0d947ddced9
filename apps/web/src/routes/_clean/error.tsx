import { errorPageSearch, errorPageStatus } from '@portaal/contracts/error-content';
import { createFileRoute } from '@tanstack/react-router';
import { errorPageTitleKey } from '../../components/errors/error-content.ts';
import { ErrorPage } from '../../components/errors/error-page.tsx';
import { ForbiddenElsewhere } from '../../features/customers/components/forbidden-elsewhere.tsx';
import { strictSearch } from '../../lib/search-params.ts';

export const Route = createFileRoute('/_clean/error')({
  staticData: { title: { page: ({ search }) => errorPageTitleKey(errorPageStatus(search)) } },
  validateSearch: strictSearch((search): { cause?: string; status?: number; from?: string } => ({
    ...errorPageSearch(search),
    // The refused screen (the route guard sets it); ForbiddenElsewhere accepts only a path of this app.
    from: typeof search.from === 'string' ? search.from : undefined,
  })),
  component: ErrorRoute,
});

function ErrorRoute() {
  const { cause, status, from } = Route.useSearch();
  const statusCode = errorPageStatus({ cause, status });
  return (
    <ErrorPage statusCode={statusCode}>
      {statusCode === 403 && from && <ForbiddenElsewhere from={from} />}
    </ErrorPage>
  );
}
