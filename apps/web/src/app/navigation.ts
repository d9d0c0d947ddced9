import type { RightsRequirement } from '@portaal/contracts';

/** Route requirements of SPEC.md §6 (customer rights) and DESIGN.md §5 (staff tools, global rights). */
export const access = {
  login: 'login',
  servers: { customer: ['trend-read'] },
  landscape: { customer: ['infra-read'] },
  support: { customer: ['ticket-read'] },
  newTicket: { customer: ['ticket-edit'] },
  slaUsage: { customer: ['uptime-read'] },
  administration: { customer: { anyOf: ['invoice-read', 'subscription-read'] } },
  invoices: { customer: ['invoice-read'] },
  contracts: { customer: ['subscription-read'] },
  company: { customer: ['company-read'] },
  adminCustomers: { global: ['company-read'] },
  adminCrosschecks: { global: ['crosscheck-read'] },
  adminAgreements: { global: ['agreement-read'] },
  /** Recording changes of a usage agreement and its PO number (DESIGN.md §2: provider moderators). */
  agreementEdit: { global: ['agreement-edit'] },
  adminMailings: { global: ['mailing-read'] },
  /** Writing and sending mailings (DESIGN.md §2: provider moderators). */
  mailingSend: { global: ['mailing-send'] },
  adminUsage: { global: ['usage-read'] },
  adminTickets: { global: ['ticket-read'] },
  /** Creating customers on the staff customer screen (DESIGN.md §2: provider moderators). */
  customerCreate: { global: ['customer-create'] },
  /** The usage screen's data (DESIGN.md §2). */
  usage: { customer: ['usage-read'] },
  /**
   * The usage screen: SPEC.md §6's uptime-read plus the right of its data. With uptime-read alone a
   * financial_viewer got a menu entry that led to a page saying they lack the right (DESIGN.md §2).
   */
  usageScreen: { customer: ['uptime-read', 'usage-read'] },
  /** The report screens: SPEC.md §6's uptime-read plus the reports' data right (usage-report-read). */
  reports: { customer: ['uptime-read', 'usage-report-read'] },
} as const satisfies Record<string, 'login' | RightsRequirement>;

export type AreaKey =
  | 'home'
  | 'servers'
  | 'trends'
  | 'landscape'
  | 'support'
  | 'slaUsage'
  | 'usage'
  | 'reports'
  | 'applicationStatuses'
  | 'administration'
  | 'invoices'
  | 'contracts'
  | 'company'
  | 'contacts'
  | 'adminCustomers'
  | 'adminCrosschecks'
  | 'adminMailings'
  | 'adminUsage'
  | 'adminTickets';

export interface NavItem {
  key: AreaKey;
  to: string;
  requirement: 'login' | RightsRequirement;
  children?: NavItem[];
  staff?: boolean;
}

/**
 * A menu entry is shown only when its screen opens for the user: its requirement is the one of the
 * screen's route guard, which covers the rights of the data the screen shows.
 */
export const navigation: NavItem[] = [
  { key: 'home', to: '/', requirement: 'login' },
  {
    key: 'servers',
    to: '/servers',
    requirement: access.servers,
    children: [
      { key: 'trends', to: '/servers/trends', requirement: access.servers },
      { key: 'landscape', to: '/servers/system-landscape', requirement: access.landscape },
    ],
  },
  { key: 'support', to: '/support', requirement: access.support },
  {
    key: 'slaUsage',
    to: '/sla-usage',
    requirement: access.slaUsage,
    children: [
      { key: 'usage', to: '/sla-usage/usage', requirement: access.usageScreen },
      { key: 'reports', to: '/sla-usage/reports', requirement: access.reports },
      {
        key: 'applicationStatuses',
        to: '/sla-usage/application-statuses',
        requirement: access.slaUsage,
      },
    ],
  },
  {
    key: 'administration',
    to: '/administration',
    requirement: access.administration,
    children: [
      { key: 'invoices', to: '/administration/invoices', requirement: access.invoices },
      { key: 'contracts', to: '/administration/contracts', requirement: access.contracts },
    ],
  },
  { key: 'company', to: '/company', requirement: access.company },
  {
    key: 'adminTickets',
    to: '/admin/tickets',
    requirement: access.adminTickets,
    staff: true,
  },
  {
    key: 'adminCustomers',
    to: '/admin/customers',
    requirement: access.adminCustomers,
    staff: true,
  },
  {
    key: 'adminCrosschecks',
    to: '/admin/crosschecks',
    requirement: access.adminCrosschecks,
    staff: true,
  },
  {
    key: 'adminMailings',
    to: '/admin/mailings',
    requirement: access.adminMailings,
    staff: true,
  },
  { key: 'adminUsage', to: '/admin/usage', requirement: access.adminUsage, staff: true },
];

/** The entries (and children) whose requirement the user meets; a group without its own right is left out. */
export function visibleNavigation(allowed: (requirement: NavItem['requirement']) => boolean): NavItem[] {
  const shown = (item: NavItem) => allowed(item.requirement);
  return navigation.filter(shown).map((item) => ({ ...item, children: item.children?.filter(shown) }));
}
