import type { RightsMap } from '@portaal/contracts';
import { type IdentityAdmin, type IdentityState, IdentityUnavailableError } from './identity-admin.ts';

export interface KeycloakAdminOptions {
  /** Base URL of Keycloak, e.g. https://sso.example.com (OIDC_URL). */
  url: string;
  realm: string;
  /** A confidential client with a service account holding realm-management's manage-users. */
  clientId: string;
  clientSecret: string;
  /** The web app's client: execute-actions-email sends the user back to it. */
  webClientId: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** A user as Keycloak's Admin REST API represents it (UserRepresentation), the fields used here. */
interface UserRepresentation {
  id?: string;
  username?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  enabled?: boolean;
  emailVerified?: boolean;
  attributes?: Record<string, string[]>;
  requiredActions?: string[];
}

/** The user attribute that Keycloak maps into the `rights` claim (a User Attribute mapper, JSON type). */
export const RIGHTS_ATTRIBUTE = 'rights';

/** Customer rights only: global rights come from the client roles, never from the attribute. */
export function rightsAttribute(rights: RightsMap): string {
  const customers = Object.entries(rights)
    .filter(([key]) => key !== 'global')
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([key, list]) => [key, [...list].sort()]);
  return JSON.stringify(Object.fromEntries(customers));
}

function attributesFor(state: IdentityState, current: Record<string, string[]> = {}) {
  const set = (value: string | null) => (value ? [value] : []);
  return {
    ...current,
    [RIGHTS_ATTRIBUTE]: [rightsAttribute(state.rights)],
    phone: set(state.phone),
    mobile: set(state.mobile),
    locale: [state.language],
  };
}

/**
 * The Keycloak side of the port, through the Admin REST API with a service account (client
 * credentials). Keycloak does not run here: the adapter is tested against a local HTTP server that
 * answers the documented shapes (apps/api/test/identity-keycloak.test.ts).
 */
export function createKeycloakIdentityAdmin(options: KeycloakAdminOptions): IdentityAdmin {
  const base = options.url.replace(/\/+$/, '');
  const realm = encodeURIComponent(options.realm);
  const admin = `${base}/admin/realms/${realm}`;
  const fetcher = options.fetch ?? fetch;
  let token: { value: string; until: number } | undefined;

  async function request(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetcher(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      throw new IdentityUnavailableError(`Keycloak did not answer (${new URL(url).pathname})`, {
        cause: error,
      });
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const response = await request(`${base}/realms/${realm}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: options.clientId,
        client_secret: options.clientSecret,
      }).toString(),
    });
    const body = (await response.json().catch(() => undefined)) as
      | { access_token?: unknown; expires_in?: unknown }
      | undefined;
    if (!response.ok || typeof body?.access_token !== 'string') {
      throw new IdentityUnavailableError(`Keycloak refused the service account (${response.status})`);
    }
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 60;
    // Renewed a little early, so a token never expires on its way.
    token = { value: body.access_token, until: Date.now() + Math.max(5, seconds - 15) * 1000 };
    return token.value;
  }

  /** One Admin API call; a 401 renews the token once (it may have been revoked). */
  async function call(method: string, path: string, body?: unknown, retried = false): Promise<Response> {
    const response = await request(`${admin}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status === 401 && !retried) {
      token = undefined;
      return call(method, path, body, true);
    }
    return response;
  }

  const fail = (what: string, response: Response) =>
    new IdentityUnavailableError(`Keycloak: ${what} answered ${response.status}`);

  async function findByEmail(email: string): Promise<UserRepresentation | undefined> {
    const query = new URLSearchParams({ email, exact: 'true', briefRepresentation: 'false' });
    const response = await call('GET', `/users?${query.toString()}`);
    if (!response.ok) throw fail('user search', response);
    const list = (await response.json()) as UserRepresentation[];
    return list.find((user) => user.email?.toLowerCase() === email.toLowerCase());
  }

  return {
    kind: 'keycloak',

    async ensureUser(profile) {
      const existing = await findByEmail(profile.email);
      if (existing?.id) return { id: existing.id, username: existing.username ?? profile.email };
      const response = await call('POST', '/users', {
        username: profile.email.toLowerCase(),
        email: profile.email,
        firstName: profile.givenName,
        lastName: profile.familyName,
        enabled: true,
        emailVerified: true,
        requiredActions: ['UPDATE_PASSWORD'],
        attributes: {
          locale: [profile.language],
          phone: profile.phone ? [profile.phone] : [],
          mobile: profile.mobile ? [profile.mobile] : [],
        },
      } satisfies UserRepresentation);
      if (response.status === 201) {
        const id = response.headers.get('location')?.split('/').pop();
        if (id) return { id: decodeURIComponent(id), username: profile.email.toLowerCase() };
      }
      // 409: created meanwhile (another process, an earlier attempt whose answer was lost).
      if (response.status === 201 || response.status === 409) {
        const found = await findByEmail(profile.email);
        if (found?.id) return { id: found.id, username: found.username ?? profile.email };
      }
      throw fail('user creation', response);
    },

    async push(id, state) {
      const path = `/users/${encodeURIComponent(id)}`;
      if (state === null) {
        const response = await call('DELETE', path);
        if (response.ok || response.status === 404) return;
        throw fail('user removal', response);
      }
      // A PUT replaces the attributes it names: read them first so others (set by Keycloak) stay.
      const current = await call('GET', path);
      if (!current.ok) throw fail('user lookup', current);
      const user = (await current.json()) as UserRepresentation;
      const response = await call('PUT', path, {
        email: state.email,
        firstName: state.givenName,
        lastName: state.familyName,
        enabled: state.enabled,
        attributes: attributesFor(state, user.attributes),
      } satisfies UserRepresentation);
      if (!response.ok) throw fail('user update', response);
    },

    async sendSetPassword(id, { redirectUri, lifespanSeconds }) {
      const query = new URLSearchParams({
        client_id: options.webClientId,
        redirect_uri: redirectUri,
        lifespan: String(lifespanSeconds),
      });
      const response = await call(
        'PUT',
        `/users/${encodeURIComponent(id)}/execute-actions-email?${query.toString()}`,
        ['UPDATE_PASSWORD'],
      );
      if (!response.ok) throw fail('execute-actions-email', response);
      return null;
    },
  };
}
