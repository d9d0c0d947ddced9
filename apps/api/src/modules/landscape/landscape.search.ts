import { type LandscapeKind, type LandscapeObject, landscapePath } from '@portaal/contracts';
import type { SearchHit } from '@portaal/contracts/search';
import type { SearchContext, SearchRegistration } from '../search/search.registry.ts';
import type { LandscapeService } from './landscape.service.ts';

// Servers and landscape objects in the global search (DESIGN.md §8), through the landscape service, so
// the search answers from whichever source the landscape has (the database or NetBox). Two groups: the
// servers (devices with role server, and virtual machines) and every other object. Each kind is one
// page of its list with the text filter (names, DNS names, addresses), at most `limit` hits per group.

const INFRA_READ = { customer: ['infra-read' as const] };

/** Devices are fetched once more than a group holds: servers and other devices share the list. */
export const DEVICE_PAGE = 50;

export const isServer = (object: LandscapeObject) =>
  object.kind === 'virtual-machines' || (object.kind === 'devices' && object.role === 'server');

/** A short second line per kind: where it runs, or what it is. */
function subtitle(object: LandscapeObject): string {
  const parts = (() => {
    switch (object.kind) {
      case 'devices':
        return [object.role, object.datacenter, object.rack?.name];
      case 'virtual-machines':
        return [object.dns_name, object.cluster?.name ?? object.cluster_type];
      case 'racks':
        return [object.datacenter, object.location];
      case 'ip-addresses':
        return [object.dns_name, object.assigned?.name];
      case 'prefixes':
        return [object.description, object.vlan?.name];
      case 'kubernetes-clusters':
        return [object.version, object.datacenter];
      case 'vmware-clusters':
        return [object.datacenter];
    }
  })();
  return parts.filter((part): part is string => Boolean(part)).join(' · ');
}

/** A landscape object as a search hit (bench/bare-server.ts's search maps its rows with it too). */
export const toHit = (object: LandscapeObject): SearchHit => ({
  id: object.id,
  title: object.name,
  subtitle: subtitle(object),
  route: landscapePath(object.id),
});

async function find(
  landscape: LandscapeService,
  { customerId, text }: SearchContext,
  kind: LandscapeKind,
  limit: number,
): Promise<LandscapeObject[]> {
  if (customerId === undefined) return [];
  const page = await landscape.list(customerId, kind, { q: text, sort: 'name', limit });
  return page.items;
}

/** The customer's servers whose name (or DNS name) holds the text: infra-read. */
export const serversSearch = (landscape: LandscapeService): SearchRegistration => ({
  kind: 'servers',
  requires: INFRA_READ,
  perCustomer: true,
  async search(context) {
    const [devices, machines] = await Promise.all([
      find(landscape, context, 'devices', DEVICE_PAGE),
      find(landscape, context, 'virtual-machines', context.limit),
    ]);
    return [...devices.filter(isServer), ...machines]
      .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id.localeCompare(b.id, 'en'))
      .slice(0, context.limit)
      .map(toHit);
  },
});

/** Every other landscape object (racks, network devices, addresses, prefixes, clusters): infra-read. */
export const landscapeSearch = (landscape: LandscapeService): SearchRegistration => ({
  kind: 'landscape',
  requires: INFRA_READ,
  perCustomer: true,
  async search(context) {
    const kinds: LandscapeKind[] = [
      'racks',
      'ip-addresses',
      'prefixes',
      'kubernetes-clusters',
      'vmware-clusters',
    ];
    const [devices, ...others] = await Promise.all([
      find(landscape, context, 'devices', DEVICE_PAGE),
      ...kinds.map((kind) => find(landscape, context, kind, context.limit)),
    ]);
    return [...(devices ?? []).filter((object) => !isServer(object)), ...others.flat()]
      .slice(0, context.limit)
      .map(toHit);
  },
});
