import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { hashPassword, verifyPassword } from '@portaal/idp/password';
import { loginWithPassword } from '@portaal/idp/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { call } from './tokens.ts';

/**
 * POST /api/v2/password (dev IdP only). Every test works on a user of its own, created here, so the
 * demo users' passwords never change and files running side by side do not meet.
 */
let server: TestServer;
let db: pg.Client;

beforeAll(async () => {
  server = await startTestServer();
  db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await server?.close();
});

interface Problem {
  status: number;
  code: string;
  errors?: { field: string; message: string }[];
}

interface Row {
  password_hash: string;
}

async function createUser(password: string) {
  const id = randomUUID();
  const username = `pw-${id.slice(0, 8)}`;
  await db.query(
    `insert into users (id, username, email, given_name, family_name, language, password_hash)
     values ($1, $2, $3, 'Pass', 'Word', 'en', $4)`,
    [id, username, `${username}@example.test`, await hashPassword(password)],
  );
  return { id, username, password };
}

async function row(id: string): Promise<Row> {
  const result = await db.query<Row>('select password_hash from users where id = $1', [id]);
  const found = result.rows[0];
  if (!found) throw new Error(`no user ${id}`);
  return found;
}

const change = (body: unknown, headers?: Record<string, string>) =>
  call(server, 'POST', '/api/v2/password', { body, headers });

/** The same call from another loopback address (127.0.0.2), as another client would make it. */
function changeFrom(localAddress: string, body: unknown): Promise<number> {
  const url = new URL('/api/v2/password', server.baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(JSON.stringify(body));
  });
}

async function failures(username: string, address = '127.0.0.1'): Promise<number | undefined> {
  const result = await db.query<{ failures: number }>(
    'select failures from idp_sign_in_throttle where username = $1 and address = $2',
    [username, address],
  );
  return result.rows[0]?.failures;
}

const login = (username: string, password: string) =>
  loginWithPassword({
    issuer: server.issuer,
    clientId: server.clientId,
    redirectUri: `${server.baseUrl}/`,
    username,
    password,
  });

