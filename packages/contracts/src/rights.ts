/** Pure rights rules; no zod here, so the web app can import them without the schema library. */
export const customerRoles = [
  'owner',
  'financial_moderator',
  'financial_viewer',
  'technical_viewer',
  'viewer',
] as const;
export type CustomerRole = (typeof customerRoles)[number];

export const customerRights = [
  'company-read',
  'company-edit',
  'billing-edit',
  'contact-read',
  'contact-edit',
  'contact-admin',
  'user-admin',
  'ticket-read',
  'ticket-edit',
  'ticket-read-all',
  'invoice-read',
  'subscription-read',
  'subscription-edit',
  'infra-read',
  'trend-read',
  'uptime-read',
  'usage-report-read',
  'usage-read',
] as const;
export type CustomerRight = (typeof customerRights)[number];

export const staffOnlyRights = [
  'crosscheck-read',
  'crosscheck-export',
  'agreement-read',
  'agreement-edit',
  'mailing-read',
  'mailing-send',
  'customer-create',
] as const;
export type Right = CustomerRight | (typeof staffOnlyRights)[number];

/** DESIGN.md §2: rights per customer role. */
export const roleRights: Readonly<Record<CustomerRole, readonly CustomerRight[]>> = {
  owner: customerRights,
  financial_moderator: [
    'company-read',
    'billing-edit',
    'contact-read',
    'ticket-read',
    'ticket-edit',
    'invoice-read',
    'subscription-read',
    'subscription-edit',
    'uptime-read',
    'usage-report-read',
    'usage-read',
  ],
  financial_viewer: [
    'company-read',
    'contact-read',
    'ticket-read',
    'ticket-edit',
    'invoice-read',
    'subscription-read',
    'uptime-read',
    'usage-report-read',
  ],
  technical_viewer: [
    'company-read',
    'contact-read',
    'ticket-read',
    'ticket-edit',
    'infra-read',
    'trend-read',
    'uptime-read',
    'usage-report-read',
    'usage-read',
  ],
  viewer: ['company-read', 'contact-read', 'ticket-read', 'ticket-edit', 'ticket-read-all'],
};

const readRights = customerRights.filter((right) => right.endsWith('-read') || right === 'ticket-read-all');
const editRights = customerRights.filter((right) => !readRights.includes(right));

export const staffRoleNames = (prefix: string) =>
  ({ viewer: `${prefix}_viewer`, moderator: `${prefix}_moderator` }) as const;

export const staffViewerRights: readonly Right[] = [
  ...readRights,
  'crosscheck-read',
  'agreement-read',
  'mailing-read',
];
export const staffModeratorRights: readonly Right[] = [
  ...staffViewerRights,
  ...editRights,
  'customer-create',
  'crosscheck-export',
  'agreement-edit',
  'mailing-send',
];

/** Global rights held through the IdP's client roles (provider staff). */
export function globalRightsForRoles(roles: readonly string[], prefix: string): Right[] {
  const names = staffRoleNames(prefix);
  if (roles.includes(names.moderator)) return [...staffModeratorRights];
  if (roles.includes(names.viewer)) return [...staffViewerRights];
  return [];
}

export interface Membership {
  customerId: number;
  role: CustomerRole;
}

/** Rights map of SPEC.md §3: company id (as string) → rights; the key 'global' holds global rights. */
export type RightsMap = Record<string, readonly string[]>;

export function rightsMapFor(memberships: readonly Membership[], globalRights: readonly string[]): RightsMap {
  const map: Record<string, string[]> = {};
  for (const { customerId, role } of memberships) {
    const key = String(customerId);
    const merged = new Set([...(map[key] ?? []), ...roleRights[role]]);
    map[key] = [...merged];
  }
  if (globalRights.length > 0) map.global = [...globalRights];
  return map;
}

/** The provider itself: 'global' counts as this company when choosing the main company. */
export const PROVIDER_COMPANY_ID = 1;

/** SPEC.md §3: the company with the most rights; 'global' counts as company 1. Ties go to the lowest id. */
export function mainCompanyId(rights: RightsMap): number | undefined {
  let best: { id: number; count: number } | undefined;
  for (const [key, list] of Object.entries(rights)) {
    const id = key === 'global' ? PROVIDER_COMPANY_ID : Number(key);
    if (!Number.isInteger(id) || list.length === 0) continue;
    if (!best || list.length > best.count || (list.length === best.count && id < best.id)) {
      best = { id, count: list.length };
    }
  }
  return best?.id;
}

export type RightsList = readonly Right[] | { readonly anyOf: readonly Right[] };

/** A requirement names global and/or customer rights (DESIGN.md §2). */
export interface RightsRequirement {
  global?: RightsList;
  customer?: RightsList;
}

export const RIGHTS_MESSAGES = {
  missingKeys: 'Invalid rights check, missing both global and customer keys.',
  missingCustomer: 'Could not determine customer id',
} as const;

const NONE: readonly string[] = [];

// Lists of a few dozen rights, checked on every API call: searched as they are, without sets or
// closures made per call.
function holds(right: string, held: readonly string[], alsoHeld: readonly string[]): boolean {
  return held.includes(right) || alsoHeld.includes(right);
}

function satisfies(list: RightsList, held: readonly string[], alsoHeld: readonly string[] = NONE): boolean {
  if ('anyOf' in list) {
    for (const right of list.anyOf) if (holds(right, held, alsoHeld)) return true;
    return false;
  }
  for (const right of list) if (!holds(right, held, alsoHeld)) return false;
  return true;
}

/**
 * The one rights check of SPEC.md §5, used by the web route guard and every API route.
 * Global rights count for every customer: provider staff see all customers.
 */
export function hasRights(
  rights: RightsMap,
  requirement: RightsRequirement,
  customerId?: number | string | null,
  log: (message: string) => void = console.warn,
): boolean {
  if (!requirement.global && !requirement.customer) {
    log(RIGHTS_MESSAGES.missingKeys);
    return false;
  }
  const globalHeld = rights.global ?? NONE;
  if (requirement.global && !satisfies(requirement.global, globalHeld)) return false;
  if (requirement.customer) {
    if (customerId === undefined || customerId === null || customerId === '') {
      log(RIGHTS_MESSAGES.missingCustomer);
      return false;
    }
    if (!satisfies(requirement.customer, rights[String(customerId)] ?? NONE, globalHeld)) return false;
  }
  return true;
}

/**
 * Every dashboard panel (issue 15) and the customer right that shows it. The server's panel
 * registry accepts only these (apps/api/src/modules/dashboard); the web app keeps a place for each
 * panel the user may read while the dashboard loads, so nothing moves when the panels arrive.
 * A new panel adds itself here, in the order the dashboard shows it.
 */
export const DASHBOARD_PANEL_RIGHTS = {
  tickets: 'ticket-read',
  servers: 'trend-read',
  sla: 'uptime-read',
  invoices: 'invoice-read',
  contracts: 'subscription-read',
} as const satisfies Record<string, CustomerRight>;
export type DashboardPanelName = keyof typeof DASHBOARD_PANEL_RIGHTS;
