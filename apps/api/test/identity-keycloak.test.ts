import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type IdentityState, IdentityUnavailableError } from '../src/modules/users/identity-admin.ts';
import { createKeycloakIdentityAdmin, rightsAttribute } from '../src/modules/users/identity-keycloak.ts';

/**
 * The Keycloak adapter against a local HTTP server answering the Admin REST API's documented shapes
 * (Keycloak does not run here): the token endpoint with client credentials, users search
 * (`?email=&exact=true`), create (201 with a Location header, 409 when the username or e-mail
 * exists), one user (404 `{"error":"User not found"}`), update (PUT replaces the attributes it
 * names), delete, and execute-actions-email. Tokens expire; a revoked token answers 401.
 */
const REALM = 'portaal';
const CLIENT = { id: 'portaal-admin', secret: 'admin-secret-123' };

interface StoredUser {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  enabled: boolean;
  emailVerified: boolean;
  attributes: Record<string, string[]>;
  requiredActions: string[];
  createdTimestamp: number;
}

const state = {
  users: new Map<string, StoredUser>(),
  tokens: new Set<string>(),
  tokenRequests: 0,
  adminRequests: [] as string[],
  actionEmails: [] as { id: string; query: Record<string, string>; actions: unknown }[],
  down: false,
  hang: false,
};

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(
  response: ServerResponse,
  status: number,
  value?: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, {
    ...(value === undefined ? {} : { 'content-type': 'application/json' }),
    ...headers,
  });
  response.end(value === undefined ? undefined : JSON.stringify(value));
}

let server: Server;
let base: string;

async function handle(request: IncomingMessage, response: ServerResponse) {
  if (state.hang) return; // never answers
  if (state.down) return json(response, 503, { error: 'unavailable' });
  const url = new URL(request.url ?? '/', base);
  if (url.pathname === `/realms/${REALM}/protocol/openid-connect/token` && request.method === 'POST') {
    state.tokenRequests += 1;
    const form = new URLSearchParams(await body(request));
    if (
      form.get('grant_type') !== 'client_credentials' ||
      form.get('client_id') !== CLIENT.id ||
      form.get('client_secret') !== CLIENT.secret
    ) {
      return json(response, 401, { error: 'unauthorized_client', error_description: 'Invalid client' });
    }
    const token = randomUUID();
    state.tokens.add(token);
    return json(response, 200, {
      access_token: token,
      expires_in: 300,
      token_type: 'Bearer',
      scope: 'profile email',
    });
  }
  const prefix = `/admin/realms/${REALM}/users`;
  if (!url.pathname.startsWith(prefix)) return json(response, 404, { error: 'Not Found' });
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (!token || !state.tokens.has(token)) return json(response, 401, { error: 'HTTP 401 Unauthorized' });
  state.adminRequests.push(`${request.method} ${url.pathname.slice(prefix.length) || '/'}`);
  const [, id, action] = url.pathname.slice(prefix.length).split('/');
  if (!id) {
    if (request.method === 'GET') {
      const email = url.searchParams.get('email');
      const exact = url.searchParams.get('exact') === 'true';
      const list = [...state.users.values()].filter((user) =>
        email === null
          ? true
          : exact
            ? user.email === email.toLowerCase()
            : user.email.includes(email.toLowerCase()),
      );
      return json(response, 200, list);
    }
    if (request.method === 'POST') {
      const rep = JSON.parse(await body(request)) as Partial<StoredUser>;
      const username = (rep.username ?? '').toLowerCase();
      const email = (rep.email ?? '').toLowerCase();
      if ([...state.users.values()].some((user) => user.username === username || user.email === email)) {
        return json(response, 409, { errorMessage: 'User exists with same username' });
      }
      const user: StoredUser = {
        id: randomUUID(),
        username,
        email,
        firstName: rep.firstName ?? '',
        lastName: rep.lastName ?? '',
        enabled: rep.enabled ?? false,
        emailVerified: rep.emailVerified ?? false,
        attributes: rep.attributes ?? {},
        requiredActions: rep.requiredActions ?? [],
        createdTimestamp: Date.now(),
      };
      state.users.set(user.id, user);
      return json(response, 201, undefined, { location: `${base}${prefix}/${user.id}` });
    }
  }
  const user = id ? state.users.get(id) : undefined;
  if (!user) return json(response, 404, { error: 'User not found' });
  if (action === 'execute-actions-email' && request.method === 'PUT') {
    state.actionEmails.push({
      id: user.id,
      query: Object.fromEntries(url.searchParams),
      actions: JSON.parse(await body(request)),
    });
    return json(response, 204);
  }
  if (action) return json(response, 404, { error: 'Not Found' });
  if (request.method === 'GET') return json(response, 200, user);
  if (request.method === 'PUT') {
    const rep = JSON.parse(await body(request)) as Partial<StoredUser>;
    // Keycloak replaces the attributes when the representation names them.
    Object.assign(user, {
      ...rep,
      email: rep.email?.toLowerCase() ?? user.email,
      attributes: rep.attributes ?? user.attributes,
    });
    return json(response, 204);
  }
  if (request.method === 'DELETE') {
    state.users.delete(user.id);
    return json(response, 204);
  }
  return json(response, 405, { error: 'Method Not Allowed' });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => json(response, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  state.users.clear();
  state.tokens.clear();
  state.tokenRequests = 0;
  state.adminRequests = [];
  state.actionEmails = [];
  state.down = false;
  state.hang = false;
});

const admin = (overrides: { clientSecret?: string; timeoutMs?: number } = {}) =>
  createKeycloakIdentityAdmin({
    url: `${base}/`,
    realm: REALM,
    clientId: CLIENT.id,
    clientSecret: overrides.clientSecret ?? CLIENT.secret,
    webClientId: 'portaal-web',
    timeoutMs: overrides.timeoutMs ?? 2000,
  });

