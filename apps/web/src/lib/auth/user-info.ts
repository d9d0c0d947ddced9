import { mainCompanyId, type RightsMap } from '@portaal/contracts/rights';

/** Logged-in user info of SPEC.md §3. */
export interface UserInfo {
  id: string;
  username: string;
  givenName?: string;
  familyName?: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  /** All client roles merged. */
  flattened_roles: string[];
  /** Client → roles. */
  roles: Record<string, string[]>;
  groups: string[];
  /** Company id → rights; the key 'global' holds global rights. */
  rights: RightsMap;
  mainCompanyId?: number;
  locale?: string;
}

interface Claims {
  sub?: unknown;
  preferred_username?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
  email?: unknown;
  email_verified?: unknown;
  groups?: unknown;
  rights?: unknown;
  resource_access?: unknown;
  locale?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** Builds the user info from the userinfo answer, with client roles from the access token. */
export function toUserInfo(claims: Claims, token: Claims = {}): UserInfo {
  const access = (claims.resource_access ?? token.resource_access ?? {}) as Record<
    string,
    { roles?: unknown }
  >;
  const roles = Object.fromEntries(
    Object.entries(typeof access === 'object' && access ? access : {}).map(([client, value]) => [
      client,
      strings(value?.roles),
    ]),
  );
  const rightsClaim = typeof claims.rights === 'object' && claims.rights !== null ? claims.rights : {};
  const rights: Record<string, string[]> = {};
  for (const [key, list] of Object.entries(rightsClaim)) rights[key] = strings(list);
  return {
    id: text(claims.sub) ?? text(token.sub) ?? '',
    username: text(claims.preferred_username) ?? text(token.preferred_username) ?? '',
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
    name: text(claims.name),
    email: text(claims.email),
    email_verified: typeof claims.email_verified === 'boolean' ? claims.email_verified : undefined,
    flattened_roles: [...new Set(Object.values(roles).flat())],
    roles,
    groups: strings(claims.groups),
    rights,
    mainCompanyId: mainCompanyId(rights),
    locale: text(claims.locale),
  };
}
