import Provider, { type Account, type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';
import { DrizzleAdapter } from './adapter.ts';
import { languageFromAcceptLanguage, languageFromList, pickLanguage } from './i18n.ts';
import type { IdpKeys } from './keys.ts';
import type { Pages } from './pages.ts';
import type { IdpAccountStore, IdpDatabase } from './types.ts';

/** Keycloak's endpoint paths below the issuer, so keycloak-js and its users need no special case. */
export const ROUTES = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  userinfo: '/protocol/openid-connect/userinfo',
  end_session: '/protocol/openid-connect/logout',
  jwks: '/protocol/openid-connect/certs',
  revocation: '/protocol/openid-connect/revoke',
  introspection: '/protocol/openid-connect/token/introspect',
} as const;

/** Keycloak's default client scopes: every sign-in gets profile and email, as keycloak-js expects. */
export const GRANTED_SCOPE = 'openid profile email';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const ACCESS_TOKEN_TTL = 5 * MINUTE;
const SESSION_TTL = 10 * HOUR;
const REFRESH_TOKEN_TTL = 30 * DAY;

const now = () => Math.floor(Date.now() / 1000);

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  audience: string;
  publicUrl: string;
  /** The resource indicator of the API; every access token is issued for it. */
  resourceIndicator: string;
  db: IdpDatabase;
  accounts: IdpAccountStore;
  keys: IdpKeys;
  pages: Pages;
  brandName: string;
}

/** True for http(s) URLs on the public origin at or below the public path. */
export function isUnderPublicUrl(value: string, publicUrl: string): boolean {
  const url = URL.parse(value);
  const base = new URL(publicUrl);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return false;
  if (url.username || url.password || url.origin !== base.origin) return false;
  const basePath = base.pathname.replace(/\/+$/, '');
  return basePath === '' || url.pathname === basePath || url.pathname.startsWith(`${basePath}/`);
}

function pageLanguage(ctx: KoaContextWithOIDC) {
  const params = ctx.oidc?.params;
  return pickLanguage(
    languageFromList(params?.kc_locale),
    languageFromList(params?.ui_locales),
    languageFromAcceptLanguage(ctx.get('accept-language')),
  );
}

