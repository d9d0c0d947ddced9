import { hashPassword } from '@portaal/idp/password';
import { loginWithPassword } from '@portaal/idp/testing';
import pg from 'pg';
import type { TestServer } from './harness.ts';

/** A user with an account but no membership at all, created in this run's database. */
export const LONER = {
  id: '6f1c2a10-00ff-4a1e-9c01-0000000000ff',
  username: 'loner',
  password: 'loner-pass',
};

export async function ensureLoner(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into users (id, username, email, given_name, family_name, language, password_hash)
       values ($1, $2, 'loner@example.test', 'Lone', 'Ranger', 'en', $3) on conflict (id) do nothing`,
      [LONER.id, LONER.username, await hashPassword(LONER.password)],
    );
  } finally {
    await client.end();
  }
}

/** Access tokens obtained by driving the dev IdP's real login page; cached per server and user. */
export function tokenSource(server: TestServer) {
  const cache = new Map<string, Promise<string>>();
  return (username: string, password = username === LONER.username ? LONER.password : 'demo') => {
    const cached = cache.get(username);
    if (cached) return cached;
    const token = loginWithPassword({
      issuer: server.issuer,
      clientId: server.clientId,
      redirectUri: `${server.baseUrl}/`,
      username,
      password,
    }).then((tokens) => tokens.access_token);
    cache.set(username, token);
    return token;
  };
}

export async function call(
  server: TestServer,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const response = await fetch(`${server.baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}
