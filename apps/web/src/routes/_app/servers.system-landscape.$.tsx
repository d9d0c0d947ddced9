import { createFileRoute, redirect } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { landscapeQueries } from '../../features/landscape/api/landscape-queries.ts';
import { LandscapePage } from '../../features/landscape/components/landscape-page.tsx';
import { ObjectPage } from '../../features/landscape/components/object-page.tsx';
import {
  filtersOf,
  kindOfSplat,
  objectIdOfSplat,
  validateLandscapeSearch,
} from '../../features/landscape/utils/search-params.ts';
import { strictSearch } from '../../lib/search-params.ts';

// Hoisted: written inline, this generic call left the route's search typed as {}.
const validateSearch = strictSearch(validateLandscapeSearch);

/** /servers/system-landscape: the tables; /servers/system-landscape/{kind}/{key}: one object (SPEC §2). */
export const Route = createFileRoute('/_app/servers/system-landscape/$')({
  staticData: { requirement: access.landscape, title: { page: 'nav.landscape', area: 'servers' } },
  beforeLoad: guard(access.landscape),
  validateSearch,
  loaderDeps: ({ search }) => search,
  // Started without waiting: the page shows its skeleton, a failure shows in the page.
  loader: ({ context, deps, params }) => {
    // A bare kind (/servers/system-landscape/kubernetes-clusters) is that kind's tab, not an object.
    const splat = (params as { _splat?: string })._splat;
    const kind = kindOfSplat(splat);
    if (kind) {
      throw redirect({
        to: '/servers/system-landscape/$',
        params: { _splat: '' },
        search: kind === 'devices' ? {} : { kind },
        replace: true,
      });
    }
    const { api, queryClient, selected } = context.session;
    const customerId = selected.get()?.id;
    if (customerId === undefined) return;
    // The splat's type is not inferred here (the route's own pages link back to it).
    const id = objectIdOfSplat(splat);
    if (id) {
      void queryClient.ensureQueryData(landscapeQueries.object(api, customerId, id)).catch(() => undefined);
    } else {
      void queryClient
        .ensureInfiniteQueryData(
          landscapeQueries.list(api, customerId, deps.kind ?? 'devices', filtersOf(deps)),
        )
        .catch(() => undefined);
    }
  },
  component: LandscapeRoute,
});

function LandscapeRoute() {
  const { _splat } = Route.useParams() as { _splat?: string };
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const bareKind = kindOfSplat(_splat);
  const id = bareKind ? undefined : objectIdOfSplat(_splat);
  if (id) return <ObjectPage objectId={id} />;
  return (
    <LandscapePage
      search={bareKind ? { ...search, kind: bareKind } : search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