const profile = {
  email: 'Nieuwe.Collega@GoudenKorst.example',
  givenName: 'Nieuwe',
  familyName: 'Collega',
  language: 'nl' as const,
  phone: '+31 20 555 0199',
  mobile: null,
};
const stateOf = (overrides: Partial<IdentityState> = {}): IdentityState => ({
  ...profile,
  email: profile.email.toLowerCase(),
  enabled: true,
  rights: { '1001': ['contact-read', 'company-read'], global: ['ticket-read'] },
  ...overrides,
});

describe('Keycloak identity admin', () => {
  it('creates a login with a required password action, and finds it again instead of a second one', async () => {
    const keycloak = admin();
    const first = await keycloak.ensureUser(profile);
    expect(state.users.size).toBe(1);
    const stored = state.users.get(first.id);
    expect(stored).toMatchObject({
      username: 'nieuwe.collega@goudenkorst.example',
      firstName: 'Nieuwe',
      lastName: 'Collega',
      enabled: true,
      emailVerified: true,
      requiredActions: ['UPDATE_PASSWORD'],
      attributes: { locale: ['nl'], phone: ['+31 20 555 0199'], mobile: [] },
    });
    expect(first.username).toBe('nieuwe.collega@goudenkorst.example');
    const again = await keycloak.ensureUser(profile);
    expect(again.id).toBe(first.id);
    expect(state.users.size).toBe(1);
    // One service-account token for every call.
    expect(state.tokenRequests).toBe(1);
    expect(state.adminRequests).toEqual(['GET /', 'POST /', 'GET /']);
  });

  it('pushes names, enabled and the rights attribute (customer rights only), keeping other attributes', async () => {
    const keycloak = admin();
    const { id } = await keycloak.ensureUser(profile);
    const stored = state.users.get(id);
    if (!stored) throw new Error('not created');
    stored.attributes.department = ['Bakery'];
    await keycloak.push(id, stateOf({ givenName: 'Nina', enabled: false, mobile: '+31 6 12345678' }));
    expect(state.users.get(id)).toMatchObject({
      firstName: 'Nina',
      enabled: false,
      attributes: {
        department: ['Bakery'],
        rights: ['{"1001":["company-read","contact-read"]}'],
        phone: ['+31 20 555 0199'],
        mobile: ['+31 6 12345678'],
        locale: ['nl'],
      },
    });
    expect(rightsAttribute({ '1002': ['b', 'a'], '1001': ['c'], global: ['x'] })).toBe(
      '{"1001":["c"],"1002":["a","b"]}',
    );
  });

  it('asks Keycloak to mail the set-password link (execute-actions-email) and answers no link', async () => {
    const keycloak = admin();
    const { id } = await keycloak.ensureUser(profile);
    const link = await keycloak.sendSetPassword(id, {
      language: 'nl',
      redirectUri: 'https://portal.example/',
      lifespanSeconds: 259200,
    });
    expect(link).toBeNull();
    expect(state.actionEmails).toEqual([
      {
        id,
        query: { client_id: 'portaal-web', redirect_uri: 'https://portal.example/', lifespan: '259200' },
        actions: ['UPDATE_PASSWORD'],
      },
    ]);
  });

  it('an invitation sent again is a second execute-actions-email; the login stays as it was', async () => {
    const keycloak = admin();
    const { id } = await keycloak.ensureUser(profile);
    const options = {
      language: 'nl' as const,
      redirectUri: 'https://portal.example/',
      lifespanSeconds: 259200,
    };
    await keycloak.sendSetPassword(id, options);
    await keycloak.sendSetPassword(id, options);
    expect(state.actionEmails.map((mail) => [mail.id, mail.actions])).toEqual([
      [id, ['UPDATE_PASSWORD']],
      [id, ['UPDATE_PASSWORD']],
    ]);
    // Keycloak keeps the required action until the password is set; the portal changes nothing else.
    expect(state.users.get(id)?.requiredActions).toEqual(['UPDATE_PASSWORD']);
    expect(state.users.size).toBe(1);
  });

  it('removes a login; removing it again (already gone) is fine', async () => {
    const keycloak = admin();
    const { id } = await keycloak.ensureUser(profile);
    await keycloak.push(id, null);
    expect(state.users.size).toBe(0);
    await expect(keycloak.push(id, null)).resolves.toBeUndefined();
  });

  it('renews a revoked token once', async () => {
    const keycloak = admin();
    const { id } = await keycloak.ensureUser(profile);
    state.tokens.clear();
    await keycloak.push(id, stateOf());
    expect(state.tokenRequests).toBe(2);
  });

  it('says the IdP is unavailable when it is down, refuses the client, hangs or lost the login', async () => {
    const keycloak = admin({ timeoutMs: 300 });
    const { id } = await keycloak.ensureUser(profile);
    await expect(admin({ clientSecret: 'wrong-secret' }).ensureUser(profile)).rejects.toBeInstanceOf(
      IdentityUnavailableError,
    );
    state.users.clear();
    await expect(keycloak.push(id, stateOf())).rejects.toBeInstanceOf(IdentityUnavailableError);
    state.down = true;
    await expect(keycloak.ensureUser(profile)).rejects.toBeInstanceOf(IdentityUnavailableError);
    await expect(keycloak.push(id, null)).rejects.toBeInstanceOf(IdentityUnavailableError);
    state.down = false;
    state.hang = true;
    const started = Date.now();
    await expect(keycloak.push(id, null)).rejects.toBeInstanceOf(IdentityUnavailableError);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
