import { hasRights, meetsTarget, usageDisplay } from '@portaal/contracts';
import type { PanelRegistration } from '../dashboard/dashboard.registry.ts';

export interface SlaPanelDeps {
  applications(customerId: number): Promise<
    {
      application_id: number;
      name: string;
      state: string | null;
      uptime_target: number;
      uptime: { currentMonth: number | null };
    }[]
  >;
  openIncidents(customerId: number): Promise<number>;
  usage(customerId: number): Promise<
    {
      usages: {
        period_start_amount: number;
        remaining_amount: number;
        used_amount: number;
        overusage_amount: number;
      }[];
    }[]
  >;
}

/**
 * The SLA panel of the dashboard (uptime-read): applications down now, applications below their
 * target this month, open incidents, and (with usage-read) bundles near or over their limit; the list
 * holds each application's uptime this month against its target.
 */
export function slaPanel(deps: SlaPanelDeps): PanelRegistration {
  return {
    panel: 'sla',
    requires: 'uptime-read',
    async load(caller, customerId) {
      const withUsage = hasRights(caller.rights, { customer: ['usage-read'] }, customerId, () => {});
      const [apps, incidents, groups] = await Promise.all([
        deps.applications(customerId),
        deps.openIncidents(customerId),
        withUsage ? deps.usage(customerId) : Promise.resolve([]),
      ]);
      const down = apps.filter((app) => app.state === 'down').length;
      const below = apps.filter(
        (app) => meetsTarget(app.uptime.currentMonth, app.uptime_target) === false,
      ).length;
      const bundles = groups
        .flatMap((group) => group.usages)
        .filter(
          (entry) =>
            usageDisplay({
              periodStartAmount: entry.period_start_amount,
              remainingAmount: entry.remaining_amount,
              usedAmount: entry.used_amount,
              overusageAmount: entry.overusage_amount,
            }).status === 'error',
        ).length;
      return {
        figures: [
          {
            key: 'down',
            value: down,
            tone: down > 0 ? 'critical' : 'neutral',
            href: '/sla-usage/application-statuses',
          },
          {
            key: 'below_target',
            value: below,
            tone: below > 0 ? 'attention' : 'neutral',
            href: '/sla-usage/application-statuses?range=currentMonth',
          },
          {
            key: 'open_incidents',
            value: incidents,
            tone: incidents > 0 ? 'attention' : 'neutral',
            href: '/support',
          },
          ...(withUsage
            ? [
                {
                  key: 'bundles_near_limit',
                  value: bundles,
                  tone: bundles > 0 ? ('attention' as const) : ('neutral' as const),
                  href: '/sla-usage/usage',
                },
              ]
            : []),
        ],
        items_title: 'uptime',
        items: apps.map((app) => ({
          key: String(app.application_id),
          title: app.name,
          detail: null,
          // Numbers, not text: the client formats them in the reader's language (99,95% in Dutch).
          detail_values:
            app.uptime.currentMonth === null
              ? null
              : {
                  key: 'uptime_of_target',
                  values: { uptime: app.uptime.currentMonth, target: app.uptime_target },
                },
          at: null,
          href: `/sla-usage/application-statuses?range=currentMonth&app=${app.application_id}`,
        })),
      };
    },
  };
}
