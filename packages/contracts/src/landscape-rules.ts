import { parseAddress, parsePrefix } from './ip-address.ts';

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

export type LandscapeObjectId = { kind: LandscapeKind; key: string };

/**
 * `{kind}/{key}` → kind and key; undefined when it is not an id of this API. Numeric keys are NetBox
 * ids (1 … 2^31-1); ip-addresses keys are an address with or without its length, prefixes keys a
 * network prefix (`prefixes/10.20.0.0/24`).
 */
export function parseObjectId(id: string): LandscapeObjectId | undefined {
  const slash = id.indexOf('/');
  if (slash === -1) return undefined;
  const kind = landscapeKinds.find((candidate) => candidate === id.slice(0, slash));
  const key = id.slice(slash + 1);
  if (!kind) return undefined;
  if (numericKinds.has(kind)) {
    return /^[1-9]\d{0,9}$/.test(key) && Number(key) <= 2_147_483_647 ? { kind, key } : undefined;
  }
  if (kind === 'ip-addresses') return parseAddress(key) ? { kind, key } : undefined;
  return parsePrefix(key) ? { kind, key } : undefined;
}

export const objectId = (kind: LandscapeKind, key: string | number) => `${kind}/${key}`;

/** The web route of an object (prefixes and addresses keep their slash: /…/prefixes/10.20.0.0/24). */
export const landscapePath = (id: string) => `/servers/system-landscape/${id}`;
