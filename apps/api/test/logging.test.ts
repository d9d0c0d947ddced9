import { PassThrough } from 'node:stream';
import { loginWithPassword } from '@portaal/idp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { call } from './tokens.ts';

/** Logs are JSON lines with request ids and never carry a token, even when a request carries one. */
let server: TestServer;
const lines: string[] = [];

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  server = await startTestServer({ LOG_LEVEL: 'info' }, stream);
});
afterAll(async () => server?.close());

describe('request logs', () => {
  it('are JSON with request ids and contain no token', async () => {
    const tokens = await loginWithPassword({
      issuer: server.issuer,
      clientId: server.clientId,
      redirectUri: `${server.baseUrl}/`,
      username: 'viewer',
      password: 'demo',
    });
    const answer = await call(server, 'GET', '/api/v2/customer/1001', { token: tokens.access_token });
    expect(answer.status).toBe(200);
    await call(
      server,
      'GET',
      `/realms/portaal/protocol/openid-connect/logout?id_token_hint=${tokens.id_token}`,
    );
    await call(server, 'GET', '/api/v2/customer/1001', { token: `${tokens.access_token}x` });
    await new Promise((resolve) => setTimeout(resolve, 50));

    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.length).toBeGreaterThan(3);
    const requestId = answer.headers.get('x-request-id');
    expect(records.some((record) => record.reqId === requestId)).toBe(true);
    const all = lines.join('\n');
    for (const secret of [tokens.access_token, tokens.id_token, tokens.refresh_token]) {
      expect(all).not.toContain(secret);
      expect(all).not.toContain(secret.split('.')[2]);
    }
    expect(all).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.eyJ/);
  });
});
