import type {
  LandscapeDetail,
  LandscapeKind,
  LandscapeKubernetesCluster,
  LandscapeObject,
  LandscapeObjectId,
  LandscapeSort,
  LandscapeStatus,
  LandscapeSummary,
  Server,
} from '@portaal/contracts';

/** One page request of a landscape list, cursor already decoded. */
export interface ListParams {
  customerId: number;
  kind: LandscapeKind;
  sort: LandscapeSort;
  statuses?: readonly LandscapeStatus[];
  /** Datacenter slug. */
  location?: string;
  /** Free text, matched as a substring of the name (and DNS name, address). */
  text?: string;
  /** The sort values of the last row of the previous page (see landscape.cursor.ts). */
  after?: readonly string[];
  limit: number;
}

export interface ListPage {
  items: LandscapeObject[];
  /** The sort values of the last item when there is a next page. */
  nextAfter?: string[];
}

/** An object the global search found: its id, its name and the parts of the hit's second line. */
export interface LandscapeFound {
  id: string;
  name: string;
  details: (string | null)[];
}

/** The global search's two groups: servers (devices with role server, and VMs) and every other object. */
export interface LandscapeFinds {
  servers: LandscapeFound[];
  others: LandscapeFound[];
}

export interface KubernetesClusterAccess extends LandscapeKubernetesCluster {
  ca_certificate: string;
}

export interface OfflineServers {
  count: number;
  servers: Server[];
}

/**
 * Where the landscape comes from (DESIGN.md §8): the portal database (default, seeded) or NetBox.
 * Every call is scoped to one customer; an object of another customer is simply not found (undefined).
 */
export interface LandscapeSource {
  list(params: ListParams): Promise<ListPage>;
  /** The global search: at most `limit` objects of each kind whose name (DNS name, address) holds the text. */
  search(customerId: number, text: string, limit: number): Promise<LandscapeFinds>;
  get(customerId: number, id: LandscapeObjectId): Promise<LandscapeDetail | undefined>;
  summary(customerId: number): Promise<LandscapeSummary>;
  /** The customer's servers; with `ids`, only those of them (ids that are not the customer's are left out). */
  servers(customerId: number, ids?: readonly string[]): Promise<Server[]>;
  /** How many of the customer's servers are offline, and the first `limit` of them by name. */
  offlineServers(customerId: number, limit: number): Promise<OfflineServers>;
  kubernetesCluster(customerId: number, clusterId: number): Promise<KubernetesClusterAccess | undefined>;
}

/** Devices are fetched once more than a group holds: servers and other devices share the list. */
const DEVICE_PAGE = 50;

export const isServer = (object: LandscapeObject) =>
  object.kind === 'virtual-machines' || (object.kind === 'devices' && object.role === 'server');

/** What a hit's second line shows of an object: where it runs, or what it is. */
export function detailsOf(object: LandscapeObject): (string | null)[] {
  switch (object.kind) {
    case 'devices':
      return [object.role, object.datacenter, object.rack?.name ?? null];
    case 'virtual-machines':
      return [object.dns_name, object.cluster?.name ?? object.cluster_type];
    case 'racks':
      return [object.datacenter, object.location];
    case 'ip-addresses':
      return [object.dns_name, object.assigned?.name ?? null];
    case 'prefixes':
      return [object.description, object.vlan?.name ?? null];
    case 'kubernetes-clusters':
      return [object.version, object.datacenter];
    case 'vmware-clusters':
      return [object.datacenter];
  }
}

const found = (object: LandscapeObject): LandscapeFound => ({
  id: object.id,
  name: object.name,
  details: detailsOf(object),
});

/**
 * The global search through a source's lists, a page of each kind with the text filter (the NetBox
 * source: its lists filter a cached snapshot in memory).
 */
export async function searchThroughLists(
  list: LandscapeSource['list'],
  customerId: number,
  text: string,
  limit: number,
): Promise<LandscapeFinds> {
  const find = async (kind: LandscapeKind, size: number) =>
    (await list({ customerId, kind, sort: 'name', text, limit: size })).items;
  const kinds: LandscapeKind[] = [
    'racks',
    'ip-addresses',
    'prefixes',
    'kubernetes-clusters',
    'vmware-clusters',
  ];
  const [devices, machines, ...others] = await Promise.all([
    find('devices', DEVICE_PAGE),
    find('virtual-machines', limit),
    ...kinds.map((kind) => find(kind, limit)),
  ]);
  return {
    servers: [...(devices ?? []).filter(isServer), ...(machines ?? [])].map(found),
    others: [...(devices ?? []).filter((object) => !isServer(object)), ...others.flat()].map(found),
  };
}
