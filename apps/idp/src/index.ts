import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type Koa from 'koa';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { ACTION_TOKEN_PATH } from './action-tokens.ts';
import { deleteExpired } from './adapter.ts';
import type { IdpContext } from './context.ts';
import { BodyTooLargeError, isFormPost, readBody, replayRequest, send, sendJson } from './http.ts';
import { createInteractionHandlers } from './interactions.ts';
import { ensureKeys } from './keys.ts';
import { createLogoutHandler } from './logout.ts';
import { createPages } from './pages.ts';
import { createProvider, ROUTES } from './provider.ts';
import { createSetPasswordHandlers } from './set-password.ts';
import { createTokenTools, type TokenTools } from './tokens.ts';
import type { IdpHandle, IdpOptions } from './types.ts';
import { createUserInfoHandlers } from './userinfo.ts';

export type {
  IdpAccount,
  IdpAccountStore,
  IdpHandle,
  IdpLoginAccount,
  IdpOptions,
  Language,
} from './types.ts';

const CLEANUP_INTERVAL_MS = 60 * 60_000;

export class IdpConfigurationError extends Error {}

/** hide (read by @fastify/swagger) keeps the IdP out of the API's OpenAPI document. */
const HIDDEN_SCHEMA: FastifySchema & { hide: boolean } = { hide: true };
/** Every IdP route is public to the API's access check and declares a schema, as every route must. */
const ROUTE_OPTIONS = { config: { access: 'public' as const }, schema: HIDDEN_SCHEMA };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keycloak's default client scopes: profile and email come with every openid request. */
function withDefaultScopes(url: string): string {
  const [path = '/', query = ''] = url.split('?', 2);
  const params = new URLSearchParams(query);
  const scopes = (params.get('scope') ?? '').split(' ').filter(Boolean);
  if (params.getAll('scope').length !== 1 || !scopes.includes('openid')) return url;
  params.set('scope', [...new Set([...scopes, 'profile', 'email'])].join(' '));
  return `${path}?${params.toString()}`;
}

/** Puts the opaque refresh token back where keycloak-js sent our JWT envelope. */
async function unwrapRefreshTokens(form: URLSearchParams, path: string, tokens: TokenTools): Promise<void> {
  const name = path === ROUTES.token ? 'refresh_token' : 'token';
  const values = form.getAll(name);
  // Duplicates are left for oidc-provider to refuse.
  if (values.length !== 1 || !values[0]) return;
  const opaque = await tokens.unwrapRefreshToken(values[0]);
  if (opaque) form.set(name, opaque);
  // An envelope that does not verify must not reach the grant; revocation and introspection
  // get other tokens (access tokens) unchanged.
  else if (name === 'refresh_token') form.set(name, 'invalid');
}

/**
 * Mounts the dev identity provider (oidc-provider) in the Fastify app at /realms/<realm>, with
 * Keycloak's paths and response shapes so that keycloak-js and the e2e helpers work unchanged.
 * Refuses to start in production unless explicitly allowed.
 */
