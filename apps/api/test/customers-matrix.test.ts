import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { call, ensureLoner, LONER, tokenSource } from './tokens.ts';

/**
 * The authorization matrix of the eight customer calls (SPEC.md §7): every demo user against its own
 * customer, another customer and a user without any membership, plus staff and anonymous.
 */
const OTHER = 1004;
const UNKNOWN = 999_999;
const ALL_CUSTOMERS = 7;

interface Subject {
  username: string | null;
  own: number | null;
  /** Customers the list call returns. */
  listCount: number;
  canEdit: boolean;
  staff: boolean;
}

const subjects: Subject[] = [
  { username: 'owner', own: 1001, listCount: 1, canEdit: true, staff: false },
  { username: 'financial-moderator', own: 1001, listCount: 1, canEdit: false, staff: false },
  { username: 'financial-viewer', own: 1001, listCount: 1, canEdit: false, staff: false },
  { username: 'technical-viewer', own: 1001, listCount: 1, canEdit: false, staff: false },
  { username: 'viewer', own: 1001, listCount: 1, canEdit: false, staff: false },
  { username: 'multi', own: 1002, listCount: 2, canEdit: true, staff: false },
  { username: LONER.username, own: null, listCount: 0, canEdit: false, staff: false },
  { username: 'staff-viewer', own: null, listCount: ALL_CUSTOMERS, canEdit: false, staff: true },
  { username: 'staff-moderator', own: null, listCount: ALL_CUSTOMERS, canEdit: true, staff: true },
  { username: null, own: null, listCount: 0, canEdit: false, staff: false },
];

const readCalls = ['', '/addresses', '/bankaccounts', '/features'];

let server: TestServer;
let token: ReturnType<typeof tokenSource>;

beforeAll(async () => {
  server = await startTestServer();
  await ensureLoner(server.databaseUrl);
  token = tokenSource(server);
});
afterAll(async () => server?.close());

describe.each(subjects)('$username', (subject) => {
  const auth = async () => (subject.username ? { token: await token(subject.username) } : {});
  const anonymous = subject.username === null;

  it('GET /api/v2/customer lists exactly the readable customers', async () => {
    const response = await call(server, 'GET', '/api/v2/customer?limit=100', await auth());
    if (anonymous) return expect(response.status).toBe(401);
    expect(response.status).toBe(200);
    expect(response.json).toHaveLength(subject.listCount);
    expect(response.headers.get('x-total-count')).toBe(String(subject.listCount));
  });

  it.each(readCalls)('GET own, other and unknown customer%s', async (suffix) => {
    const options = await auth();
    const target = subject.own ?? 1001;
    const own = await call(server, 'GET', `/api/v2/customer/${target}${suffix}`, options);
    const other = await call(server, 'GET', `/api/v2/customer/${OTHER}${suffix}`, options);
    const unknown = await call(server, 'GET', `/api/v2/customer/${UNKNOWN}${suffix}`, options);
    if (anonymous) {
      expect([own.status, other.status, unknown.status]).toEqual([401, 401, 401]);
      return;
    }
    const ownExpected = subject.own !== null || subject.staff ? 200 : 403;
    expect(own.status).toBe(ownExpected);
    expect(other.status).toBe(subject.staff ? 200 : 403);
    expect(unknown.status).toBe(404);
    expect((unknown.json as { code: string }).code).toBe('CUSTOMER_NOT_FOUND');
    if (own.status === 200 && suffix === '')
      expect((own.json as { customer_id: number }).customer_id).toBe(target);
  });

  it('PUT the PO number of own and other customer', async () => {
    const options = await auth();
    const target = subject.own ?? 1005;
    const mine = await call(server, 'PUT', `/api/v2/customer/${target}`, {
      ...options,
      body: { usage_po_number: `PO-${subject.username ?? 'anon'}` },
    });
    const other = await call(server, 'PUT', `/api/v2/customer/${OTHER}`, {
      ...options,
      body: { usage_po_number: 'PO-HIJACK' },
    });
    if (anonymous) {
      expect([mine.status, other.status]).toEqual([401, 401]);
      return;
    }
    expect(mine.status).toBe(subject.canEdit ? 200 : 403);
    if (subject.canEdit)
      expect((mine.json as { usage_po_number: string }).usage_po_number).toBe(`PO-${subject.username}`);
    expect(other.status).toBe(subject.staff && subject.canEdit ? 200 : 403);
  });

  it('GET the staff calls', async () => {
    const options = await auth();
    const features = await call(server, 'GET', '/api/admin/v2/customer/features', options);
    const lookup = await call(
      server,
      'GET',
      '/api/admin/v2/customer?link_type=accounting&link_id=ACC-10002',
      options,
    );
    if (anonymous) {
      expect([features.status, lookup.status]).toEqual([401, 401]);
      return;
    }
    expect(features.status).toBe(subject.staff ? 200 : 403);
    expect(lookup.status).toBe(subject.staff ? 200 : 403);
    if (subject.staff) {
      expect(features.json).toHaveLength(ALL_CUSTOMERS);
      expect((lookup.json as { customer_id: number }).customer_id).toBe(1002);
    }
  });
});

describe('multi sees both of its customers with their own rights', () => {
  it('reads 1003 as viewer but may not edit it', async () => {
    const options = { token: await token('multi') };
    expect((await call(server, 'GET', '/api/v2/customer/1003', options)).status).toBe(200);
    const edit = await call(server, 'PUT', '/api/v2/customer/1003', {
      ...options,
      body: { usage_po_number: 'X' },
    });
    expect(edit.status).toBe(403);
    expect((edit.json as { code: string }).code).toBe('FORBIDDEN');
  });
});
