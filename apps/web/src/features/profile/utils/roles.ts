import { customerRoles } from '@portaal/contracts/rights';

export type StaffRole = 'provider_moderator' | 'provider_viewer';

/**
 * Staff roles are the IdP client roles {prefix}_moderator and {prefix}_viewer (DESIGN.md §2); the
 * prefix is configurable, so the suffix tells which one it is. Customer role names never count.
 */
export function staffRole(role: string): StaffRole | undefined {
  if ((customerRoles as readonly string[]).includes(role)) return undefined;
  const match = /^[a-z][a-z0-9]*_(moderator|viewer)$/.exec(role);
  return match ? (`provider_${match[1]}` as StaffRole) : undefined;
}
