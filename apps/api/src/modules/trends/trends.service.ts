import {
  bucketGrid,
  type Customer,
  type CustomerFeatures,
  graphUnits,
  HIGH_CPU_PERCENT,
  hasObserve,
  type Server,
  type ServerOverview,
  type Servers,
  serverAttention,
  type Trends,
  type TrendsQuery,
} from '@portaal/contracts';
import { notFound } from '../../lib/app-error.ts';
import type { MetricServer, MetricsSource } from './metrics-source.ts';

/** A server as the landscape lists it (devices with role server, and virtual machines). */
export type LandscapeServer = Server;

export interface TrendsDeps {
  metrics: MetricsSource;
  landscape: { servers(customerId: number, ids?: readonly string[]): Promise<LandscapeServer[]> };
  customers: {
    features(customerId: number): Promise<CustomerFeatures>;
    get(customerId: number): Promise<Customer>;
  };
}

/** The customer's link to its Prometheus tenant (DESIGN.md §8, customer links). */
export const PROMETHEUS_TENANT_LINK = 'prometheus_tenant';

const serverNotFound = (serverId: string) =>
  notFound('SERVER_NOT_FOUND', `Server ${serverId} does not exist or you cannot see it.`);

const asMetricServer = (server: LandscapeServer): MetricServer => ({
  id: server.server_id,
  name: server.name,
});

/**
 * Servers and trends of one customer. The rights check (trend-read) is the route's; this service keeps
 * every answer inside the customer's own landscape: a server id of another customer is not found.
 */
export function createTrendsService({ metrics, landscape, customers }: TrendsDeps) {
  async function tenantOf(customerId: number): Promise<string | null> {
    if (!metrics.usesTenant) return null;
    const customer = await customers.get(customerId);
    return customer.links.find((link) => link.type === PROMETHEUS_TENANT_LINK)?.identifier ?? null;
  }

  return {
    async servers(customerId: number): Promise<Servers> {
      const [list, features, tenant] = await Promise.all([
        landscape.servers(customerId),
        customers.features(customerId),
        tenantOf(customerId),
      ]);
      const current = await metrics.current(list.map(asMetricServer), tenant);
      return {
        servers: list.map((server) => ({ ...server, current: current.get(server.server_id) ?? null })),
        observe: hasObserve(features.observe) ? features.observe : null,
      };
    },

    /**
     * The customer's servers under sustained high load (serverAttention 'busy'), in the overview's
     * order, with their load: the metrics source finds them (by an index, for the database) instead of
     * every server's load being read (decision 0016).
     */
    async busy(customerId: number): Promise<ServerOverview[]> {
      const tenant = await tenantOf(customerId);
      const loads = await metrics.sustained({
        percent: HIGH_CPU_PERCENT,
        tenant,
        servers: async () => (await landscape.servers(customerId)).map(asMetricServer),
      });
      if (loads.size === 0) return [];
      // Only the customer's own: the source may name servers of others.
      const own = await landscape.servers(customerId, [...loads.keys()]);
      return own
        .map((server) => ({ ...server, current: loads.get(server.server_id) ?? null }))
        .filter((server) => serverAttention(server) === 'busy');
    },

    async trends(customerId: number, query: TrendsQuery): Promise<Trends> {
      const [list, tenant] = await Promise.all([
        landscape.servers(customerId, query.server_ids),
        tenantOf(customerId),
      ]);
      const byId = new Map(list.map((server) => [server.server_id, server]));
      const servers = query.server_ids.map((id) => {
        const server = byId.get(id);
        if (!server) throw serverNotFound(id);
        return asMetricServer(server);
      });
      // Long ranges start at a 5-minute boundary, in whole 5-minute buckets (decision 0018).
      const { start: from, stepSeconds } = bucketGrid(query.from, query.to, query.width);
      const { timestamps, series } = await metrics.series({
        servers,
        graph: query.graph,
        from,
        to: query.to,
        stepSeconds,
        tenant,
      });
      return {
        graph: query.graph,
        unit: graphUnits[query.graph],
        from: from.toISOString(),
        to: query.to.toISOString(),
        step_seconds: stepSeconds,
        timestamps,
        series,
      };
    },
  };
}
export type TrendsService = ReturnType<typeof createTrendsService>;
