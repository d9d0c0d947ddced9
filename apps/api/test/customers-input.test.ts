import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { call, tokenSource } from './tokens.ts';

/** Bad input answers 400 naming the field and changes nothing (customer 1006 is used by this file only). */
const TARGET = 1006;
let server: TestServer;
let staff: string;
let owner: string;

beforeAll(async () => {
  server = await startTestServer();
  const token = tokenSource(server);
  staff = await token('staff-moderator');
  owner = await token('owner');
});
afterAll(async () => server?.close());

interface Problem {
  status: number;
  code: string;
  detail: string;
  errors?: { field: string; message: string }[];
  request_id: string;
}

const poNumber = async () =>
  (
    (await call(server, 'GET', `/api/v2/customer/${TARGET}`, { token: staff })).json as {
      usage_po_number: string | null;
    }
  ).usage_po_number;

describe('PUT /api/v2/customer/{id} validation', () => {
  it.each([
    ['a number', { usage_po_number: 42 }],
    ['an object', { usage_po_number: { value: 'x' } }],
    ['an array', { usage_po_number: ['x'] }],
    ['a boolean', { usage_po_number: true }],
    ['too long', { usage_po_number: 'x'.repeat(65) }],
    ['missing', {}],
  ])('refuses usage_po_number that is %s and changes nothing', async (_label, body) => {
    const before = await poNumber();
    const response = await call(server, 'PUT', `/api/v2/customer/${TARGET}`, { token: staff, body });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const problem = response.json as Problem;
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.errors?.[0]?.field).toBe('usage_po_number');
    expect(problem.detail).toContain('usage_po_number');
    expect(await poNumber()).toBe(before);
  });

  it('refuses unknown fields, malformed JSON and other content types', async () => {
    const before = await poNumber();
    const extra = await call(server, 'PUT', `/api/v2/customer/${TARGET}`, {
      token: staff,
      body: { usage_po_number: 'OK', status: 'terminated' },
    });
    expect(extra.status).toBe(400);
    const broken = await call(server, 'PUT', `/api/v2/customer/${TARGET}`, {
      token: staff,
      body: '{"usage_po_number":',
    });
    expect(broken.status).toBe(400);
    expect((broken.json as Problem).code).toBe('BAD_REQUEST');
    const text = await call(server, 'PUT', `/api/v2/customer/${TARGET}`, {
      token: staff,
      body: 'usage_po_number=1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    const huge = await call(server, 'PUT', `/api/v2/customer/${TARGET}`, {
      token: staff,
      body: { usage_po_number: 'x'.repeat(2_000_000) },
    });
    expect(huge.status).toBe(413);
    expect(await poNumber()).toBe(before);
  });

  it('stores a valid PO number, trimmed, and clears it with null', async () => {
    const saved = await call(server, 'PUT', `/api/v2/customer/${TARGET}`, {
      token: staff,
      body: { usage_po_number: '  PO-7781 ' },
    });
    expect(saved.status).toBe(200);
    expect(await poNumber()).toBe('PO-7781');
    const cleared = await call(server, 'PUT', `/api/v2/customer/${TARGET}`, {
      token: staff,
      body: { usage_po_number: null },
    });
    expect(cleared.status).toBe(200);
    expect(await poNumber()).toBeNull();
  });

  it('answers 403 before validating input for a caller without rights', async () => {
    const response = await call(server, 'PUT', `/api/v2/customer/${TARGET}`, {
      token: owner,
      body: { usage_po_number: 1 },
    });
    expect(response.status).toBe(403);
  });
});

