import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/app.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { call, tokenSource } from './tokens.ts';

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        security?: unknown[];
        responses: Record<
          string,
          { description?: string; content?: Record<string, unknown>; headers?: Record<string, unknown> }
        >;
      }
    >
  >;
}

/** A GET whose body arrives as sent (fetch would inflate it). */
function rawGet(url: string, encoding: string, headers: Record<string, string> = {}) {
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    get(url, { headers: { ...headers, 'accept-encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

const openapiFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../openapi.json');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('every registered route', () => {
  it('declares a schema and an access', () => {
    const routes = server.app.registeredRoutes;
    expect(routes.length).toBeGreaterThan(10);
    const undeclared = routes
      .filter((route) => !route.hasSchema || route.access === undefined)
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
    const valid = (access: unknown) =>
      access === 'public' ||
      access === 'login' ||
      (typeof access === 'object' && access !== null && 'rights' in access);
    expect(routes.filter((route) => !valid(route.access))).toEqual([]);
  });

  it('lists the eight customer calls with the expected access', () => {
    const find = (method: string, url: string) =>
      server.app.registeredRoutes.find((route) => route.method === method && route.url === url)?.access;
    expect(find('GET', '/api/v2/customer')).toBe('login');
    expect(find('PUT', '/api/v2/customer/:customer_id')).toEqual({ rights: { customer: ['company-edit'] } });
    expect(find('GET', '/api/admin/v2/customer')).toEqual({ rights: { global: ['company-read'] } });
    // Creating customers is for provider moderators only (DESIGN.md §2).
    expect(find('POST', '/api/admin/v2/customer')).toEqual({ rights: { global: ['customer-create'] } });
    expect(find('GET', '/api/admin/v2/customer/id-check')).toEqual({
      rights: { global: ['customer-create'] },
    });
  });
});

describe('operations', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await call(server, 'GET', '/healthz')).json).toEqual({ status: 'ok' });
    expect((await call(server, 'GET', '/readyz')).json).toEqual({ status: 'ready' });
  });

  it('serves Prometheus metrics to loopback, with the duration of every route', async () => {
    expect((await call(server, 'GET', '/api/v2/customer')).status).toBe(401);
    const metrics = await call(server, 'GET', '/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toContain('http_request_duration_seconds_bucket');
    // API routes are measured, not only the operations routes beside the hook.
    expect(metrics.text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v2\/customer",status="401"\} [1-9]/,
    );
    expect(metrics.text).toContain('process_cpu_user_seconds_total');
    // prom-client's metrics and our request durations together are one valid exposition: promtool
    // finds nothing but its naming advice on three of prom-client's own gauges.
    const lint = spawnSync('promtool', ['check', 'metrics'], { input: metrics.text, encoding: 'utf8' });
    const findings = `${lint.stdout}${lint.stderr}`
      .split('\n')
      .filter(
        (line) =>
          line !== '' &&
          !/^nodejs_active_\w+_total non-counter metrics should not have "_total" suffix$/.test(line),
      );
    expect(findings).toEqual([]);
  });

  it('documents every operation with an operationId, its security and described answers', async () => {
    const spec = (await call(server, 'GET', '/api/openapi.json')).json as OpenApi;
    const ids = new Set<string>();
    const faults: string[] = [];
    for (const [url, operations] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${url}`;
        if (!operation.operationId || !/^[a-z][A-Za-z0-9]*$/.test(operation.operationId))
          faults.push(`${name}: operationId (camelCase) missing`);
        else if (ids.has(operation.operationId)) faults.push(`${name}: operationId used twice`);
        ids.add(operation.operationId ?? '');
        if (!Array.isArray(operation.security)) faults.push(`${name}: security missing`);
        for (const [status, response] of Object.entries(operation.responses)) {
          if (!response.description || response.description === 'Default Response')
            faults.push(`${name} ${status}: describe the answer (.describe('…') on its schema)`);
          if (Number(status) >= 400 && !response.content?.['application/problem+json'])
            faults.push(`${name} ${status}: not application/problem+json`);
        }
      }
    }
    expect(faults).toEqual([]);
  });

  it('sends the response headers the document declares', async () => {
    const spec = (await call(server, 'GET', '/api/openapi.json')).json as OpenApi;
    const declared = Object.keys(spec.paths['/api/v2/customer']?.get?.responses['200']?.headers ?? {});
    expect(declared).toEqual(expect.arrayContaining(['X-Request-Id', 'X-RateLimit-Limit', 'X-Total-Count']));
    const answer = await call(server, 'GET', '/api/v2/customer?limit=1', {
      token: await tokenSource(server)('multi'),
    });
    expect(answer.status).toBe(200);
    for (const name of declared) expect(answer.headers.get(name), name).not.toBeNull();
  });

  it('serves the OpenAPI 3.1 document that is checked in, and a reference page', async () => {
    const document = await call(server, 'GET', '/api/openapi.json');
    expect(document.status).toBe(200);
    const spec = document.json as { openapi: string; paths: Record<string, unknown> };
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/v2/customer',
        '/api/v2/customer/{customer_id}',
        '/api/v2/customer/{customer_id}/addresses',
        '/api/v2/customer/{customer_id}/bankaccounts',
        '/api/v2/customer/{customer_id}/features',
        '/api/admin/v2/customer/features',
        '/api/admin/v2/customer',
      ]),
    );
    if (process.env.UPDATE_OPENAPI === '1')
      await writeFile(openapiFile, `${JSON.stringify(spec, null, 2)}\n`);
    const checkedIn = JSON.parse(await readFile(openapiFile, 'utf8'));
    expect(spec, 'apps/api/openapi.json is stale: run npm run openapi').toEqual(checkedIn);
    const docs = await call(server, 'GET', '/api/docs');
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('<script src="/api-docs/redoc.standalone.js"></script>');
    expect(docs.text).not.toMatch(/<script>[^<]/);
  });

  it('sends the document and the reference page compressed', async () => {
    for (const path of ['/api/openapi.json', '/api/docs']) {
      const raw = await fetch(`${server.baseUrl}${path}`, { headers: { 'accept-encoding': 'identity' } });
      const plain = Buffer.from(await raw.arrayBuffer());
      expect(raw.headers.get('content-encoding')).toBeNull();
      for (const encoding of ['br', 'gzip']) {
        const response = await rawGet(`${server.baseUrl}${path}`, encoding);
        expect(response.headers['content-encoding'], `${path} ${encoding}`).toBe(encoding);
        const body = response.body;
        expect(body.length).toBeLessThan(path === '/api/openapi.json' ? plain.length / 5 : plain.length);
        const inflated = encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body);
        expect(inflated.equals(plain)).toBe(true);
      }
    }
  });
});

describe('API answers', () => {
  it('are compressed from 1 kB on for browsers that accept it, and sent as they are otherwise', async () => {
    const authorization = `Bearer ${await tokenSource(server)('owner')}`;
    const big = `${server.baseUrl}/api/v2/customer/1001/tickets?limit=25`;
    const plain = await rawGet(big, 'identity', { authorization });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const response = await rawGet(big, `${encoding}, deflate`, { authorization });
      expect(response.headers['content-encoding'], encoding).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body.length).toBeLessThan(plain.body.length / 3);
      const inflated = encoding === 'br' ? brotliDecompressSync(response.body) : gunzipSync(response.body);
      expect(JSON.parse(inflated.toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
    }
    // A small answer is not worth it.
    const small = await rawGet(`${server.baseUrl}/api/v2/customer/1001/features`, 'br', { authorization });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('web app configuration', () => {
  it('tells the web app its IdP and that passwords are changed in the portal with the dev IdP', async () => {
    const response = await call(server, 'GET', '/api/config');
    expect(response.json).toEqual({
      brand_name: 'Portaal',
      oidc: { url: server.baseUrl, realm: 'portaal', client_id: 'portaal-web' },
      password_change: 'portal',
      analytics: null,
    });
  });
});

describe('security headers and problems', () => {
  it('sets CSP without inline script and frame-ancestors none, HSTS and nosniff on the pages', async () => {
    const response = await call(server, 'GET', '/');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('strict-transport-security')).toContain('max-age=31536000');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('gives API answers the short set: nothing loads or runs, no framing, HSTS, nosniff, no-store', async () => {
    const response = await call(server, 'GET', '/api/v2/customer');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // What only pages need stays off them.
    for (const header of ['x-frame-options', 'cross-origin-opener-policy', 'x-dns-prefetch-control'])
      expect(response.headers.get(header), header).toBeNull();
  });

  it('answers unknown API routes with a problem and a stable code', async () => {
    const response = await call(server, 'GET', '/api/v2/nothing-here');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.json).toMatchObject({ status: 404, code: 'ROUTE_NOT_FOUND', type: 'about:blank' });
    // The security headers are on problems too (set once per request, before routing).
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    for (const header of ['strict-transport-security', 'x-content-type-options', 'referrer-policy']) {
      expect(response.headers.get(header), header).toBeTruthy();
    }
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const post = await call(server, 'POST', '/api/v2/customer/1001', { body: {} });
    expect(post.status).toBe(404);
    expect((post.json as { request_id: string }).request_id).toBe(post.headers.get('x-request-id'));
  });

  it('never answers a malformed request with a 5xx', async () => {
    const attempts = [
      call(server, 'GET', '/api/v2/customer/%E0%A4%A'),
      call(server, 'GET', '/api/v2/customer?limit[]=1'),
      call(server, 'GET', `/api/v2/customer/${'9'.repeat(400)}`),
      call(server, 'PUT', '/api/v2/customer/1001', { body: '[]' }),
      call(server, 'PUT', '/api/v2/customer/1001', { body: 'null' }),
      call(server, 'DELETE', '/api/v2/customer/1001'),
      call(server, 'GET', '/realms/portaal/protocol/openid-connect/userinfo'),
      call(server, 'GET', '/api/../../etc/passwd'),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBeLessThan(500);
  });

  it('answers a URL the router cannot decode, or an over-long path parameter, with a problem', async () => {
    const undecodable = await call(server, 'GET', '/api/v2/customer/%C0%AE/tickets');
    expect(undecodable.status).toBe(400);
    expect(undecodable.headers.get('content-type')).toContain('application/problem+json');
    expect(undecodable.json).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      detail: 'The URL is not valid.',
    });
    // Over the router's 500 characters the parameter matches no route: a 404 problem.
    const long = await call(server, 'GET', `/api/v2/customer/${'9'.repeat(600)}`);
    expect(long.status).toBe(404);
    expect(long.headers.get('content-type')).toContain('application/problem+json');
  });
});

describe('logging', () => {
  it('redacts secrets from logged URLs', () => {
    expect(
      redactUrl('/realms/portaal/protocol/openid-connect/logout?id_token_hint=eyJabc&client_id=portaal-web'),
    ).toBe(
      '/realms/portaal/protocol/openid-connect/logout?id_token_hint=%5Bredacted%5D&client_id=portaal-web',
    );
    expect(redactUrl('/cb?code=abc&state=1')).toContain('code=%5Bredacted%5D');
    expect(redactUrl('/api/v2/customer')).toBe('/api/v2/customer');
  });
});
