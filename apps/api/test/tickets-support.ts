import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { dropDatabase, ensureDatabase, withDatabase } from '../src/db/databases.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './harness.ts';

/**
 * A database of its own on this run's server, a copy of the migrated and seeded template that the
 * run's shared one was copied from: for tests that write, so that the exact counts of other files
 * (customers, notifications of the demo users) stay exact, and theirs start from the seed.
 */
export async function seededDatabase(label: string) {
  const shared = inject('databaseUrl');
  const adminUrl = withDatabase(shared, 'postgres');
  const sharedName = new URL(shared).pathname.slice(1);
  const name = `${sharedName}_${label}_${randomBytes(2).toString('hex')}`.slice(0, 63);
  await ensureDatabase(adminUrl, name, inject('seededTemplate'));
  const databaseUrl = withDatabase(adminUrl, name);
  // These files commit thousands of small transactions; waiting for each WAL flush would only
  // measure the disk. Durability after a crash does not matter for a database dropped afterwards.
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`alter database ${admin.escapeIdentifier(name)} set synchronous_commit = off`);
  await admin.end();
  return { databaseUrl, drop: () => dropDatabase(adminUrl, name) };
}

/** The whole product on a seeded database of this file's own (see seededDatabase). */
export async function startTicketsServer(
  label: string,
  env: Record<string, string> = {},
  options: Pick<TestServerOptions, 'identity'> = {},
) {
  const { databaseUrl, drop } = await seededDatabase(label);
  const server: TestServer = await startTestServer(env, undefined, { databaseUrl, ...options });
  const sql = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // Dropping the database (WITH FORCE) can reach a connection that is still closing after sql.end();
  // its "terminating connection" is expected then, not a failure of the test.
  sql.on('error', () => {});
  return {
    ...server,
    /** Direct SQL on this file's database, to count what was (not) stored. */
    sql,
    async count(query: string, values: unknown[] = []): Promise<number> {
      const result = await sql.query<{ count: string }>(query, values);
      return Number(result.rows[0]?.count ?? 0);
    },
    async close() {
      await server.close();
      await sql.end();
      await drop();
    },
  };
}
export type TicketsServer = Awaited<ReturnType<typeof startTicketsServer>>;

export interface Problem {
  status: number;
  code: string;
  detail: string;
  type: string;
  title: string;
  errors?: { field: string; message: string }[];
  params?: Record<string, string | number>;
}

/** A request with any body (FormData, raw bytes) and the answer read once. */
export async function send(
  server: TestServer,
  method: string,
  path: string,
  options: {
    token?: string;
    body?: RequestInit['body'];
    json?: unknown;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body = options.body;
  if (options.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(`${server.baseUrl}${path}`, { method, headers, body });
  const bytes = Buffer.from(await response.arrayBuffer());
  let json: unknown;
  try {
    json = bytes.length ? JSON.parse(bytes.toString('utf8')) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, bytes, json };
}

/** A form as a browser sends it: fields first, then the files in "attachments". */
export function form(
  fields: Record<string, string>,
  files: { name: string; content: Buffer | string }[] = [],
) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const file of files) data.append('attachments', new Blob([file.content]), file.name);
  return data;
}

// Small real files whose first bytes say what they are.
export const files = {
  png: Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from(
      '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2b2a3d80000000049454e44ae426082',
      'hex',
    ),
  ]),
  pdf: Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  ),
  jpg: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.from('JFIF', 'latin1'),
    Buffer.alloc(16, 1),
  ]),
  zip: Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]),
  text: Buffer.from('2026-11-30T10:00:00Z web01 nginx: upstream timed out\nnaïve café ✓\n', 'utf8'),
  csv: Buffer.from('date,value\n2026-11-01,42\n', 'utf8'),
  exe: Buffer.concat([
    Buffer.from('MZ', 'latin1'),
    Buffer.from([0x90, 0x00, 0x03, 0x00, 0x00, 0x00]),
    Buffer.alloc(58),
  ]),
};
