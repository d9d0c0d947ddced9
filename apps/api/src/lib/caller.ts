import type { RightsMap } from '@portaal/contracts';
import type { FastifyRequest } from 'fastify';
import type { KnownUser } from '../modules/users/users.service.ts';
import { unauthenticated } from './app-error.ts';

/** Who calls (from the token) and their rights: what services that check rights themselves need. */
export interface Caller {
  user: KnownUser;
  rights: RightsMap;
}

/** The caller of a request; 401 without a signed-in principal. */
export async function callerOf(request: FastifyRequest): Promise<Caller> {
  const principal = request.principal;
  if (!principal) throw unauthenticated();
  return {
    user: {
      id: principal.sub,
      username: principal.username,
      email: principal.email ?? '',
      givenName: principal.givenName ?? '',
      familyName: principal.familyName ?? '',
      language: principal.locale,
    },
    rights: await request.rights(),
  };
}
