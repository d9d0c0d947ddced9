import { randomUUID } from 'node:crypto';
import { userInfoClaimsSchema } from '@portaal/contracts';
import { type IdpAccountStore, registerIdp } from '@portaal/idp';
import { hashPassword } from '@portaal/idp/password';
import {
  authorizationUrl,
  CookieJar,
  follow,
  isRedirectTo,
  type LoginResult,
  loginWithPassword,
  parseLoginPage,
  pkcePair,
  refreshTokens,
} from '@portaal/idp/testing';
import Fastify from 'fastify';
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  type JSONWebKeySet,
  jwtVerify,
  SignJWT,
} from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client.ts';
import { startTestServer, type TestServer } from './harness.ts';

/** The dev IdP over real HTTP against the run's database: Keycloak paths, tokens, login page, logout. */
let server: TestServer;
let db: pg.Client;
let jwks: JSONWebKeySet;

const OWNER_ID = '6f1c2a10-0001-4a1e-9c01-000000000001';
const MULTI_ID = '6f1c2a10-0006-4a1e-9c01-000000000006';
const STAFF_MODERATOR_ID = '6f1c2a10-0008-4a1e-9c01-000000000008';

const endpoint = (path: string) => `${server.issuer}/protocol/openid-connect/${path}`;
const redirectUri = () => `${server.baseUrl}/`;

function login(username: string, password = 'demo', redirect = redirectUri()): Promise<LoginResult> {
  return loginWithPassword({
    issuer: server.issuer,
    clientId: server.clientId,
    redirectUri: redirect,
    username,
    password,
  });
}

function refresh(refreshToken: string) {
  return refreshTokens({ issuer: server.issuer, clientId: server.clientId, refreshToken });
}

/** A user of this test file only, so failed logins never disturb other test files sharing the database. */
async function createUser(
  password = 'secret-pass',
): Promise<{ id: string; username: string; password: string }> {
  const id = randomUUID();
  const username = `idp-${id.slice(0, 8)}`;
  await db.query(
    `insert into users (id, username, email, given_name, family_name, language, password_hash)
     values ($1, $2, $3, 'Test', 'User', 'en', $4)`,
    [id, username, `${username}@example.test`, await hashPassword(password)],
  );
  return { id, username, password };
}

/** Follows an authorization request to the login page, as a browser would. */
async function openLoginPage(extraParams: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const jar = new CookieJar();
  const pkce = pkcePair();
  const start = authorizationUrl(
    { issuer: server.issuer, clientId: server.clientId, redirectUri: redirectUri(), extraParams },
    pkce,
    'state-1',
    'nonce-1',
  );
  const page = await follow(jar, start, redirectUri(), { headers });
  const html = await page.response.text();
  return { jar, pkce, page, html, form: parseLoginPage(html, page.url) };
}

async function submitLogin(
  opened: Awaited<ReturnType<typeof openLoginPage>>,
  username: string,
  password: string,
) {
  const result = await follow(opened.jar, opened.form.action, redirectUri(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  });
  const html = isRedirectTo(result.url, redirectUri()) ? '' : await result.response.text();
  return { ...result, html, page: html ? parseLoginPage(html, result.url) : undefined };
}

async function userinfo(token: string) {
  const response = await fetch(endpoint('userinfo'), { headers: { authorization: `Bearer ${token}` } });
  return {
    status: response.status,
    challenge: response.headers.get('www-authenticate'),
    json: await response.json(),
  };
}

beforeAll(async () => {
  server = await startTestServer();
  db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  jwks = (await (await fetch(endpoint('certs'))).json()) as JSONWebKeySet;
});
afterAll(async () => {
  await db?.end();
  await server?.close();
});

