import { landscapePath, type ServerOverview } from '@portaal/contracts';
import type { PanelRegistration } from '../dashboard/dashboard.registry.ts';
import type { LandscapeService } from '../landscape/landscape.service.ts';
import type { TrendsService } from './trends.service.ts';

const LISTED = 5;

/**
 * The servers area's registration on the dashboard (trend-read, as the server overview): servers that
 * are offline and servers under sustained high load (serverAttention), each figure linking to the
 * overview filtered on it, and those servers listed, the busy ones first, each linking to where it can
 * be looked into (a busy server's CPU trend, an offline server's landscape page). Neither figure reads
 * every server (decision 0016): the busy ones come from the metrics source's index of sustained load,
 * the offline ones are counted by the landscape.
 */
export function serversPanel(deps: {
  trends: Pick<TrendsService, 'busy'>;
  landscape: Pick<LandscapeService, 'offlineServers'>;
}): PanelRegistration {
  return {
    panel: 'servers',
    requires: 'trend-read',
    async load(_caller, customerId) {
      const [busyServers, offline] = await Promise.all([
        // Without the metrics service (Prometheus down) the panel still counts what the landscape
        // says, rather than failing the whole dashboard.
        deps.trends.busy(customerId).catch((): ServerOverview[] => []),
        deps.landscape.offlineServers(customerId, LISTED),
      ]);
      const busy = busyServers.length;
      const listed = [
        ...busyServers.map((server) => ({ server, attention: 'busy' as const })),
        ...offline.servers.map((server) => ({
          server: { ...server, current: null },
          attention: 'offline' as const,
        })),
      ].slice(0, LISTED);
      return {
        figures: [
          { key: 'busy', value: busy, tone: busy > 0 ? 'critical' : 'neutral', href: '/servers?show=busy' },
          {
            key: 'offline',
            value: offline.count,
            tone: offline.count > 0 ? 'attention' : 'neutral',
            href: '/servers?show=offline',
          },
        ],
        items_title: 'attention',
        items: listed.map(({ server, attention }) => ({
          key: server.server_id,
          title: server.name,
          detail:
            attention === 'busy'
              ? `CPU ${Math.round(server.current?.cpu_15m ?? 0)} %`
              : (server.location ?? null),
          at: attention === 'busy' ? (server.current?.at ?? null) : null,
          href:
            attention === 'busy'
              ? `/servers/trends?server=${server.server_id}&graph=cpu`
              : landscapePath(server.server_id),
        })),
      };
    },
  };
}