export function createProvider(settings: ProviderSettings): Provider {
  const { issuer, clientId, audience, publicUrl, resourceIndicator, db, accounts, keys, pages } = settings;
  const publicOrigin = new URL(publicUrl).origin;

  const findAccount = async (_ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined> => {
    const account = await accounts.findById(sub);
    if (!account) return undefined;
    return {
      accountId: account.id,
      claims: (use) => ({
        sub: account.id,
        preferred_username: account.username,
        given_name: account.givenName,
        family_name: account.familyName,
        name: `${account.givenName} ${account.familyName}`.trim(),
        locale: account.language,
        email: account.email,
        email_verified: true,
        // Keycloak marks its ID tokens this way; the API refuses them as bearer tokens.
        ...(use === 'id_token' ? { typ: 'ID' } : {}),
      }),
    };
  };

  const configuration: Configuration = {
    adapter: (model) => new DrizzleAdapter(model, db),
    clients: [
      {
        client_id: clientId,
        client_name: settings.brandName,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // Only a placeholder: redirectUriAllowed below accepts every URI under the public URL.
        redirect_uris: [`${publicUrl}/`],
        post_logout_redirect_uris: [`${publicUrl}/`],
      },
    ],
    allowOmittingSingleRegisteredRedirectUri: false,
    clientBasedCORS: (_ctx, origin) => origin === publicOrigin,
    claims: {
      openid: ['sub', 'typ'],
      profile: ['preferred_username', 'given_name', 'family_name', 'name', 'locale'],
      email: ['email', 'email_verified'],
    },
    scopes: ['openid', 'profile', 'email'],
    cookies: {
      keys: [keys.cookieSecret],
      // The SSO session cookie is only for the IdP's own paths, never sent to the API.
      long: { httpOnly: true, sameSite: 'lax', path: new URL(issuer).pathname },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    discovery: { ui_locales_supported: ['en', 'nl'] },
    extraParams: ['kc_locale'],
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      introspection: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resourceIndicator,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resourceIndicator) throw new errors.InvalidTarget();
          return {
            scope: GRANTED_SCOPE,
            audience,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      // The Fastify route of the logout path answers first (no confirmation page); these two pages
      // are reachable only through oidc-provider's own sub-paths.
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.set(pages.headers);
          ctx.type = 'html';
          ctx.body = pages.logoutConfirm(pageLanguage(ctx), form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.set(pages.headers);
          ctx.type = 'html';
          ctx.body = pages.signedOut(pageLanguage(ctx));
        },
      },
    },
    findAccount,
    formats: {
      customizers: {
        // Keycloak's access-token claims, which the API and the web app read.
        jwt: async (_ctx, token, { payload }) => {
          payload.typ = 'Bearer';
          payload.azp = clientId;
          if (!('accountId' in token) || typeof token.accountId !== 'string') return;
          if ('sid' in token && typeof token.sid === 'string') payload.sid = token.sid;
          const account = await accounts.findById(token.accountId);
          if (!account) return;
          Object.assign(payload, {
            preferred_username: account.username,
            email: account.email,
            email_verified: true,
            given_name: account.givenName,
            family_name: account.familyName,
            name: `${account.givenName} ${account.familyName}`.trim(),
            resource_access: { [clientId]: { roles: [...account.globalRoles] } },
          });
        },
      },
    },
    interactions: {
      url: (_ctx, interaction) => `${issuer}/login-actions/${interaction.uid}`,
    },
    // keycloak-js expects a refresh token without asking for offline_access.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    jwks: { keys: keys.jwks },
    // First-party client: consent is implied, so the grant is made (or reused) without a prompt.
    loadExistingGrant: async (ctx) => {
      const { client, session } = ctx.oidc;
      const accountId = ctx.oidc.account?.accountId ?? session?.accountId;
      if (!client || !session || !accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing && existing.accountId === accountId && existing.clientId === client.clientId)
          return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      grant.addOIDCScope(GRANTED_SCOPE);
      grant.addResourceScope(resourceIndicator, GRANTED_SCOPE);
      await grant.save();
      return grant;
    },
    pkce: { required: () => true },
    renderError: async (ctx, out) => {
      ctx.set(pages.headers);
      ctx.type = 'html';
      const detail = [out.error, out.error_description].filter(Boolean).join(': ');
      ctx.body = pages.error(pageLanguage(ctx), detail);
    },
    responseTypes: ['code'],
    routes: { ...ROUTES },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL,
      Interaction: HOUR,
      Grant: REFRESH_TOKEN_TTL,
      // Absolute: a sign-in lasts 10 hours, however active the session is.
      Session: (_ctx, session) => Math.max(1, (session.loginTs ?? now()) + SESSION_TTL - now()),
      // Idle and absolute: rotation keeps the first token's start (iiat), so 30 days after sign-in at most.
      RefreshToken: (_ctx, token) =>
        Math.max(1, (token.iiat ?? token.iat ?? now()) + REFRESH_TOKEN_TTL - now()),
    },
  };

  const provider = new Provider(issuer, configuration);
  // URLs and the secure flag of cookies come from the issuer (set as forwarded headers by the mount).
  provider.proxy = true;

  // oidc-provider matches redirect URIs exactly; keycloak-js returns to whatever page the user was on.
  provider.Client.prototype.redirectUriAllowed = (value: string) => isUnderPublicUrl(value, publicUrl);
  provider.Client.prototype.postLogoutRedirectUriAllowed = (value: string) =>
    isUnderPublicUrl(value, publicUrl);
  // Keycloak puts the session id (sid) in every token; logout by id_token_hint finds the session with it.
  provider.Client.prototype.includeSid = () => true;
  return provider;
}
