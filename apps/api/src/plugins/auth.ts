import type { RightsMap, RightsRequirement } from '@portaal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRemoteJWKSet, type JWTPayload, errors as joseErrors, jwtVerify } from 'jose';
import { unauthenticated } from '../lib/app-error.ts';

export interface Principal {
  sub: string;
  username: string;
  email?: string;
  givenName?: string;
  familyName?: string;
  locale?: 'en' | 'nl';
  globalRoles: string[];
}

/** Route access (DESIGN.md §3): every route declares one; the meta-test fails on a route without. */
export type Access =
  | 'public'
  | 'login'
  | {
      rights: RightsRequirement;
      /** Path parameter holding the customer id for customer rights (default customer_id). */
      customerParam?: string;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
    rights(): Promise<RightsMap>;
  }
}

export interface AuthOptions {
  issuer: string;
  audience: string;
  clientId: string;
  rightsFor(sub: string, globalRoles: readonly string[]): Promise<RightsMap>;
}

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256'];

function rolesOf(payload: JWTPayload, clientId: string): string[] {
  const access = payload.resource_access;
  if (typeof access !== 'object' || access === null) return [];
  const client = (access as Record<string, unknown>)[clientId];
  const roles =
    typeof client === 'object' && client !== null ? (client as { roles?: unknown }).roles : undefined;
  return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [];
}

/** A verified access token's caller, and until when (ms since the epoch) the token holds. */
export interface VerifiedToken {
  principal: Principal;
  expiresAt: number;
}

/** Verifies bearer JWTs against the issuer's JWKS and exposes the caller and their rights. */
export function createTokenVerifier({ issuer, audience, clientId }: Omit<AuthOptions, 'rightsFor'>) {
  const jwks = createRemoteJWKSet(new URL(`${issuer}/protocol/openid-connect/certs`), {
    cacheMaxAge: 10 * 60_000,
    cooldownDuration: 30_000,
    timeoutDuration: 5_000,
  });
  // A verified token is remembered until it expires: the signature check is the costliest step of a
  // request, and a JWT cannot change. Bounded, so a flood of distinct tokens cannot grow it.
  const verified = new Map<string, VerifiedToken>();
  const MAX_CACHED = 10_000;

  return async function verify(token: string): Promise<VerifiedToken> {
    const hit = verified.get(token);
    if (hit) {
      if (hit.expiresAt > Date.now()) return hit;
      verified.delete(token);
    }
    return verifyUncached(token);
  };

  async function verifyUncached(token: string): Promise<VerifiedToken> {
    try {
      const { payload, protectedHeader } = await jwtVerify(token, jwks, {
        issuer,
        audience,
        algorithms: ALGORITHMS,
        requiredClaims: ['exp', 'iat', 'sub'],
        clockTolerance: 5,
      });
      // Only access tokens: ID and refresh tokens (typ ID / Refresh) are refused even when signed by the issuer.
      const isAccessToken = protectedHeader.typ?.toLowerCase() === 'at+jwt' || payload.typ === 'Bearer';
      if (!isAccessToken || typeof payload.sub !== 'string' || payload.sub === '') throw unauthenticated();
      const principal: Principal = {
        sub: payload.sub,
        username: typeof payload.preferred_username === 'string' ? payload.preferred_username : payload.sub,
        email: typeof payload.email === 'string' ? payload.email : undefined,
        givenName: typeof payload.given_name === 'string' ? payload.given_name : undefined,
        familyName: typeof payload.family_name === 'string' ? payload.family_name : undefined,
        locale: payload.locale === 'en' || payload.locale === 'nl' ? payload.locale : undefined,
        globalRoles: rolesOf(payload, clientId),
      };
      if (verified.size >= MAX_CACHED) verified.clear();
      // exp is required above; the clock tolerance is not extended to cached answers.
      const result = { principal, expiresAt: (payload.exp as number) * 1000 };
      verified.set(token, result);
      return result;
    } catch (error) {
      if (
        error instanceof joseErrors.JOSEError ||
        error instanceof TypeError ||
        error instanceof SyntaxError
      ) {
        throw unauthenticated('The bearer token is not valid.');
      }
      throw error;
    }
  }
}

function bearerToken(header: string): string {
  const match = /^Bearer\s+([A-Za-z0-9\-_.~+/]+=*)$/i.exec(header);
  if (!match?.[1]) throw unauthenticated('The Authorization header must be "Bearer <token>".');
  return match[1];
}

export const authPlugin = fp<AuthOptions>(async (app: FastifyInstance, options) => {
  const verify = createTokenVerifier(options);
  // Rights are read once per request (the access check, then the handler, use the same answer).
  const rightsOfRequest = new WeakMap<FastifyRequest, Promise<RightsMap>>();
  app.decorateRequest('principal', null);
  app.decorateRequest('rights', function rights(this: FastifyRequest) {
    let found = rightsOfRequest.get(this);
    if (!found) {
      found = this.principal
        ? options.rightsFor(this.principal.sub, this.principal.globalRoles)
        : Promise.resolve({});
      rightsOfRequest.set(this, found);
    }
    return found;
  });

  // A connection's last verified Authorization header: a browser or client sends the same one on each
  // call of a kept-alive connection, and comparing it with the last is cheaper than hashing its 1 kB
  // for the token cache. The same header is the same token, so the answer is the same until it expires.
  const lastOnConnection = new WeakMap<object, { header: string } & VerifiedToken>();
  async function authenticate(request: FastifyRequest, header: string | undefined) {
    if (!header) throw unauthenticated();
    const verified = await verify(bearerToken(header));
    const connection = request.raw.socket;
    if (connection) lastOnConnection.set(connection, { header, ...verified });
    request.principal = verified.principal;
  }

  // Authentication runs before validation, so an anonymous caller learns nothing about the input.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') {
      done();
      return;
    }
    const header = request.headers.authorization;
    const last = request.raw.socket ? lastOnConnection.get(request.raw.socket) : undefined;
    if (last !== undefined && last.header === header && last.expiresAt > Date.now()) {
      request.principal = last.principal;
      done();
      return;
    }
    authenticate(request, header).then(() => done(), done);
  });
});
