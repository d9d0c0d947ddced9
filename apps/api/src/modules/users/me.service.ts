import { type Me, mainCompanyId } from '@portaal/contracts';
import type { Principal } from '../../plugins/auth.ts';
import type { UsersRepo } from './users.repo.ts';
import type { UsersService } from './users.service.ts';

/**
 * The caller's profile: portal data where the portal has it, token claims otherwise. The web app
 * loads it after every sign-in, so this is where the portal learns that an invited login has signed
 * in (its invitation is no longer pending) – the same with the dev IdP and with Keycloak.
 */
export function createMeService(repo: UsersRepo, users: UsersService) {
  async function get(principal: Principal): Promise<Me> {
    const [row, memberships, rights] = await Promise.all([
      repo.findById(principal.sub),
      repo.membershipsWithNames(principal.sub),
      users.rightsFor(principal.sub, principal.globalRoles),
    ]);
    if (row && !row.signedInAt) await repo.markSignedIn(principal.sub);
    return {
      id: principal.sub,
      username: row?.username ?? principal.username,
      given_name: row?.givenName ?? principal.givenName ?? null,
      family_name: row?.familyName ?? principal.familyName ?? null,
      email: row?.email ?? principal.email ?? null,
      phone: row?.phone ?? null,
      mobile: row?.mobile ?? null,
      language: row?.language ?? principal.locale ?? 'nl',
      memberships: memberships.map((m) => ({
        customer_id: m.customerId,
        display_name: m.displayName,
        role: m.role,
      })),
      global_roles: principal.globalRoles,
      rights: Object.fromEntries(Object.entries(rights).map(([key, list]) => [key, [...list]])),
      main_company_id: mainCompanyId(rights) ?? null,
    };
  }

  return {
    get,
    async setLanguage(principal: Principal, language: 'en' | 'nl'): Promise<Me> {
      await repo.upsertLanguage(
        {
          id: principal.sub,
          username: principal.username,
          email: principal.email ?? '',
          givenName: principal.givenName ?? '',
          familyName: principal.familyName ?? '',
        },
        language,
      );
      return get(principal);
    },
  };
}
export type MeService = ReturnType<typeof createMeService>;