describe('discovery', () => {
  it('publishes Keycloak paths, code flow with S256 only', async () => {
    const response = await fetch(`${server.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as Record<string, unknown>;
    expect(doc).toMatchObject({
      issuer: server.issuer,
      authorization_endpoint: endpoint('auth'),
      token_endpoint: endpoint('token'),
      userinfo_endpoint: endpoint('userinfo'),
      end_session_endpoint: endpoint('logout'),
      jwks_uri: endpoint('certs'),
      revocation_endpoint: endpoint('revoke'),
      introspection_endpoint: endpoint('token/introspect'),
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
    });
    expect(doc.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    );
    expect(doc.grant_types_supported).not.toContain('implicit');
  });

  it('publishes RS256 public keys only', () => {
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(key.d).toBeUndefined();
      expect(key.kid).toBeTruthy();
    }
  });

  it('declares every IdP route public, with a schema, hidden from the OpenAPI document', () => {
    const routes = server.app.registeredRoutes.filter((route) => route.url.startsWith('/realms/'));
    expect(routes.length).toBeGreaterThanOrEqual(6);
    for (const route of routes) expect(route).toMatchObject({ hasSchema: true, access: 'public' });
  });
});

describe('login', () => {
  it.each([
    ['owner', OWNER_ID, []],
    ['staff-moderator', STAFF_MODERATOR_ID, ['provider_moderator']],
  ])('signs in %s and issues a 5-minute RS256 access token for the API', async (username, sub, roles) => {
    const tokens = await login(username);
    expect(tokens.expires_in).toBeLessThanOrEqual(300);

    const header = decodeProtectedHeader(tokens.access_token);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    expect(jwks.keys.map((key) => key.kid)).toContain(header.kid);
    const { payload } = await jwtVerify(tokens.access_token, createLocalJWKSet(jwks), {
      issuer: server.issuer,
      audience: 'portaal-api',
      algorithms: ['RS256'],
    });
    expect(payload.aud).toBe('portaal-api');
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBeLessThanOrEqual(300);
    expect(payload).toMatchObject({
      sub,
      typ: 'Bearer',
      azp: server.clientId,
      preferred_username: username,
      resource_access: { [server.clientId]: { roles } },
    });
    expect(payload.jti).toBeTruthy();
    expect(String(payload.scope).split(' ')).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));
    expect(payload.email).toMatch(/@/);
    expect(payload.name).toBe(`${payload.given_name} ${payload.family_name}`);

    expect(payload.sid).toBeTruthy();

    const idToken = decodeJwt(tokens.id_token);
    expect(idToken.sid).toBe(payload.sid);
    expect(idToken).toMatchObject({
      typ: 'ID',
      aud: server.clientId,
      sub,
      iss: server.issuer,
      preferred_username: username,
    });
    expect(idToken.nonce).toBeTruthy();
    expect(idToken.rights).toBeUndefined();

    // keycloak-js decodes the refresh token as a JWT; it must never pass as an API token.
    expect(decodeProtectedHeader(tokens.refresh_token)).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    const envelope = decodeJwt(tokens.refresh_token);
    expect(envelope).toMatchObject({ typ: 'Refresh', iss: server.issuer, aud: server.issuer, sub });
    expect(envelope.aud).not.toBe('portaal-api');
    // Bound to the sign-in session of 10 hours.
    const now = Math.floor(Date.now() / 1000);
    expect(envelope.exp).toBeGreaterThan(now + 9 * 3600);
    expect(envelope.exp).toBeLessThanOrEqual(now + 10 * 3600);
    expect(tokens.refresh_expires_in).toBeGreaterThanOrEqual((envelope.exp ?? 0) - now);
    expect(tokens.refresh_expires_in).toBeLessThanOrEqual((envelope.exp ?? 0) - now + 2);
  });

  it('answers in the fragment, as keycloak-js asks by default', async () => {
    const tokens = await loginWithPassword({
      issuer: server.issuer,
      clientId: server.clientId,
      redirectUri: redirectUri(),
      username: 'owner',
      password: 'demo',
      extraParams: { response_mode: 'fragment' },
    });
    expect(decodeJwt(tokens.access_token).preferred_username).toBe('owner');
  });

  it('answers check-sso (prompt=none) with a code for a signed-in browser, login_required otherwise', async () => {
    const tokens = await login('owner');
    const silent = (cookie?: string) => {
      const url = authorizationUrl(
        {
          issuer: server.issuer,
          clientId: server.clientId,
          redirectUri: redirectUri(),
          extraParams: { prompt: 'none' },
        },
        pkcePair(),
        'silent',
        'nonce',
      );
      return follow(new CookieJar(), url, redirectUri(), { headers: cookie ? { cookie } : {} });
    };
    const signedIn = new URL((await silent(tokens.cookies)).url).searchParams;
    expect(signedIn.get('code')).toBeTruthy();
    expect(signedIn.get('state')).toBe('silent');
    const anonymous = new URL((await silent()).url).searchParams;
    expect(anonymous.get('error')).toBe('login_required');
    expect(anonymous.get('code')).toBeNull();
  });

  it('issues tokens that the API accepts', async () => {
    const { access_token } = await login('owner');
    const response = await fetch(`${server.baseUrl}/api/v2/customer/1001`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(response.status).toBe(200);
  });

  it('returns to any page of the app (keycloak-js redirects back to the current URL)', async () => {
    const tokens = await login('viewer', 'demo', `${server.baseUrl}/support/ticket/12?tab=messages`);
    expect(decodeJwt(tokens.access_token).preferred_username).toBe('viewer');
  });

  it('re-renders the page with the message on a wrong password or an unknown user, issuing no code', async () => {
    const user = await createUser();
    for (const [username, password] of [
      [user.username, 'wrong'],
      ['nobody-by-this-name', 'demo'],
    ] as const) {
      const opened = await openLoginPage();
      const result = await submitLogin(opened, username, password);
      expect(result.response.status).toBe(200);
      expect(result.url).not.toContain('code=');
      expect(result.page?.error).toBe('Invalid username or password.');
      expect(result.html).toContain('id="kc-form-login"');
      expect(result.html).toContain(`value="${username}"`);
    }
  });

  it('slows sign-in down per username and address after 5 failures; never a lock', async () => {
    const user = await createUser();
    const messages: (string | undefined)[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const result = await submitLogin(await openLoginPage(), user.username, 'wrong');
      messages.push(result.page?.error);
    }
    expect(messages).toEqual(Array(5).fill('Invalid username or password.'));
    const { rows } = await db.query<{ address: string; failures: number }>(
      'select address, failures from idp_sign_in_throttle where username = $1',
      [user.username],
    );
    expect(rows).toEqual([{ address: '127.0.0.1', failures: 5 }]);

    // From this address the next attempt waits, even with the right password (it is not checked).
    const waiting = await submitLogin(await openLoginPage(), user.username, user.password);
    expect(waiting.response.status).toBe(200);
    expect(waiting.url).not.toContain('code=');
    expect(waiting.page?.error).toBe('Too many failed attempts from here. Wait a little and try again.');

    // After the wait (15 s after the fifth failure) the right password works and the count is gone.
    await db.query(
      `update idp_sign_in_throttle set last_failure_at = now() - interval '16 seconds' where username = $1`,
      [user.username],
    );
    const tokens = await login(user.username, user.password);
    expect(decodeJwt(tokens.access_token).sub).toBe(user.id);
    const after = await db.query('select 1 from idp_sign_in_throttle where username = $1', [user.username]);
    expect(after.rowCount).toBe(0);
  });

  it('shows the expired page for an unknown or stale interaction', async () => {
    const response = await fetch(`${server.issuer}/login-actions/does-not-exist`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This sign-in page has expired');
  });
});

describe('login page', () => {
  it('is served with a strict CSP, no inline script, Keycloak field ids and the demo logins', async () => {
    const { page, html } = await openLoginPage();
    const headers = page.response.headers;
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/form-action 'self'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('cache-control')).toBe('no-store');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son\w+=/i);
    expect(html).not.toMatch(/https?:\/\/(?!localhost|127\.0\.0\.1)/);
    for (const id of ['kc-form-login', 'username', 'password', 'kc-login'])
      expect(html).toContain(`id="${id}"`);
    expect(html).toContain('autocomplete="username"');
    expect(html).toContain('autocomplete="current-password"');
    expect(html).toContain('<label for="username">Username</label>');
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<code>multi<\/code><\/td><td>owner, viewer<\/td>/);
    // Role names may break after an underscore on a phone, never mid-word.
    expect(html).toContain('<code>staff-moderator</code></td><td>provider_<wbr>moderator</td>');

    const cssHref = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
    expect(cssHref).toBeTruthy();
    const css = await fetch(new URL(cssHref ?? '', page.url));
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
    expect(await css.text()).toContain('prefers-color-scheme: dark');
  });

  it('speaks Dutch for ui_locales=nl, and for Accept-Language nl', async () => {
    for (const opened of [
      await openLoginPage({ ui_locales: 'nl' }),
      await openLoginPage({}, { 'accept-language': 'nl-NL,nl;q=0.9,en;q=0.5' }),
    ]) {
      expect(opened.html).toContain('<html lang="nl">');
      expect(opened.html).toContain('<label for="username">Gebruikersnaam</label>');
      expect(opened.html).toContain('<label for="password">Wachtwoord</label>');
      expect(opened.html).toMatch(/id="kc-login"[^>]*>Inloggen</);
      expect(opened.html).toMatch(/hreflang="en" lang="en">English</);
      const result = await submitLogin(opened, 'nobody-by-this-name', 'wrong');
      expect(result.page?.error).toBe('Ongeldige gebruikersnaam of wachtwoord.');
    }
  });

  it('switches language by its link', async () => {
    const opened = await openLoginPage({ ui_locales: 'nl' });
    const href = /href="([^"]+)" hreflang="en"/.exec(opened.html)?.[1];
    expect(href).toBeTruthy();
    const response = await fetch(new URL((href ?? '').replace(/&amp;/g, '&'), opened.page.url), {
      headers: { cookie: opened.jar.header(opened.page.url) },
    });
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<label for="username">Username</label>');
  });

  it('escapes what it echoes', async () => {
    const opened = await openLoginPage();
    const result = await submitLogin(opened, '"><script>alert(1)</script>', 'x');
    expect(result.html).not.toContain('<script>');
    expect(result.html).toContain('&quot;&gt;&lt;script&gt;');
  });
});

describe('userinfo and account', () => {
  it('returns the claims with rights for multi (1002 and 1003)', async () => {
    const { access_token } = await login('multi');
    const response = await userinfo(access_token);
    expect(response.status).toBe(200);
    const claims = userInfoClaimsSchema.parse(response.json);
    expect(claims).toMatchObject({
      sub: MULTI_ID,
      preferred_username: 'multi',
      given_name: 'Oliver',
      family_name: 'Hughes',
      name: 'Oliver Hughes',
      email_verified: true,
      groups: ['/customers'],
      locale: 'en',
      resource_access: { [server.clientId]: { roles: [] } },
    });
    expect(Object.keys(claims.rights).sort()).toEqual(['1002', '1003']);
    expect(claims.rights['1002']).toContain('user-admin');
    expect(claims.rights['1003']).toContain('ticket-read-all');
    expect(claims.rights['1003']).not.toContain('invoice-read');
  });

  it('returns global rights and the client role for staff-moderator', async () => {
    const { access_token } = await login('staff-moderator');
    const response = await userinfo(access_token);
    expect(response.status).toBe(200);
    const claims = userInfoClaimsSchema.parse(response.json);
    expect(Object.keys(claims.rights)).toEqual(['global']);
    expect(claims.rights.global).toEqual(
      expect.arrayContaining(['customer-create', 'mailing-send', 'company-read']),
    );
    expect(claims.resource_access[server.clientId]?.roles).toEqual(['provider_moderator']);
    expect(claims.groups).toEqual(['/staff']);
  });

  it('answers keycloak-js loadUserProfile at the realm account endpoint', async () => {
    const { access_token } = await login('multi');
    const response = await fetch(`${server.issuer}/account`, {
      headers: { authorization: `Bearer ${access_token}`, accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: MULTI_ID,
      username: 'multi',
      firstName: 'Oliver',
      lastName: 'Hughes',
      email: 'oliver.hughes@northwind.example',
      emailVerified: true,
      attributes: { locale: ['en'] },
    });
    const anonymous = await fetch(`${server.issuer}/account`);
    expect(anonymous.status).toBe(401);
  });

  it('refuses ID tokens, refresh tokens, forged and garbage tokens with invalid_token', async () => {
    const tokens = await login('owner');
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ ...decodeJwt(tokens.access_token) })
      .setProtectedHeader({
        alg: 'RS256',
        typ: 'at+jwt',
        kid: decodeProtectedHeader(tokens.access_token).kid,
      })
      .sign(privateKey);
    for (const token of [
      tokens.id_token,
      tokens.refresh_token,
      forged,
      'garbage',
      `${tokens.access_token}x`,
    ]) {
      const response = await userinfo(token);
      expect(response.status).toBe(401);
      expect(response.challenge).toContain('error="invalid_token"');
      expect(response.json).toMatchObject({ error: 'invalid_token' });
    }
    const none = await fetch(endpoint('userinfo'));
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer realm="portaal"$/);
  });
});

describe('refresh tokens', () => {
  it('refreshes and rotates', async () => {
    const first = await login('technical-viewer');
    const response = await refresh(first.refresh_token);
    expect(response.status).toBe(200);
    const { access_token, refresh_token, id_token, expires_in } = response.json;
    expect(expires_in).toBeLessThanOrEqual(300);
    expect(access_token).toBeTruthy();
    expect(refresh_token).toBeTruthy();
    expect(id_token).toBeTruthy();
    expect(refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(refresh_token ?? '').jti).not.toBe(decodeJwt(first.refresh_token).jti);
    expect(decodeJwt(refresh_token ?? '')).toMatchObject({ typ: 'Refresh', aud: server.issuer });
    expect(decodeJwt(access_token ?? '')).toMatchObject({
      aud: 'portaal-api',
      preferred_username: 'technical-viewer',
    });
    expect((await userinfo(access_token ?? '')).status).toBe(200);

    const again = await refresh(refresh_token ?? '');
    expect(again.status).toBe(200);
  });

  it('rejects a reused refresh token and then revokes the whole grant', async () => {
    const { refresh_token: original } = await login('financial-moderator');
    const rotated = await refresh(original);
    expect(rotated.status).toBe(200);

    const replay = await refresh(original);
    expect(replay.status).toBe(400);
    expect(replay.json.error).toBe('invalid_grant');

    const afterReplay = await refresh(rotated.json.refresh_token ?? '');
    expect(afterReplay.status).toBe(400);
    expect(afterReplay.json.error).toBe('invalid_grant');
  });

  it('accepts only its own signed envelope', async () => {
    const { refresh_token } = await login('financial-viewer');
    const opaque = String(decodeJwt(refresh_token).jti);
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ ...decodeJwt(refresh_token) })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: decodeProtectedHeader(refresh_token).kid })
      .sign(privateKey);
    for (const token of [opaque, forged, 'garbage']) {
      const response = await refresh(token);
      expect(response.status).toBe(400);
      expect(response.json.error).toBe('invalid_grant');
    }
    // The genuine one still works: the failures above did not consume it.
    expect((await refresh(refresh_token)).status).toBe(200);
  });

  it('revokes a refresh token given as its envelope', async () => {
    const { refresh_token } = await login('viewer');
    const response = await fetch(endpoint('revoke'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: refresh_token,
        token_type_hint: 'refresh_token',
        client_id: server.clientId,
      }),
    });
    expect(response.status).toBe(200);
    expect((await refresh(refresh_token)).json.error).toBe('invalid_grant');
  });
});

describe('authorization requests', () => {
  async function authorize(params: Record<string, string>) {
    const url = new URL(endpoint('auth'));
    url.search = new URLSearchParams({
      client_id: server.clientId,
      redirect_uri: redirectUri(),
      response_type: 'code',
      scope: 'openid',
      state: 'state-1',
      nonce: 'nonce-1',
      ...params,
    }).toString();
    const response = await fetch(url, { redirect: 'manual' });
    return { status: response.status, location: response.headers.get('location') ?? '' };
  }

  it('refuses a request without PKCE, or with the plain method', async () => {
    const challenge = pkcePair().challenge;
    const requests: Record<string, string>[] = [
      {},
      { code_challenge: challenge, code_challenge_method: 'plain' },
      { code_challenge: challenge },
    ];
    for (const params of requests) {
      const { status, location } = await authorize(params);
      expect([302, 303]).toContain(status);
      const answer = new URL(location).searchParams;
      expect(location.startsWith(redirectUri())).toBe(true);
      expect(answer.get('error')).toBe('invalid_request');
      expect(answer.get('code')).toBeNull();
    }
  });

  it('refuses implicit and hybrid response types', async () => {
    for (const responseType of ['token', 'id_token', 'code id_token', 'code token']) {
      const { location } = await authorize({
        response_type: responseType,
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
      });
      expect(location).toContain('error=unsupported_response_type');
      expect(location).not.toMatch(/[#?&](code|access_token|id_token)=/);
    }
  });

  it('refuses redirect URIs outside the public URL without redirecting', async () => {
    for (const uri of ['https://evil.example/', `${server.baseUrl.replace('localhost', '127.0.0.1')}/`]) {
      const { status, location } = await authorize({
        redirect_uri: uri,
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
      });
      expect(status).toBe(400);
      expect(location).toBe('');
    }
  });

  it('allows the token endpoint cross-origin only from the public origin', async () => {
    const attempt = (origin: string) =>
      fetch(endpoint('token'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: 'x',
          client_id: server.clientId,
        }),
      });
    const own = await attempt(new URL(server.baseUrl).origin);
    expect(own.headers.get('access-control-allow-origin')).toBe(new URL(server.baseUrl).origin);
    expect(((await own.json()) as { error: string }).error).toBe('invalid_grant');
    const foreign = await attempt('https://evil.example');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await foreign.json()) as { error_description: string }).error_description).toMatch(/origin/);
  });

  it('refuses a code exchange with the wrong verifier', async () => {
    const opened = await openLoginPage();
    const result = await submitLogin(opened, 'owner', 'demo');
    const code = new URL(result.url).searchParams.get('code') ?? '';
    expect(code).toBeTruthy();
    const response = await fetch(endpoint('token'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: server.clientId,
        redirect_uri: redirectUri(),
        code_verifier: pkcePair().verifier,
      }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_grant');
  });
});

describe('logout', () => {
  it('ends the session and redirects straight to post_logout_redirect_uri, killing the refresh token', async () => {
    const tokens = await login('owner');
    const target = `${server.baseUrl}/logout?done=1`;
    const url = new URL(endpoint('logout'));
    url.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      client_id: server.clientId,
      post_logout_redirect_uri: target,
      state: 'bye',
    }).toString();
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: tokens.cookies } });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${target}&state=bye`);
    expect(response.headers.getSetCookie().join('\n')).toMatch(/_session=;.*expires=Thu, 01 Jan 1970/);
    const refreshed = await refresh(tokens.refresh_token);
    expect(refreshed.status).toBe(400);
    expect(refreshed.json.error).toBe('invalid_grant');

    // The old session cookie no longer signs anyone in: the login page comes back.
    const jar = new CookieJar();
    const again = await follow(
      jar,
      authorizationUrl(
        { issuer: server.issuer, clientId: server.clientId, redirectUri: redirectUri() },
        pkcePair(),
        's',
        'n',
      ),
      redirectUri(),
      { headers: { cookie: tokens.cookies } },
    );
    expect(again.response.status).toBe(200);
    expect(await again.response.text()).toContain('id="kc-form-login"');
  });

  it('logs out by POST with the ID token alone (no cookie), as keycloak-js logoutMethod POST does', async () => {
    const tokens = await login('multi');
    const response = await fetch(endpoint('logout'), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        id_token_hint: tokens.id_token,
        client_id: server.clientId,
        post_logout_redirect_uri: `${server.baseUrl}/`,
      }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${server.baseUrl}/`);
    expect((await refresh(tokens.refresh_token)).json.error).toBe('invalid_grant');
  });

  it('refuses a post-logout redirect outside the public URL and a forged ID token', async () => {
    const tokens = await login('viewer');
    const bad = new URL(endpoint('logout'));
    bad.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: 'https://evil.example/',
    }).toString();
    const refused = await fetch(bad, { redirect: 'manual', headers: { cookie: tokens.cookies } });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('location')).toBeNull();

    const forged = new URL(endpoint('logout'));
    forged.search = new URLSearchParams({ id_token_hint: `${tokens.id_token}x` }).toString();
    expect((await fetch(forged, { redirect: 'manual' })).status).toBe(400);
    // Nothing was ended by the refused requests.
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
  });

  it('shows the signed-out page when no redirect is asked for', async () => {
    const response = await fetch(endpoint('logout'), { headers: { 'accept-language': 'nl' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await response.text()).toContain('U bent uitgelogd');
  });
});

describe('start-up', () => {
  const accounts: IdpAccountStore = {
    findByUsername: async () => undefined,
    findById: async () => undefined,
    findLoginById: async () => undefined,
    rights: async () => ({}),
    setPassword: async () => {},
  };

  async function register(production: boolean, allowInProduction: boolean) {
    const app = Fastify();
    const { db: database, pool } = createDatabase(server.databaseUrl, 1);
    try {
      const idp = await registerIdp(app, {
        issuer: 'http://localhost:1/realms/portaal',
        realm: 'portaal',
        clientId: 'portaal-web',
        audience: 'portaal-api',
        publicUrl: 'http://localhost:1',
        db: database,
        accounts,
        brandName: 'Portaal',
        production,
        allowInProduction,
      });
      await app.ready();
      const certs = await app.inject({ url: '/realms/portaal/protocol/openid-connect/certs' });
      await idp.close();
      return certs.json<JSONWebKeySet>();
    } finally {
      await app.close();
      await pool.end();
    }
  }

  it('refuses to start in production unless allowed', async () => {
    await expect(register(true, false)).rejects.toThrow(/production/);
  });

  it('reuses the signing keys stored in the database', async () => {
    const certs = await register(true, true);
    expect(certs.keys.map((key) => key.kid).sort()).toEqual(jwks.keys.map((key) => key.kid).sort());
  });
});
