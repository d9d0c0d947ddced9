import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { call, tokenSource } from './tokens.ts';

interface Me {
  username: string;
  language: string;
  memberships: { customer_id: number; display_name: string; role: string }[];
  rights: Record<string, string[]>;
  main_company_id: number | null;
  global_roles: string[];
}

let server: TestServer;
let token: ReturnType<typeof tokenSource>;

beforeAll(async () => {
  server = await startTestServer();
  token = tokenSource(server);
});
afterAll(async () => server?.close());

describe('/api/v2/me', () => {
  it('describes a user with two customers, the main one having the most rights', async () => {
    const response = await call(server, 'GET', '/api/v2/me', { token: await token('multi') });
    expect(response.status).toBe(200);
    const me = response.json as Me;
    expect(me.username).toBe('multi');
    expect(me.memberships).toEqual([
      { customer_id: 1002, display_name: 'Northwind Logistics Ltd', role: 'owner' },
      { customer_id: 1003, display_name: 'Van Dijk & Partners Advocaten', role: 'viewer' },
    ]);
    expect(Object.keys(me.rights).sort()).toEqual(['1002', '1003']);
    expect(me.main_company_id).toBe(1002);
  });

  it('gives staff global rights and the provider as main company', async () => {
    const me = (await call(server, 'GET', '/api/v2/me', { token: await token('staff-viewer') })).json as Me;
    expect(me.global_roles).toEqual(['provider_viewer']);
    expect(me.rights.global).toContain('crosscheck-read');
    expect(me.rights.global).not.toContain('company-edit');
    expect(me.main_company_id).toBe(1);
    expect(me.memberships).toEqual([]);
  });

  it('saves the language preference and refuses anything but en and nl', async () => {
    const options = { token: await token('financial-viewer') };
    const saved = await call(server, 'PUT', '/api/v2/me', { ...options, body: { language: 'nl' } });
    expect(saved.status).toBe(200);
    expect((saved.json as Me).language).toBe('nl');
    const refused = await call(server, 'PUT', '/api/v2/me', { ...options, body: { language: 'de' } });
    expect(refused.status).toBe(400);
    expect((refused.json as { errors: { field: string }[] }).errors[0]?.field).toBe('language');
    expect(((await call(server, 'GET', '/api/v2/me', options)).json as Me).language).toBe('nl');
    const back = await call(server, 'PUT', '/api/v2/me', { ...options, body: { language: 'en' } });
    expect((back.json as Me).language).toBe('en');
  });

  it("sets the profile's language and the pages it may open as the cookies the web app's page reads, and nothing with a refusal", async () => {
    const options = { token: await token('financial-viewer') };
    const cookie = 'portaal_lang=nl; Path=/; Max-Age=31536000; SameSite=Lax';
    // A financial viewer: tickets, the administration and the SLA pages, not the servers or usage.
    const pages =
      'portaal_pages=support|administration|administration/invoices|administration/contracts|sla-usage|sla-usage/application-statuses; Path=/; Max-Age=31536000; SameSite=Lax';
    const cookies = (response: { headers: Headers }) => response.headers.getSetCookie();
    const saved = await call(server, 'PUT', '/api/v2/me', { ...options, body: { language: 'nl' } });
    expect(cookies(saved)).toEqual([cookie, pages]);
    expect(cookies(await call(server, 'GET', '/api/v2/me', options))).toEqual([cookie, pages]);
    const refused = await call(server, 'PUT', '/api/v2/me', { ...options, body: { language: 'fr' } });
    expect(cookies(refused)).toEqual([]);
    const back = await call(server, 'PUT', '/api/v2/me', { ...options, body: { language: 'en' } });
    expect(cookies(back)).toEqual([cookie.replace('=nl', '=en'), pages]);
    expect(cookies(await call(server, 'GET', '/api/v2/me'))).toEqual([]);
    // Plain HTTP here, and a forwarded protocol is trusted only in production (behind its proxy).
    const forwarded = await call(server, 'GET', '/api/v2/me', {
      ...options,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(cookies(forwarded)).toEqual([cookie.replace('=nl', '=en'), pages]);
  });

  it('answers 401 without a token', async () => {
    expect((await call(server, 'GET', '/api/v2/me')).status).toBe(401);
    expect((await call(server, 'PUT', '/api/v2/me', { body: { language: 'en' } })).status).toBe(401);
  });
});
