import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist } from './harness.ts';
import { startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { call, tokenSource } from './tokens.ts';

/**
 * Rate limits (RATE_LIMIT_MAX calls a minute): per signed-in user for API calls, per address only
 * for anonymous ones, never for the app's files and pages. A database of its own: the counters of
 * the demo users must not include other files' calls.
 */
const MAX = 5;
let server: TicketsServer;
let token: ReturnType<typeof tokenSource>;
let web: Awaited<ReturnType<typeof fakeWebDist>>;

beforeAll(async () => {
  web = await fakeWebDist();
  server = await startTicketsServer('ratelimit', { RATE_LIMIT_MAX: String(MAX), WEB_DIST: web.dir });
  token = tokenSource(server);
});
afterAll(async () => {
  await server?.close();
  await web?.remove();
});

function getFrom(localAddress: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(new URL(path, server.baseUrl), { localAddress }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('rate limits', () => {
  it('counts API calls per signed-in user: the sixth is refused, other users go on', async () => {
    const owner = await token('owner');
    const remaining: (string | null)[] = [];
    for (let index = 0; index < MAX; index++) {
      const response = await call(server, 'GET', '/api/v2/me', { token: owner });
      expect(response.status).toBe(200);
      remaining.push(response.headers.get('x-ratelimit-remaining'));
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    const refused = await call(server, 'GET', '/api/v2/me', { token: owner });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect((refused.json as { code: string }).code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await server.count("select hits as count from rate_limits where key like 'user:%'")).toBe(MAX);

    // Another user from the same address, and anonymous calls, have budgets of their own.
    expect((await call(server, 'GET', '/api/v2/me', { token: await token('viewer') })).status).toBe(200);
    expect((await call(server, 'GET', '/api/config')).status).toBe(200);
  });

  it('counts anonymous calls per address', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < MAX + 1; index++) statuses.push(await getFrom('127.0.0.3', '/api/config'));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await getFrom('127.0.0.4', '/api/config')).toBe(200);
  });

  it("never limits the app's files and pages, which stay HTML", async () => {
    for (let index = 0; index < MAX * 3; index++) {
      const page = await fetch(`${server.baseUrl}/support`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      await page.text();
    }
    expect(await getFrom('127.0.0.3', '/healthz')).toBe(200);
    expect(await getFrom('127.0.0.3', '/assets/app-abc123.js')).toBe(200);
    expect(await getFrom('127.0.0.3', '/')).toBe(200);
  });
});
