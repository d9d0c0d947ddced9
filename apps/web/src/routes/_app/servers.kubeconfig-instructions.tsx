import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { KubeconfigInstructionsPage } from '../../features/landscape/components/kubeconfig-instructions-page.tsx';
import { idParam, strictSearch } from '../../lib/search-params.ts';

interface InstructionsSearch {
  cluster?: number;
}

/** /servers/kubeconfig-instructions?cluster=1: installing kubectl and kubelogin, using the file. */
export const Route = createFileRoute('/_app/servers/kubeconfig-instructions')({
  staticData: { requirement: access.landscape, title: { page: 'titles.kubeconfig', area: 'servers' } },
  beforeLoad: guard(access.landscape),
  validateSearch: strictSearch((search): InstructionsSearch => {
    const cluster = idParam(search.cluster);
    return cluster ? { cluster } : {};
  }),
  component: InstructionsRoute,
});

function InstructionsRoute() {
  const { cluster } = Route.useSearch();
  return <KubeconfigInstructionsPage clusterId={cluster} />;
}
