import { RENEWAL_NOTICE_DAYS } from '@portaal/contracts';
import type { PanelRegistration } from '../dashboard/dashboard.registry.ts';
import type { ContractsService } from './contracts.service.ts';

/**
 * The contracts area's dashboard panel (subscription-read): contracts renewing in the next 90 days
 * (those within 30 days as attention), soonest first, each linking to its contract.
 */
export function contractsPanel(
  contracts: Pick<ContractsService<unknown>, 'renewingSoon'>,
): PanelRegistration {
  return {
    panel: 'contracts',
    requires: 'subscription-read',
    async load(_caller, customerId) {
      const renewing = await contracts.renewingSoon(customerId);
      const soon = renewing.filter((contract) => (contract.renewal_days ?? Infinity) <= RENEWAL_NOTICE_DAYS);
      return {
        figures: [
          {
            key: 'renewing_soon',
            value: soon.length,
            tone: soon.length > 0 ? 'attention' : 'neutral',
            href: '/administration',
          },
          { key: 'renewing', value: renewing.length, tone: 'neutral', href: '/administration' },
        ],
        items_title: renewing.length > 0 ? 'renewals' : null,
        items: renewing.slice(0, 5).map((contract) => ({
          key: contract.contract_id,
          title: contract.description,
          detail: contract.contract_id,
          at: null,
          ...(contract.renewal_date === null ? {} : { date: contract.renewal_date }),
          href: `/administration/contracts/${contract.contract_id}`,
        })),
      };
    },
  };
}
