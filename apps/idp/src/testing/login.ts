import { createHash, randomBytes } from 'node:crypto';

/**
 * Test helpers that sign in through the dev IdP's real pages over HTTP, the way a browser with
 * keycloak-js does: authorization code + PKCE S256, the login form, the code exchange.
 */

export interface LoginInput {
  issuer: string;
  clientId: string;
  redirectUri: string;
  username: string;
  password: string;
  /** Extra authorization parameters, e.g. { ui_locales: 'nl' }. */
  extraParams?: Record<string, string>;
}

export interface LoginResult {
  access_token: string;
  refresh_token: string;
  id_token: string;
  expires_in: number;
  refresh_expires_in?: number;
  token_type: string;
  scope?: string;
  /** Cookie header of the IdP session (for logout tests). */
  cookies: string;
}

export interface TokenResponse {
  status: number;
  json: {
    access_token?: string;
    refresh_token?: string;
    id_token?: string;
    expires_in?: number;
    error?: string;
    error_description?: string;
    [key: string]: unknown;
  };
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** A cookie jar of one origin, enough for the IdP's path-scoped cookies. */
export class CookieJar {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      if (separator < 1) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      let path = '/';
      let expired = false;
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=', 2).map((part) => part.trim());
        if (key.toLowerCase() === 'path') path = attributeValue || '/';
        if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) expired = true;
        if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true;
      }
      const key = `${path}\u0000${name}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { value, path });
    }
  }

  header(url: string): string {
    const { pathname } = new URL(url);
    return [...this.cookies.entries()]
      .filter(
        ([, cookie]) => pathname === cookie.path || pathname.startsWith(cookie.path.replace(/\/?$/, '/')),
      )
      .map(([key, cookie]) => `${key.slice(key.indexOf('\u0000') + 1)}=${cookie.value}`)
      .join('; ');
  }
}

function decodeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function decodeJwtPayload(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

function callbackParams(location: string): URLSearchParams {
  const url = new URL(location);
  return new URLSearchParams(url.hash ? url.hash.slice(1) : url.search);
}

async function fetchWithJar(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set('cookie', cookie);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(response);
  return response;
}

const withoutQuery = (url: string) => url.split(/[?#]/, 1)[0];

/** True when a redirect has reached the app's redirect URI (same URL apart from query and fragment). */
export function isRedirectTo(url: string, redirectUri: string): boolean {
  return withoutQuery(url) === withoutQuery(redirectUri);
}

/**
 * Follows redirects by hand (keeping cookies) until a page answers or the redirect reaches the app's
 * redirect URI, which is not fetched: its URL carries the authorization response.
 */
export async function follow(
  jar: CookieJar,
  start: string,
  redirectUri: string,
  init: RequestInit = {},
): Promise<{ response: Response; url: string }> {
  let url = start;
  let response = await fetchWithJar(jar, url, init);
  // Redirects are plain GETs that keep the caller's other headers (Accept-Language, say).
  const headers = new Headers(init.headers);
  headers.delete('content-type');
  for (let hops = 0; hops < 10; hops++) {
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return { response, url };
    await response.body?.cancel();
    url = new URL(location, url).href;
    if (isRedirectTo(url, redirectUri)) return { response, url };
    response = await fetchWithJar(jar, url, { headers });
  }
  throw new Error(`too many redirects starting at ${start}`);
}

export function pkcePair(): { verifier: string; challenge: string } {
  // 72 random bytes are 96 base64url characters, keycloak-js's verifier length (SPEC.md §9).
  const verifier = base64url(randomBytes(72));
  return { verifier, challenge: base64url(createHash('sha256').update(verifier).digest()) };
}

/** Authorization URL with PKCE S256, state and nonce, as keycloak-js builds it. */
export function authorizationUrl(
  input: Pick<LoginInput, 'issuer' | 'clientId' | 'redirectUri' | 'extraParams'>,
  pkce: { challenge: string },
  state: string,
  nonce: string,
): string {
  const url = new URL(`${input.issuer}/protocol/openid-connect/auth`);
  url.search = new URLSearchParams({
    client_id: input.clientId,
    redirect_uri: input.redirectUri,
    response_type: 'code',
    response_mode: 'query',
    scope: 'openid',
    state,
    nonce,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    ...input.extraParams,
  }).toString();
  return url.href;
}

/** The login form's action and the text of #input-error, read from the login page's HTML. */
export function parseLoginPage(html: string, pageUrl: string): { action: string; error?: string } {
  const form = /<form[^>]*id="kc-form-login"[^>]*>/.exec(html)?.[0];
  const action = form ? /action="([^"]*)"/.exec(form)?.[1] : undefined;
  if (action === undefined) throw new Error('no login form on the page');
  const error = /id="input-error"[^>]*>([^<]*)</.exec(html)?.[1];
  return { action: new URL(decodeHtml(action), pageUrl).href, error: error ? decodeHtml(error) : undefined };
}

/** Signs in with username and password through the real login page and returns the tokens. */
export async function loginWithPassword(input: LoginInput): Promise<LoginResult> {
  const jar = new CookieJar();
  const pkce = pkcePair();
  const state = base64url(randomBytes(16));
  const nonce = base64url(randomBytes(16));

  const page = await follow(jar, authorizationUrl(input, pkce, state, nonce), input.redirectUri);
  if (page.response.status !== 200) {
    throw new Error(`expected the login page, got ${page.response.status} at ${page.url}`);
  }
  const { action } = parseLoginPage(await page.response.text(), page.url);

  const submitted = await follow(jar, action, input.redirectUri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: input.username, password: input.password }).toString(),
  });
  if (!isRedirectTo(submitted.url, input.redirectUri)) {
    const html = await submitted.response.text();
    const message = /id="input-error"[^>]*>([^<]*)</.exec(html)?.[1];
    throw new Error(
      `login of ${input.username} failed: ${message ? decodeHtml(message) : submitted.response.status}`,
    );
  }
  const params = callbackParams(submitted.url);
  if (params.get('state') !== state) throw new Error('state mismatch');
  if (params.get('iss') !== input.issuer) throw new Error(`iss mismatch: ${params.get('iss')}`);
  const code = params.get('code');
  if (!code) throw new Error(`no code: ${params.get('error')} ${params.get('error_description')}`);

  const response = await fetch(`${input.issuer}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: input.clientId,
      redirect_uri: input.redirectUri,
      code_verifier: pkce.verifier,
    }).toString(),
  });
  const json = (await response.json()) as Partial<LoginResult> & {
    error?: string;
    error_description?: string;
  };
  if (
    response.status !== 200 ||
    !json.access_token ||
    !json.refresh_token ||
    !json.id_token ||
    !json.expires_in
  ) {
    throw new Error(`code exchange failed (${response.status}): ${json.error} ${json.error_description}`);
  }
  if (decodeJwtPayload(json.id_token).nonce !== nonce) throw new Error('nonce mismatch');
  return {
    access_token: json.access_token,
    refresh_token: json.refresh_token,
    id_token: json.id_token,
    expires_in: json.expires_in,
    refresh_expires_in: json.refresh_expires_in,
    token_type: json.token_type ?? 'Bearer',
    scope: json.scope,
    cookies: jar.header(`${input.issuer}/protocol/openid-connect/logout`),
  };
}

/** One refresh-token grant; returns status and JSON as they came, so tests can assert refusals. */
export async function refreshTokens(input: {
  issuer: string;
  clientId: string;
  refreshToken: string;
}): Promise<TokenResponse> {
  const response = await fetch(`${input.issuer}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: input.refreshToken,
      client_id: input.clientId,
    }).toString(),
  });
  return { status: response.status, json: (await response.json()) as TokenResponse['json'] };
}
