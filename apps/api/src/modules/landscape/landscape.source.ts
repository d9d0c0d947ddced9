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
  get(customerId: number, id: LandscapeObjectId): Promise<LandscapeDetail | undefined>;
  summary(customerId: number): Promise<LandscapeSummary>;
  /** The customer's servers; with `ids`, only those of them (ids that are not the customer's are left out). */
  servers(customerId: number, ids?: readonly string[]): Promise<Server[]>;
  /** How many of the customer's servers are offline, and the first `limit` of them by name. */
  offlineServers(customerId: number, limit: number): Promise<OfflineServers>;
  kubernetesCluster(customerId: number, clusterId: number): Promise<KubernetesClusterAccess | undefined>;
}
