import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { administrationQueries } from '../../features/administration/api/administration-queries.ts';
import { AdministrationPage } from '../../features/administration/components/administration-page.tsx';

export const Route = createFileRoute('/_app/administration/')({
  staticData: { requirement: access.administration, title: { area: 'administration' } },
  beforeLoad: guard(access.administration),
  loader: ({ context }) => {
    const { api, queryClient, selected, can } = context.session;
    const customerId = selected.get()?.id;
    if (customerId === undefined || !can(access.administration, customerId)) return;
    void queryClient.ensureQueryData(administrationQueries.overview(api, customerId)).catch(() => undefined);
  },
  component: AdministrationPage,
});
