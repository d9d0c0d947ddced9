import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { CompanyPage } from '../../features/customers/components/company-page.tsx';

export const Route = createFileRoute('/_app/company/{-$customerId}')({
  staticData: { requirement: access.company },
  beforeLoad: guard(access.company, (params) => params.customerId),
  component: CompanyRoute,
});

function CompanyRoute() {
  const { customerId } = Route.useParams() as { customerId?: string };
  return <CompanyPage customerId={customerId === undefined ? undefined : Number(customerId)} />;
}
