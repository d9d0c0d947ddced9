import { randomUUID } from 'node:crypto';
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
  failed_logins: number;
  locked_until: Date | null;
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
  const result = await db.query<Row>(
    'select password_hash, failed_logins, locked_until from users where id = $1',
    [id],
  );
  const found = result.rows[0];
  if (!found) throw new Error(`no user ${id}`);
  return found;
}

const change = (body: unknown, headers?: Record<string, string>) =>
  call(server, 'POST', '/api/v2/password', { body, headers });

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
    // The mistake counts towards the login page's lock.
    expect(after.failed_logins).toBe(1);
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

  it('respects the lock of the login page', async () => {
    const user = await createUser('locked-password');
    const before = await row(user.id);
    const wrong = { username: user.username, current_password: 'nope-nope', new_password: 'new-password-4' };
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await change(wrong);
      expect(response.status, `attempt ${attempt}`).toBe(400);
    }
    const fifth = await change(wrong);
    expect(fifth.status).toBe(429);
    expect((fifth.json as Problem).code).toBe('ACCOUNT_LOCKED');
    expect((await row(user.id)).locked_until?.getTime()).toBeGreaterThan(Date.now());

    // Locked: even the right password changes nothing, and the login page refuses too.
    const right = await change({ ...wrong, current_password: user.password });
    expect(right.status).toBe(429);
    expect((right.json as Problem).code).toBe('ACCOUNT_LOCKED');
    expect((await row(user.id)).password_hash).toBe(before.password_hash);
    await expect(login(user.username, user.password)).rejects.toThrow();

    // Once the lock has run out, the right password works and the counter starts again.
    await db.query(`update users set locked_until = now() - interval '1 minute' where id = $1`, [user.id]);
    const after = await change({ ...wrong, current_password: user.password });
    expect(after.status).toBe(204);
    const unlocked = await row(user.id);
    expect(unlocked.failed_logins).toBe(0);
    expect(unlocked.locked_until).toBeNull();
    expect(await verifyPassword('new-password-4', unlocked.password_hash)).toBe(true);
  });

  it('counts a lock set by the login page', async () => {
    const user = await createUser('login-locked');
    await db.query(
      `update users set failed_logins = 5, locked_until = now() + interval '5 minutes' where id = $1`,
      [user.id],
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
