import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '../../components/errors/error-page.tsx';

const causes: Record<string, number> = { forbidden: 403, unauthorized: 401, 'not-found': 404, server: 500 };

export const Route = createFileRoute('/_clean/error')({
  validateSearch: (search: Record<string, unknown>): { cause?: string; status?: number } => ({
    cause: typeof search.cause === 'string' && search.cause.length <= 40 ? search.cause : undefined,
    status:
      Number.isInteger(Number(search.status)) && search.status !== undefined
        ? Number(search.status)
        : undefined,
  }),
  component: ErrorRoute,
});

function ErrorRoute() {
  const { cause, status } = Route.useSearch();
  return <ErrorPage statusCode={status ?? (cause ? causes[cause] : undefined)} />;
}
