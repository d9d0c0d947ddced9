import {
  type CustomerRight,
  DASHBOARD_PANEL_RIGHTS,
  type DashboardPanel,
  hasRights,
  type RightsMap,
} from '@portaal/contracts';
import type { Caller } from '../../lib/caller.ts';

/**
 * One dashboard panel, registered by the area that owns its data (one registration per feature):
 *
 *   dashboard.register({ panel: 'invoices', requires: 'invoice-read', load: (caller, customerId) => … });
 *
 * in app.ts, beside the area's other wiring. The panel is loaded only for callers who hold `requires`
 * in the selected customer (staff through their global rights), so nobody sees figures of an area they
 * cannot open; the loader still applies its own visibility (own tickets without ticket-read-all).
 * Loaders run in parallel in the one dashboard request and should answer from indexes in a few
 * milliseconds. Add the texts `dashboard.panels.<panel>.…` in en and nl (apps/web/public/locales).
 */
export interface PanelRegistration {
  panel: string;
  requires: CustomerRight;
  load(caller: Caller, customerId: number): Promise<Omit<DashboardPanel, 'panel'>>;
}

export function createDashboard() {
  const registrations: PanelRegistration[] = [];
  const quiet = () => {};
  const may = (rights: RightsMap, right: CustomerRight, customerId: number) =>
    hasRights(rights, { customer: [right] }, customerId, quiet);

  return {
    register(registration: PanelRegistration) {
      // The web app reserves a place per panel from this list: an undeclared panel would shift the page.
      const declared = (DASHBOARD_PANEL_RIGHTS as Record<string, CustomerRight>)[registration.panel];
      if (declared !== registration.requires) {
        throw new Error(
          `dashboard panel ${registration.panel} must be declared with the right ${registration.requires} in ` +
            'DASHBOARD_PANEL_RIGHTS (packages/contracts/src/rights.ts)',
        );
      }
      if (registrations.some((existing) => existing.panel === registration.panel)) {
        throw new Error(`dashboard panel ${registration.panel} is registered twice`);
      }
      registrations.push(registration);
    },

    /** The panels the caller may read in this customer, in registration order. */
    async panels(caller: Caller, customerId: number): Promise<DashboardPanel[]> {
      const allowed = registrations.filter((registration) =>
        may(caller.rights, registration.requires, customerId),
      );
      return Promise.all(
        allowed.map(async (registration) => ({
          panel: registration.panel,
          ...(await registration.load(caller, customerId)),
        })),
      );
    },
  };
}
export type DashboardRegistry = ReturnType<typeof createDashboard>;
