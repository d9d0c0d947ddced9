import { Stack } from '@mantine/core';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { useSelectedCustomer, useSession } from '../../app/session.ts';
import { customersQueries } from '../../features/customers/api/customers-queries.ts';
import { CompanyPage } from '../../features/customers/components/company-page.tsx';

/** A customer id as the API accepts it (a positive 32-bit integer); anything else is no page. */
function parseCustomerId(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : Number.NaN;
  return id <= 2_147_483_647 ? id : Number.NaN;
}

/** Who may read a customer's audit log: its owners (user-admin) and staff. */
const auditAccess = { owner: { customer: ['user-admin'] }, staff: { global: ['company-read'] } } as const;
// Only owners and staff see the log: everyone else never loads its code.
const AuditLogSection = lazy(() =>
  import('../../features/audit/components/audit-log-section.tsx').then((module) => ({
    default: module.AuditLogSection,
  })),
);

/** Who manages the chat channels: owners (and staff moderators), with company-edit. */
const chatAccess = { customer: ['company-edit'] } as const;
const ChatChannelsSection = lazy(() =>
  import('../../features/chat/components/chat-channels-section.tsx').then((module) => ({
    default: module.ChatChannelsSection,
  })),
);

const checkAccess = guard(access.company, (params) => params.customerId);

export const Route = createFileRoute('/_app/company/{-$customerId}')({
  staticData: { requirement: access.company, title: { area: 'company' } },
  beforeLoad: async (args) => {
    if (Number.isNaN(parseCustomerId((args.params as { customerId?: string }).customerId))) throw notFound();
    await checkAccess(args);
  },
  // Starts the four requests at once; the sections show skeletons until each answers.
  loader: ({ context, params }) => {
    const { session } = context;
    const id = parseCustomerId((params as { customerId?: string }).customerId) ?? session.selected.get()?.id;
    if (id === undefined) return;
    const { api, queryClient } = session;
    void queryClient.prefetchQuery(customersQueries.detail(api, id));
    void queryClient.prefetchQuery(customersQueries.addresses(api, id));
    void queryClient.prefetchQuery(customersQueries.bankAccounts(api, id));
    void queryClient.prefetchQuery(customersQueries.features(api, id));
  },
  component: CompanyRoute,
});

function CompanyRoute() {
  const { customerId } = Route.useParams() as { customerId?: string };
  const session = useSession();
  const selected = useSelectedCustomer();
  const id = parseCustomerId(customerId) ?? selected?.id;
  const readsLog = id !== undefined && (session.can(auditAccess.owner, id) || session.can(auditAccess.staff));
  const managesChat = id !== undefined && session.can(chatAccess, id);
  return (
    <Stack gap="xl">
      <CompanyPage customerId={parseCustomerId(customerId)} />
      {managesChat && (
        <Suspense fallback={null}>
          <ChatChannelsSection key={id} customerId={id} />
        </Suspense>
      )}
      {readsLog && (
        <Suspense fallback={null}>
          <AuditLogSection key={id} customerId={id} />
        </Suspense>
      )}
    </Stack>
  );
}
