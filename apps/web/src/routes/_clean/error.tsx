import { createFileRoute } from '@tanstack/react-router';
import { errorPageTitleKey } from '../../components/errors/error-content.ts';
import { ErrorPage } from '../../components/errors/error-page.tsx';
import { ForbiddenElsewhere } from '../../features/customers/components/forbidden-elsewhere.tsx';

const causes: Record<string, number> = { forbidden: 403, unauthorized: 401, 'not-found': 404, server: 500 };

const statusOf = ({ cause, status }: { cause?: unknown; status?: unknown }) =>
  typeof status === 'number'
    ? status
    : typeof cause === 'string' && Object.hasOwn(causes, cause)
      ? causes[cause]
      : undefined;

export const Route = createFileRoute('/_clean/error')({
  staticData: { title: { page: ({ search }) => errorPageTitleKey(statusOf(search)) } },
  validateSearch: (search: Record<string, unknown>): { cause?: string; status?: number; from?: string } => ({
    cause: typeof search.cause === 'string' && search.cause.length <= 40 ? search.cause : undefined,
    status:
      Number.isInteger(Number(search.status)) && search.status !== undefined
        ? Number(search.status)
        : undefined,
    // The refused screen (the route guard sets it); ForbiddenElsewhere accepts only a path of this app.
    from: typeof search.from === 'string' ? search.from : undefined,
  }),
  component: ErrorRoute,
});

function ErrorRoute() {
  const { cause, status, from } = Route.useSearch();
  const statusCode = statusOf({ cause, status });
  return (
    <ErrorPage statusCode={statusCode}>
      {statusCode === 403 && from && <ForbiddenElsewhere from={from} />}
    </ErrorPage>
  );
}
