// The landscape's rules without zod, for the web app as well as the API.

/** The landscape kinds of DESIGN.md §8, as they appear in routes and object ids. */
export const landscapeKinds = [
  'devices',
  'virtual-machines',
  'racks',
  'ip-addresses',
  'prefixes',
  'kubernetes-clusters',
  'vmware-clusters',
] as const;
export type LandscapeKind = (typeof landscapeKinds)[number];

/** Kinds whose key is a NetBox id (a number); ip-addresses and prefixes are keyed by themselves. */
export const numericKinds = new Set<LandscapeKind>([
  'devices',
  'virtual-machines',
  'racks',
  'kubernetes-clusters',
  'vmware-clusters',
]);

export const landscapeStatuses = ['active', 'decommissioning', 'offline'] as const;
export type LandscapeStatus = (typeof landscapeStatuses)[number];

export const deviceRoles = [
  'server',
  'switch',
  'router',
  'firewall',
  'storage',
  'pdu',
  'load-balancer',
] as const;
export type DeviceRole = (typeof deviceRoles)[number];

export const objectId = (kind: LandscapeKind, key: string | number) => `${kind}/${key}`;

/** The web route of an object (prefixes and addresses keep their slash: /…/prefixes/10.20.0.0/24). */
export const landscapePath = (id: string) => `/servers/system-landscape/${id}`;
