import { createFileRoute, notFound } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { mailingsQueries } from '../../features/mailings/api/mailings-queries.ts';
import { MailingDetailPage } from '../../features/mailings/components/mailing-detail-page.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { isIdParam } from '../../lib/id-param.ts';

const checkAccess = guard(access.adminMailings);

export const Route = createFileRoute('/_app/admin/mailings/$id')({
  staticData: {
    requirement: access.adminMailings,
    title: { page: 'titles.mailing', area: 'adminMailings' },
  },
  beforeLoad: async (args) => {
    // "abc" or "-1" is no mailing: the page-not-found error, without asking the API.
    if (!isIdParam(args.params.id)) throw notFound();
    await checkAccess(args);
  },
  // Awaited (it rides in the screen's own chunk): a mailing that does not exist is the app's
  // not-found page as well. Any other failure is the screen's, with its retry.
  loader: async ({ context, params }) => {
    const { api, queryClient } = context.session;
    try {
      await queryClient.ensureQueryData(mailingsQueries.detail(api, Number(params.id)));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound();
    }
  },
  component: MailingRoute,
});

function MailingRoute() {
  const { id } = Route.useParams();
  return <MailingDetailPage key={id} mailingId={Number(id)} />;
}
