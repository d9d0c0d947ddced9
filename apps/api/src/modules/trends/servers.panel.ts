import {
  landscapePath,
  type Server,
  type ServerAttention,
  type ServerOverview,
  serverAttention,
} from '@portaal/contracts';
import type { PanelRegistration } from '../dashboard/dashboard.registry.ts';
import type { TrendsService } from './trends.service.ts';

const LISTED = 5;

/**
 * The servers area's registration on the dashboard (trend-read, as the server overview): servers that
 * are offline and servers under sustained high load (serverAttention), each figure linking to the
 * overview filtered on it, and those servers listed, the busy ones first, each linking to where it can
 * be looked into (a busy server's CPU trend, an offline server's landscape page).
 */
export function serversPanel(deps: {
  trends: Pick<TrendsService, 'servers'>;
  landscape: { servers(customerId: number): Promise<Server[]> };
}): PanelRegistration {
  return {
    panel: 'servers',
    requires: 'trend-read',
    async load(_caller, customerId) {
      // Without the metrics service (Prometheus down) the panel still counts what the landscape says,
      // rather than failing the whole dashboard.
      const servers: ServerOverview[] = await deps.trends
        .servers(customerId)
        .then((answer) => answer.servers)
        .catch(async () =>
          (await deps.landscape.servers(customerId)).map((server) => ({ ...server, current: null })),
        );
      const flagged = servers
        .map((server) => ({ server, attention: serverAttention(server) }))
        .filter((entry): entry is typeof entry & { attention: ServerAttention } => entry.attention !== null);
      const count = (attention: ServerAttention) =>
        flagged.filter((entry) => entry.attention === attention).length;
      const busy = count('busy');
      const offline = count('offline');
      const listed = [
        ...flagged.filter((entry) => entry.attention === 'busy'),
        ...flagged.filter((entry) => entry.attention === 'offline'),
      ].slice(0, LISTED);
      return {
        figures: [
          { key: 'busy', value: busy, tone: busy > 0 ? 'critical' : 'neutral', href: '/servers?show=busy' },
          {
            key: 'offline',
            value: offline,
            tone: offline > 0 ? 'attention' : 'neutral',
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