describe('POST /api/v2/password', () => {
  it('changes the password: 204, the new one signs in, the old one no longer does', async () => {
    const user = await createUser('old-password-1');
    const response = await change({
      username: user.username.toUpperCase(),
      current_password: user.password,
      new_password: 'new-password-1',
    });
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect(await verifyPassword('new-password-1', (await row(user.id)).password_hash)).toBe(true);
    await expect(login(user.username, 'new-password-1')).resolves.toHaveProperty('access_token');
    await expect(login(user.username, user.password)).rejects.toThrow();
  });

  it('refuses a wrong current password with 400 INVALID_CURRENT_PASSWORD and changes nothing', async () => {
    const user = await createUser('right-password');
    const before = await row(user.id);
    const response = await change({
      username: user.username,
      current_password: 'wrong-password',
      new_password: 'new-password-2',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect((response.json as Problem).code).toBe('INVALID_CURRENT_PASSWORD');
    const after = await row(user.id);
    expect(after.password_hash).toBe(before.password_hash);
    // The mistake counts towards the login page's throttle, for this username and address only.
    expect(await failures(user.username)).toBe(1);
    await expect(login(user.username, user.password)).resolves.toHaveProperty('access_token');
  });

  it('answers an unknown username exactly as a wrong password', async () => {
    const response = await change({
      username: 'nobody-at-all',
      current_password: 'whatever-1',
      new_password: 'new-password-3',
    });
    expect(response.status).toBe(400);
    expect((response.json as Problem).code).toBe('INVALID_CURRENT_PASSWORD');
  });

  it('slows down attempts per username and address after 5 failures, without locking the account', async () => {
    const user = await createUser('throttled-password');
    const before = await row(user.id);
    const wrong = { username: user.username, current_password: 'nope-nope', new_password: 'new-password-4' };
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await change(wrong);
      expect(response.status, `attempt ${attempt}`).toBe(400);
    }
    expect(await failures(user.username)).toBe(5);

    // From this address the next attempt must wait, right password or not, and changes nothing;
    // the login page, which counts in the same place, makes this address wait too.
    const right = await change({ ...wrong, current_password: user.password });
    expect(right.status).toBe(429);
    expect((right.json as Problem).code).toBe('TOO_MANY_ATTEMPTS');
    expect((await row(user.id)).password_hash).toBe(before.password_hash);
    await expect(login(user.username, user.password)).rejects.toThrow(/Too many failed attempts/);

    // The user at their own address is not slowed by the stranger's mistakes.
    expect(await changeFrom('127.0.0.2', { ...wrong, current_password: user.password })).toBe(204);
    expect(await verifyPassword('new-password-4', (await row(user.id)).password_hash)).toBe(true);
    expect(await failures(user.username, '127.0.0.2')).toBeUndefined();

    // Once the wait (15 s after the fifth failure) is over, this address may try again.
    await db.query(
      `update idp_sign_in_throttle set last_failure_at = now() - interval '16 seconds' where username = $1`,
      [user.username],
    );
    const later = await change({
      ...wrong,
      current_password: 'new-password-4',
      new_password: 'new-password-5',
    });
    expect(later.status).toBe(204);
    expect(await failures(user.username)).toBeUndefined();
  });

  it("counts the login page's failures", async () => {
    const user = await createUser('login-throttled');
    await db.query(
      `insert into idp_sign_in_throttle (username, address, failures, last_failure_at)
       values ($1, '127.0.0.1', 5, now())`,
      [user.username],
    );
    const response = await change({
      username: user.username,
      current_password: user.password,
      new_password: 'new-password-5',
    });
    expect(response.status).toBe(429);
    expect(await verifyPassword(user.password, (await row(user.id)).password_hash)).toBe(true);
  });

  it.each([
    ['no body fields', {}, 'username'],
    ['a missing username', { current_password: 'x-current', new_password: 'long-enough' }, 'username'],
    [
      'a blank username',
      { username: '  ', current_password: 'x-current', new_password: 'long-enough' },
      'username',
    ],
    ['a missing current password', { username: 'USER', new_password: 'long-enough' }, 'current_password'],
    [
      'an empty current password',
      { username: 'USER', current_password: '', new_password: 'long-enough' },
      'current_password',
    ],
    [
      'a short new password',
      { username: 'USER', current_password: 'PASS', new_password: 'seven77' },
      'new_password',
    ],
    [
      'a huge new password',
      { username: 'USER', current_password: 'PASS', new_password: 'x'.repeat(1025) },
      'new_password',
    ],
    [
      'a number as password',
      { username: 'USER', current_password: 'PASS', new_password: 12345678 },
      'new_password',
    ],
    [
      'an unknown field',
      { username: 'USER', current_password: 'PASS', new_password: 'long-enough', admin: true },
      'body',
    ],
  ])('refuses %s with 400 naming the field and changes nothing', async (_label, template, field) => {
    const user = await createUser('stays-the-same');
    const before = await row(user.id);
    const body = JSON.parse(
      JSON.stringify(template).replaceAll('USER', user.username).replaceAll('PASS', user.password),
    ) as unknown;
    const response = await change(body);
    expect(response.status).toBe(400);
    const problem = response.json as Problem;
    expect(problem.code).toBe('VALIDATION_FAILED');
    if (field !== 'body') expect(problem.errors?.[0]?.field).toBe(field);
    expect(await row(user.id)).toEqual(before);
  });

  it('refuses malformed JSON and other content types', async () => {
    const user = await createUser('stays-the-same');
    const before = await row(user.id);
    const broken = await change('{"username":');
    expect(broken.status).toBe(400);
    expect((broken.json as Problem).code).toBe('BAD_REQUEST');
    const text = await change(`username=${user.username}`, { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    const form = await change(
      `username=${user.username}&current_password=${user.password}&new_password=long-enough`,
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(form.status).toBe(415);
    expect(await row(user.id)).toEqual(before);
  });
});

describe('POST /api/v2/password with an external IdP', () => {
  it('does not exist: 404', async () => {
    const external = await startTestServer({ OIDC_URL: 'https://keycloak.example.test' });
    try {
      const response = await call(external, 'POST', '/api/v2/password', {
        body: { username: 'owner', current_password: 'demo', new_password: 'long-enough' },
      });
      expect(response.status).toBe(404);
      expect((response.json as Problem).code).toBe('ROUTE_NOT_FOUND');
    } finally {
      await external.close();
    }
  });
});
