// @vitest-environment jsdom
import {
  type CustomerRight,
  type CustomerRole,
  customerRoles,
  hasRights,
  type RightsRequirement,
  rightsMapFor,
} from '@portaal/contracts';
import { describe, expect, it } from 'vitest';
import { Route as applicationStatusesRoute } from '../routes/_app/sla-usage.application-statuses.tsx';
import { Route as slaOverviewRoute } from '../routes/_app/sla-usage.index.tsx';
import { Route as reportDetailRoute } from '../routes/_app/sla-usage.reports.$displayId.tsx';
import { Route as reportsRoute } from '../routes/_app/sla-usage.reports.index.tsx';
import { Route as usageRoute } from '../routes/_app/sla-usage.usage.tsx';
import { access, type NavItem, visibleNavigation } from './navigation.ts';

const CUSTOMER = 1001;

function navigationOf(role: CustomerRole): NavItem[] {
  const rights = rightsMapFor([{ customerId: CUSTOMER, role }], []);
  return visibleNavigation(
    (requirement) => requirement === 'login' || hasRights(rights, requirement, CUSTOMER, () => {}),
  );
}

const slaChildren = (role: CustomerRole) =>
  navigationOf(role)
    .find((item) => item.key === 'slaUsage')
    ?.children?.map((child) => child.key);

/** The right each SLA and usage screen's data needs (DESIGN.md §2 and §4). */
const dataRight: Record<string, CustomerRight> = {
  usage: 'usage-read',
  reports: 'usage-report-read',
  applicationStatuses: 'uptime-read',
};

describe('navigation under SLA and usage', () => {
  it('leaves Usage out for a financial_viewer, who cannot read usage (DESIGN.md §2)', () => {
    expect(slaChildren('financial_viewer')).toEqual(['reports', 'applicationStatuses']);
  });

  it('shows every SLA and usage screen to the roles that hold their data rights', () => {
    expect(slaChildren('owner')).toEqual(['usage', 'reports', 'applicationStatuses']);
    expect(slaChildren('financial_moderator')).toEqual(['usage', 'reports', 'applicationStatuses']);
    expect(slaChildren('technical_viewer')).toEqual(['usage', 'reports', 'applicationStatuses']);
    expect(slaChildren('viewer')).toBeUndefined();
  });

  it.each(customerRoles)('offers a %s no SLA and usage entry whose data it cannot read', (role) => {
    const rights = rightsMapFor([{ customerId: CUSTOMER, role }], []);
    for (const key of slaChildren(role) ?? []) {
      const right = dataRight[key];
      expect(right, key).toBeDefined();
      expect(hasRights(rights, { customer: [right as CustomerRight] }, CUSTOMER), key).toBe(true);
    }
  });

  it('gives each entry the requirement of its route, so the guard and the menu agree', () => {
    const requirementOf = (route: { options: { staticData?: { requirement?: unknown } } }) =>
      route.options.staticData?.requirement as 'login' | RightsRequirement | undefined;
    const sla = visibleNavigation(() => true).find((item) => item.key === 'slaUsage');
    const byKey = Object.fromEntries((sla?.children ?? []).map((child) => [child.key, child.requirement]));
    expect(requirementOf(slaOverviewRoute)).toBe(sla?.requirement);
    expect(requirementOf(usageRoute)).toBe(byKey.usage);
    expect(requirementOf(reportsRoute)).toBe(byKey.reports);
    expect(requirementOf(reportDetailRoute)).toBe(byKey.reports);
    expect(requirementOf(applicationStatusesRoute)).toBe(byKey.applicationStatuses);
    expect(byKey.usage).toBe(access.usageScreen);
  });
});
