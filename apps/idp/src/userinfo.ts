import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UserInfoClaims } from '@portaal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdpContext } from './context.ts';
import { sendJson } from './http.ts';
import type { IdpAccount } from './types.ts';

/**
 * userinfo and the account endpoint answer for the JWT access tokens of the API audience, which
 * oidc-provider's own userinfo refuses; they verify those tokens with the IdP's keys.
 */
export function createUserInfoHandlers(context: IdpContext) {
  const { tokens, options } = context;
  const { accounts, clientId, realm } = options;

  function challenge(response: ServerResponse, error?: { code: string; description: string }) {
    // RFC 6750 §3.1: a request without any token gets the challenge without an error code.
    const header = error
      ? `Bearer realm="${realm}", error="${error.code}", error_description="${error.description}"`
      : `Bearer realm="${realm}"`;
    const body = error
      ? { error: error.code, error_description: error.description }
      : { error: 'invalid_request', error_description: 'No bearer token.' };
    sendJson(response, 401, body, { 'www-authenticate': header });
  }

  async function caller(request: IncomingMessage, response: ServerResponse): Promise<IdpAccount | undefined> {
    const header = request.headers.authorization;
    if (!header) {
      challenge(response);
      return undefined;
    }
    const token = /^Bearer +([A-Za-z0-9\-_.~+/]+=*)$/i.exec(header)?.[1];
    const claims = token ? await tokens.verifyAccessToken(token) : undefined;
    const account = claims ? await accounts.findById(claims.sub) : undefined;
    if (!account) {
      challenge(response, { code: 'invalid_token', description: 'Token verification failed' });
      return undefined;
    }
    return account;
  }

  async function userinfo(request: FastifyRequest, reply: FastifyReply) {
    const account = await caller(request.raw, reply.raw);
    if (!account) return;
    const rights = await accounts.rights(account.id);
    const claims: UserInfoClaims = {
      sub: account.id,
      preferred_username: account.username,
      given_name: account.givenName,
      family_name: account.familyName,
      name: `${account.givenName} ${account.familyName}`.trim(),
      email: account.email,
      email_verified: true,
      groups: [...account.groups],
      rights: Object.fromEntries(Object.entries(rights).map(([key, list]) => [key, [...list]])),
      resource_access: { [clientId]: { roles: [...account.globalRoles] } },
      locale: account.language,
    };
    sendJson(reply.raw, 200, claims);
  }

  /** keycloak-js loadUserProfile(): Keycloak's account representation, attributes as lists. */
  async function profile(request: FastifyRequest, reply: FastifyReply) {
    const account = await caller(request.raw, reply.raw);
    if (!account) return;
    sendJson(reply.raw, 200, {
      id: account.id,
      username: account.username,
      firstName: account.givenName,
      lastName: account.familyName,
      email: account.email,
      emailVerified: true,
      attributes: { locale: [account.language] },
    });
  }

  return { userinfo, profile };
}
