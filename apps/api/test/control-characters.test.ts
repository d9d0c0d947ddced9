import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { call, tokenSource } from './tokens.ts';

/**
 * The text rule (packages/contracts text.ts): NUL and other control characters are a 400 on their
 * field wherever text reaches PostgreSQL, never a 500. The first cases are the outside probe's.
 */
let server: TestServer;
let owner: string;
let staff: string;

beforeAll(async () => {
  server = await startTestServer();
  const token = tokenSource(server);
  owner = await token('owner');
  staff = await token('staff-moderator');
});
afterAll(async () => server?.close());

interface Problem {
  status: number;
  code: string;
  errors?: { field: string; message: string }[];
}

const fieldOf = (json: unknown) => (json as Problem).errors?.[0]?.field;

describe('control characters in requests', () => {
  it('PUT customer with a NUL PO number (the probe): 400 on usage_po_number', async () => {
    for (const value of ['\u0000', 'PO\u0000-1', 'PO\u0007', 'PO\u007f', 'PO\n1']) {
      const response = await call(server, 'PUT', '/api/v2/customer/1001', {
        token: owner,
        body: { usage_po_number: value },
      });
      expect(response.status, JSON.stringify(value)).toBe(400);
      expect(fieldOf(response.json)).toBe('usage_po_number');
    }
  });

  it('PUT customer with a white-space-only PO number clears it (stored as null, never as spaces)', async () => {
    const response = await call(server, 'PUT', '/api/v2/customer/1004', {
      token: staff,
      body: { usage_po_number: ' \u00a0  ' },
    });
    expect(response.status).toBe(200);
    expect((response.json as { usage_po_number: string | null }).usage_po_number).toBeNull();
  });

  it('POST password without a token and a NUL in the username (the probe): 400 on username', async () => {
    const response = await call(server, 'POST', '/api/v2/password', {
      body: { username: 'a\u0000b', current_password: 'whatever', new_password: 'long-enough-1' },
    });
    expect(response.status).toBe(400);
    expect(fieldOf(response.json)).toBe('username');
    const password = await call(server, 'POST', '/api/v2/password', {
      body: { username: 'owner', current_password: 'de\u0000mo', new_password: 'long-enough-1' },
    });
    expect(password.status).toBe(400);
    expect(fieldOf(password.json)).toBe('current_password');
  });

  it('query strings: searches and cursors with control characters are a 400 on their parameter', async () => {
    for (const path of [
      '/api/v2/customer?search=ab%00c',
      '/api/v2/customer/1001/tickets?search=abc%00',
      '/api/v2/customer/1001/tickets?search=abc%01def',
      '/api/v2/customer?cursor=%00',
    ]) {
      const response = await call(server, 'GET', path, { token: staff });
      expect(response.status, path).toBe(400);
      expect(['search', 'cursor']).toContain(fieldOf(response.json));
    }
  });

  it('bodies: single-line fields refuse line breaks, multi-line text keeps them but refuses NUL', async () => {
    const base = { category: 'technical_request', subject: 'Disk full', description: 'Line one\nLine two' };
    const bad = [
      [{ ...base, subject: 'Disk\nfull' }, 'subject'],
      [{ ...base, description: 'Line one\u0000' }, 'description'],
      [{ ...base, description: 'Bell \u0007' }, 'description'],
    ] as const;
    for (const [body, field] of bad) {
      const response = await call(server, 'POST', '/api/v2/customer/1001/tickets', { token: owner, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(fieldOf(response.json)).toBe(field);
    }
    const reply = await call(server, 'POST', '/api/v2/customer/1001/change-requests', {
      token: owner,
      body: {
        type: 'bank_account',
        action: 'add',
        iban: 'NL91ABNA0417164300',
        account_holder: 'Bakkerij\u0000',
        note: 'ok\nnote',
      },
    });
    expect(reply.status).toBe(400);
    expect(fieldOf(reply.json)).toBe('account_holder');
  });

  it('a key with a control character in a body is refused, not stored', async () => {
    const response = await call(server, 'PUT', '/api/v2/customer/1001', {
      token: owner,
      body: { 'usage_po_number\u0000': 'x' },
    });
    expect(response.status).toBe(400);
  });
});
