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
  /** The usage screen's data (DESIGN.md §2): the route itself needs uptime-read (SPEC.md §6). */
  usage: { customer: ['usage-read'] },
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
      { key: 'usage', to: '/sla-usage/usage', requirement: access.slaUsage },
      { key: 'reports', to: '/sla-usage/reports', requirement: access.slaUsage },
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
