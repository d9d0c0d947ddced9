import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { call } from './tokens.ts';

/*
 * Analytics configuration (SPEC.md §4, DESIGN.md §2): the web app learns the PostHog key and host from
 * /api/config, and the CSP lets the browser reach that host (connect-src only) when, and only when,
 * one is configured.
 */

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name as string, values]),
  );

let plain: TestServer;
let withAnalytics: TestServer;

beforeAll(async () => {
  [plain, withAnalytics] = await Promise.all([
    startTestServer(),
    startTestServer({ POSTHOG_KEY: 'phc_e2e_project_key', POSTHOG_HOST: 'https://ph.example.com/ingest/' }),
  ]);
});
afterAll(async () => Promise.all([plain?.close(), withAnalytics?.close()]));

describe('analytics configured', () => {
  it('gives the web app the key and the host', async () => {
    const response = await call(withAnalytics, 'GET', '/api/config');
    expect(response.json).toMatchObject({
      analytics: { posthog_key: 'phc_e2e_project_key', posthog_host: 'https://ph.example.com/ingest' },
    });
  });

  it('allows the analytics origin in connect-src of the pages, and nowhere else', async () => {
    const response = await call(withAnalytics, 'GET', '/');
    const csp = directives(response.headers.get('content-security-policy') ?? '');
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://ph.example.com']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    for (const [name, values] of csp)
      if (name !== 'connect-src') expect(values, name).not.toContain('https://ph.example.com');
    // An API answer is no page: nothing may load from it, the analytics host included.
    const api = await call(withAnalytics, 'GET', '/api/config');
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe('analytics not configured', () => {
  it('tells the web app there are none', async () => {
    const response = await call(plain, 'GET', '/api/config');
    expect((response.json as { analytics: unknown }).analytics).toBeNull();
  });

  it("keeps connect-src at 'self'", async () => {
    const response = await call(plain, 'GET', '/');
    const csp = directives(response.headers.get('content-security-policy') ?? '');
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });
});