describe('GET /api/v2/customer query validation', () => {
  it.each(['0', '101', '-1', 'ten', '1.5'])('refuses limit=%s naming the field', async (limit) => {
    const response = await call(server, 'GET', `/api/v2/customer?limit=${limit}`, { token: staff });
    expect(response.status).toBe(400);
    expect((response.json as Problem).errors?.[0]?.field).toBe('limit');
  });

  it('accepts limit 1 and 100 and pages with a Link header', async () => {
    const first = await call(server, 'GET', '/api/v2/customer?limit=1', { token: staff });
    expect(first.status).toBe(200);
    expect(first.json).toHaveLength(1);
    const link = first.headers.get('link');
    expect(link).toMatch(/rel="next"/);
    const next = /<([^>]+)>/.exec(link ?? '')?.[1] ?? '';
    const second = await call(server, 'GET', next, { token: staff });
    expect(second.status).toBe(200);
    const ids = [first.json, second.json].flat().map((item) => (item as { customer_id: number }).customer_id);
    expect(new Set(ids).size).toBe(2);
    const all = await call(server, 'GET', '/api/v2/customer?limit=100', { token: staff });
    expect(all.headers.get('link')).toBeNull();
  });

  it('refuses an unknown status and a forged cursor', async () => {
    const status = await call(server, 'GET', '/api/v2/customer?status=deleted', { token: staff });
    expect(status.status).toBe(400);
    expect((status.json as Problem).errors?.[0]?.field).toBe('status');
    const cursor = await call(server, 'GET', '/api/v2/customer?cursor=not-a-cursor', { token: staff });
    expect(cursor.status).toBe(400);
    expect((cursor.json as Problem).errors?.[0]?.field).toBe('cursor');
  });

  it('refuses forged cursors with a 400, never a 500 (the outside probe: an id out of integer range)', async () => {
    const forge = (value: string) => Buffer.from(value).toString('base64url');
    for (const cursor of [
      forge('["2026-01-01T00:00:00Z",99999999999999999999]'),
      forge('["bakkerij",99999999999999999999]'),
      forge('["bakkerij",1001]'),
      `${forge('["bakkerij",1001]')}.${'A'.repeat(22)}`,
    ]) {
      for (const path of ['/api/v2/customer', '/api/v2/customer/1001/tickets']) {
        const response = await call(server, 'GET', `${path}?cursor=${cursor}`, { token: staff });
        expect(response.status, `${path} ${cursor}`).toBe(400);
        expect((response.json as Problem).errors?.[0]?.field).toBe('cursor');
      }
    }
  });

  it('filters by status and searches by name, CoC number and id', async () => {
    const suspended = await call(server, 'GET', '/api/v2/customer?status=suspended', { token: staff });
    expect((suspended.json as { display_name: string }[]).map((c) => c.display_name)).toEqual([
      'Stichting Zorgnet Utrecht',
    ]);
    const byName = await call(server, 'GET', '/api/v2/customer?search=korst', { token: staff });
    expect((byName.json as { customer_id: number }[]).map((c) => c.customer_id)).toEqual([1001]);
    const byId = await call(server, 'GET', '/api/v2/customer?search=1002', { token: staff });
    expect((byId.json as { customer_id: number }[]).map((c) => c.customer_id)).toEqual([1002]);
    const byCoc = await call(server, 'GET', '/api/v2/customer?search=27312345', { token: staff });
    expect((byCoc.json as { customer_id: number }[]).map((c) => c.customer_id)).toEqual([1003]);
    const wildcard = await call(server, 'GET', `/api/v2/customer?search=${encodeURIComponent('%')}`, {
      token: staff,
    });
    expect(wildcard.json).toEqual([]);
    const own = await call(server, 'GET', '/api/v2/customer?search=northwind', { token: owner });
    expect(own.json).toEqual([]);
  });
});

describe('GET /api/admin/v2/customer lookup', () => {
  it.each([
    ['link_type', '/api/admin/v2/customer?link_id=ACC-10001'],
    ['link_id', '/api/admin/v2/customer?link_type=accounting'],
    ['link_type', '/api/admin/v2/customer?link_type=&link_id=ACC-10001'],
  ])('answers 400 naming a missing %s', async (field, path) => {
    const response = await call(server, 'GET', path, { token: staff });
    expect(response.status).toBe(400);
    expect((response.json as Problem).errors?.map((error) => error.field)).toContain(field);
  });

  it('finds a customer by link and answers 404 for an unknown link', async () => {
    const found = await call(server, 'GET', '/api/admin/v2/customer?link_type=netbox&link_id=gouden-korst', {
      token: staff,
    });
    expect(found.status).toBe(200);
    expect(found.json).toMatchObject({ customer_id: 1001, display_name: 'Bakkerij De Gouden Korst B.V.' });
    const missing = await call(server, 'GET', '/api/admin/v2/customer?link_type=netbox&link_id=nope', {
      token: staff,
    });
    expect(missing.status).toBe(404);
    expect((missing.json as Problem).code).toBe('CUSTOMER_NOT_FOUND');
  });
});

describe('path parameters', () => {
  it.each(['abc', '0', '-5', '1.5', '99999999999'])('refuses customer id %s with 400', async (id) => {
    const response = await call(server, 'GET', `/api/v2/customer/${id}`, { token: staff });
    expect(response.status).toBe(400);
    expect((response.json as Problem).errors?.[0]?.field).toBe('customer_id');
  });
});
