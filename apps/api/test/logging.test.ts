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

const viewerTokens = () =>
  loginWithPassword({
    issuer: server.issuer,
    clientId: server.clientId,
    redirectUri: `${server.baseUrl}/`,
    username: 'viewer',
    password: 'demo',
  });

describe('request logs', () => {
  it('are JSON with request ids and contain no token', async () => {
    const tokens = await viewerTokens();
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

  it('are one line per request, written when it is answered', async () => {
    const answer = await call(server, 'GET', '/healthz?code=secret-code');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const requestId = answer.headers.get('x-request-id');
    const mine = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((record) => record.reqId === requestId);
    expect(mine).toHaveLength(1);
    const [record] = mine;
    expect(record?.msg).toBe('request completed');
    expect(record?.req).toMatchObject({ method: 'GET', url: '/healthz?code=%5Bredacted%5D' });
    expect(record?.res).toEqual({ statusCode: answer.status });
    expect(record?.responseTime).toEqual(expect.any(Number));
  });

  it('record another customer, a hidden ticket or attachment as a denied access', async () => {
    const tokens = await viewerTokens();
    const list = await call(server, 'GET', '/api/v2/customer/1001/tickets?limit=1', {
      token: tokens.access_token,
    });
    const [visible] = list.json as { ticket_id: number }[];
    const paths = [
      '/api/v2/customer/1002',
      '/api/v2/customer/1001/tickets/999999',
      `/api/v2/customer/1001/tickets/${visible?.ticket_id}/attachments/999999`,
    ];
    const answers = await Promise.all(
      paths.map((path) => call(server, 'GET', path, { token: tokens.access_token })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([403, 404, 404]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const denied = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((record) => record.msg === 'access denied' && paths.includes(String(record.url)));
    expect(denied.map((record) => [record.url, record.code, record.level])).toEqual(
      expect.arrayContaining([
        [paths[0], 'FORBIDDEN', 40],
        [paths[1], 'TICKET_NOT_FOUND', 40],
        [paths[2], 'ATTACHMENT_NOT_FOUND', 40],
      ]),
    );
  });

  it('record a staff lookup that finds nothing as a miss, not as a denied access', async () => {
    const tokens = await loginWithPassword({
      issuer: server.issuer,
      clientId: server.clientId,
      redirectUri: `${server.baseUrl}/`,
      username: 'staff-viewer',
      password: 'demo',
    });
    const path = '/api/admin/v2/customer?link_type=accounting&link_id=ACC-NONE';
    const answer = await call(server, 'GET', path, { token: tokens.access_token });
    expect([answer.status, (answer.json as { code: string }).code]).toEqual([404, 'CUSTOMER_NOT_FOUND']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    // The request itself is logged (so the check below looks at the right lines), but not as a denial.
    expect(
      records.some((record) =>
        String(record.url ?? (record.req as { url?: string })?.url).includes('ACC-NONE'),
      ),
    ).toBe(true);
    expect(
      records.filter((record) => record.msg === 'access denied' && String(record.url).includes('ACC-NONE')),
    ).toEqual([]);
  });
});
