import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ErrorPage } from '../../components/errors/error-page.tsx';

const causes: Record<string, number> = { forbidden: 403, unauthorized: 401, 'not-found': 404, server: 500 };

export const Route = createFileRoute('/_clean/error')({
  validateSearch: z.object({
    cause: z.string().max(40).optional().catch(undefined),
    status: z.coerce.number().int().optional().catch(undefined),
  }),
  component: ErrorRoute,
});

function ErrorRoute() {
  const { cause, status } = Route.useSearch();
  return <ErrorPage statusCode={status ?? (cause ? causes[cause] : undefined)} />;
}