export async function registerIdp(app: FastifyInstance, options: IdpOptions): Promise<IdpHandle> {
  if (options.production && !options.allowInProduction) {
    throw new IdpConfigurationError(
      'The embedded dev identity provider must not run in production: configure Keycloak (OIDC_URL) or set ALLOW_DEV_IDP_IN_PRODUCTION=true.',
    );
  }
  const issuerUrl = new URL(options.issuer);
  const routePrefix = `/realms/${options.realm}`;
  const mountPath = issuerUrl.pathname.replace(/\/+$/, '');
  if (!/^[\w-]+$/.test(options.realm) || !mountPath.endsWith(routePrefix)) {
    throw new IdpConfigurationError(`The issuer ${options.issuer} must end with ${routePrefix}.`);
  }
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const publicOrigin = new URL(publicUrl).origin;

  const keys = await ensureKeys(options.db);
  const tokens = createTokenTools({
    issuer: options.issuer,
    clientId: options.clientId,
    audience: options.audience,
    keys,
  });
  const pages = createPages({
    brand: options.brandName,
    basePath: mountPath,
    publicUrl,
    formActionOrigins: publicOrigin === issuerUrl.origin ? [] : [publicOrigin],
  });
  const provider = createProvider({
    issuer: options.issuer,
    clientId: options.clientId,
    audience: options.audience,
    publicUrl,
    resourceIndicator: `${publicUrl}/api`,
    db: options.db,
    accounts: options.accounts,
    keys,
    pages,
    brandName: options.brandName,
  });

  provider.on('server_error', (_ctx: KoaContextWithOIDC, error: Error) => {
    app.log.error({ err: error }, 'dev IdP server error');
  });
  // With a listener of our own, Koa logs through Fastify's logger instead of the console.
  const koa: Koa = provider;
  koa.on('error', (error: Error) => app.log.error({ err: error }, 'dev IdP error'));

  // keycloak-js decodes refresh tokens as JWTs: the opaque one goes out inside a signed envelope.
  provider.use(async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (ctx.path !== ROUTES.token || ctx.status !== 200 || !isRecord(body)) return;
    const opaque = body.refresh_token;
    if (typeof opaque !== 'string') return;
    // The stored payload has the exact iat and exp (the model instance computes them only when saving).
    const stored = await provider.RefreshToken.adapter.find(opaque);
    if (!stored?.accountId || !stored.iat || !stored.exp) throw new Error('issued refresh token not found');
    // A session-bound refresh token dies with its session, so the envelope says when that is (as Keycloak does).
    const session =
      stored.expiresWithSession && stored.sessionUid
        ? await provider.Session.findByUid(stored.sessionUid)
        : undefined;
    const exp = session?.exp ? Math.min(stored.exp, session.exp) : stored.exp;
    body.refresh_token = await tokens.wrapRefreshToken({
      opaque,
      sub: stored.accountId,
      iat: stored.iat,
      exp,
      sid: stored.sid,
    });
    body.refresh_expires_in = Math.max(0, exp - Math.floor(Date.now() / 1000));
  });

  const context: IdpContext = {
    options: { ...options, publicUrl },
    provider,
    tokens,
    pages,
    routePrefix,
    mountPath,
    prepare(request: IncomingMessage) {
      request.headers['x-forwarded-proto'] = issuerUrl.protocol.slice(0, -1);
      request.headers['x-forwarded-host'] = issuerUrl.host;
    },
  };
  const interactions = createInteractionHandlers(context);
  const logout = createLogoutHandler(context);
  const userInfo = createUserInfoHandlers(context);
  const setPassword = createSetPasswordHandlers(context);
  const callback = provider.callback();

  /** Handlers write the raw response themselves; Fastify only routes. */
  function raw<R extends FastifyRequest>(handler: (request: R, reply: FastifyReply) => Promise<void>) {
    return async (request: R, reply: FastifyReply) => {
      reply.hijack();
      context.prepare(request.raw);
      try {
        await handler(request, reply);
      } catch (error) {
        if (error instanceof BodyTooLargeError) {
          sendJson(reply.raw, 413, { error: 'invalid_request', error_description: 'request body too large' });
          return;
        }
        request.log.error({ err: error }, 'dev IdP request failed');
        send(reply.raw, 500, pages.headers, pages.error('en'));
      }
    };
  }

  /** Everything else below the realm is oidc-provider's, with the realm prefix stripped. */
  async function toProvider(request: FastifyRequest, reply: FastifyReply) {
    const original = request.raw;
    const originalUrl = original.url ?? '/';
    try {
      const rest = originalUrl.slice(routePrefix.length) || '/';
      const path = rest.split('?', 1)[0];
      let target = original;
      if (
        isFormPost(original) &&
        (path === ROUTES.token || path === ROUTES.revocation || path === ROUTES.introspection)
      ) {
        const form = new URLSearchParams((await readBody(original)).toString('utf8'));
        await unwrapRefreshTokens(form, path, tokens);
        target = replayRequest(original, Buffer.from(form.toString()));
      }
      target.url =
        original.method === 'GET' && path === ROUTES.authorization ? withDefaultScopes(rest) : rest;
      // oidc-provider builds its URLs from originalUrl minus url, i.e. the issuer's path.
      Object.assign(target, { originalUrl: `${mountPath}${target.url}` });
      await callback(target, reply.raw);
    } finally {
      original.url = originalUrl;
    }
  }

  await app.register(async (scope) => {
    // Bodies stay unread: oidc-provider and the handlers read the raw stream themselves.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.get(`${routePrefix}/resources/login.css`, ROUTE_OPTIONS, async (_request, reply) => {
      reply.hijack();
      send(
        reply.raw,
        200,
        {
          'content-type': 'text/css; charset=utf-8',
          'cache-control': 'public, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
        },
        pages.css,
      );
    });
    // A static path: it wins over the login page's /login-actions/:uid.
    scope.get(`${routePrefix}${ACTION_TOKEN_PATH}`, ROUTE_OPTIONS, raw(setPassword.show));
    scope.post(`${routePrefix}${ACTION_TOKEN_PATH}`, ROUTE_OPTIONS, raw(setPassword.submit));
    scope.get<{ Params: { uid: string } }>(
      `${routePrefix}/login-actions/:uid`,
      ROUTE_OPTIONS,
      raw(interactions.show),
    );
    scope.post<{ Params: { uid: string } }>(
      `${routePrefix}/login-actions/:uid`,
      ROUTE_OPTIONS,
      raw(interactions.submit),
    );
    scope.route({
      method: ['GET', 'POST'],
      url: `${routePrefix}${ROUTES.userinfo}`,
      ...ROUTE_OPTIONS,
      handler: raw(userInfo.userinfo),
    });
    scope.get(`${routePrefix}/account`, ROUTE_OPTIONS, raw(userInfo.profile));
    scope.route({
      method: ['GET', 'POST'],
      url: `${routePrefix}${ROUTES.end_session}`,
      ...ROUTE_OPTIONS,
      handler: raw(logout),
    });
    scope.route({
      method: ['GET', 'POST', 'OPTIONS'],
      url: `${routePrefix}/*`,
      ...ROUTE_OPTIONS,
      handler: raw(toProvider),
    });
  });

  await deleteExpired(options.db);
  const cleanup = setInterval(() => {
    deleteExpired(options.db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'dev IdP clean-up failed'),
    );
  }, CLEANUP_INTERVAL_MS);
  cleanup.unref();

  return {
    async close() {
      clearInterval(cleanup);
    },
  };
}
