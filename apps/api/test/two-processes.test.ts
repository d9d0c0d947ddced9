import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loginWithPassword } from '@portaal/idp/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageIdFor } from '../src/modules/notifications/mail-delivery.ts';
import { startSmtpSink } from './mail-support.ts';
import { freePort } from './ports.ts';
import { seededDatabase } from './tickets-support.ts';

/**
 * DESIGN §1's scale-out, shown with two real API processes (`node apps/api/src/main.ts`, as `npm
 * start` runs it) on one PostgreSQL behind one public URL: they share the rate-limit budget, both
 * refuse a revoked membership on the next request, and each mail goes out exactly once although
 * both run mail workers.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MAX = 30;
const MAIL_FROM = 'portaal@example.test';

interface Product {
  baseUrl: string;
  process: ChildProcess;
  output: string[];
}

let database: Awaited<ReturnType<typeof seededDatabase>>;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let sql: pg.Pool;
let publicUrl: string;
const products: Product[] = [];

async function startProduct(port: number, databaseUrl: string, logLevel = 'warn'): Promise<Product> {
  const output: string[] = [];
  const child = spawn(process.execPath, ['apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      // One public URL, as behind a load balancer: tokens of either process are valid at both.
      PUBLIC_URL: publicUrl,
      DATABASE_URL: databaseUrl,
      RATE_LIMIT_MAX: String(MAX),
      SMTP_URL: smtp.url,
      MAIL_FROM,
      LOG_LEVEL: logLevel,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const product = { baseUrl, process: child, output };
  products.push(product);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in 120 s:\n${output.join('')}`)), 120_000);
    const take = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${output.join('')}`));
    });
  });
  return product;
}

const tokens = new Map<string, Promise<string>>();
function token(username: string): Promise<string> {
  let found = tokens.get(username);
  if (!found) {
    found = loginWithPassword({
      issuer: `${publicUrl}/realms/portaal`,
      clientId: 'portaal-web',
      redirectUri: `${publicUrl}/`,
      username,
      password: 'demo',
    }).then((answer) => answer.access_token);
    tokens.set(username, found);
  }
  return found;
}

async function call(product: Product, method: string, pathname: string, bearer: string, body?: unknown) {
  const response = await fetch(`${product.baseUrl}${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

beforeAll(async () => {
  database = await seededDatabase('twoproc');
  sql = new pg.Pool({ connectionString: database.databaseUrl, max: 2 });
  sql.on('error', () => {});
  smtp = await startSmtpSink();
  const [portA, portB] = [await freePort(), await freePort()];
  publicUrl = `http://127.0.0.1:${portA}`;
  // The first logs at info, as `npm start` does: its start must print the summary alone.
  await startProduct(portA, database.databaseUrl, 'info');
  await startProduct(portB, database.databaseUrl);
}, 300_000);

afterAll(async () => {
  await Promise.all(
    products.map(
      ({ process: child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await sql?.end();
  await smtp?.close();
  await database?.drop();
}, 60_000);

describe('two API processes on one database', () => {
  it('start quietly: the summary, no framework line, and request logging afterwards', async () => {
    const [a] = products as [Product, Product];
    await call(a, 'GET', '/api/v2/me', await token('viewer'));
    const lines = a.output.join('').split('\n');
    expect(lines.some((line) => line.includes('is running at'))).toBe(true);
    expect(lines.filter((line) => line.includes('Server listening'))).toEqual([]);
    // The logger is back at info once the process listens: each answered request is logged.
    await expect
      .poll(
        () =>
          a.output
            .join('')
            .split('\n')
            .filter((line) => line.includes('"request completed"')).length,
      )
      .toBeGreaterThan(0);
  });

  it('share one rate-limit budget per user', async () => {
    const [a, b] = products as [Product, Product];
    const bearer = await token('financial-viewer');
    const statuses: number[] = [];
    for (let index = 0; index < MAX; index++) {
      statuses.push(await call(index % 2 === 0 ? a : b, 'GET', '/api/v2/me', bearer));
    }
    expect(statuses).toEqual(Array(MAX).fill(200));
    // The budget is used up in both, whichever process the next call reaches.
    expect(await call(a, 'GET', '/api/v2/me', bearer)).toBe(429);
    expect(await call(b, 'GET', '/api/v2/me', bearer)).toBe(429);
  });

  it('refuse a membership revoked through the API on the very next request, in both', async () => {
    const [a, b] = products as [Product, Product];
    const bearer = await token('multi');
    const staff = await token('staff-moderator');
    // multi is a viewer in 1003 (and owner in 1002): the desk turns the 1003 login off.
    const { rows } = await sql.query<{ contact_id: number }>(
      `select c.id as contact_id from contacts c join users u on u.id = c.user_id
        where u.username = 'multi' and c.customer_id = 1003`,
    );
    const contactId = rows[0]?.contact_id;
    if (!contactId) throw new Error('multi is no contact of 1003');
    const company = '/api/v2/customer/1003';
    // Both processes have read (and remember) the membership.
    for (let round = 0; round < 3; round++) {
      expect(await call(a, 'GET', company, bearer)).toBe(200);
      expect(await call(b, 'GET', company, bearer)).toBe(200);
    }
    const off = await call(a, 'PUT', `/api/v2/customer/1003/contacts/${contactId}/login`, staff, {
      enabled: false,
    });
    expect(off).toBe(200);
    expect(await call(b, 'GET', company, bearer)).toBe(403);
    expect(await call(a, 'GET', company, bearer)).toBe(403);
    // The other customer's membership is untouched.
    expect(await call(b, 'GET', '/api/v2/customer/1002', bearer)).toBe(200);
  });

  it('refuse a membership deleted in the database by another tool within the lease, in both', async () => {
    const [a, b] = products as [Product, Product];
    const bearer = await token('multi');
    const company = '/api/v2/customer/1002';
    for (let round = 0; round < 3; round++) {
      expect(await call(a, 'GET', company, bearer)).toBe(200);
      expect(await call(b, 'GET', company, bearer)).toBe(200);
    }
    await sql.query(
      `delete from memberships where customer_id = 1002
          and user_id = (select id from users where username = 'multi')`,
    );
    // Nothing waits for a change made outside the API: the processes hear of it at once and stop
    // answering from memory within the lease (250 ms) in any case.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await call(b, 'GET', company, bearer)).toBe(403);
    expect(await call(a, 'GET', company, bearer)).toBe(403);
  });

  it('send each mail exactly once although both run mail workers', async () => {
    const [a, b] = products as [Product, Product];
    const staff = await token('staff-moderator');
    const { rows: tickets } = await sql.query<{ ticket_id: number; customer_id: number }>(
      `select id as ticket_id, customer_id from tickets where status in ('new', 'open') order by id limit 6`,
    );
    expect(tickets.length).toBe(6);
    const before = await sql.query<{ id: number }>('select id from mail_outbox');
    const known = new Set(before.rows.map((row) => row.id));
    // Status changes by the desk mail the authors and watchers; half through each process.
    for (const [index, ticket] of tickets.entries()) {
      const product = index % 2 === 0 ? a : b;
      const status = await call(
        product,
        'PATCH',
        `/api/v2/customer/${ticket.customer_id}/tickets/${ticket.ticket_id}`,
        staff,
        { status: 'in_progress' },
      );
      expect(status).toBe(200);
    }
    const { rows: mails } = await sql.query<{ id: number; idempotency_key: string }>(
      'select id, idempotency_key from mail_outbox order by id',
    );
    const fresh = mails.filter((mail) => !known.has(mail.id));
    expect(fresh.length).toBeGreaterThan(0);
    const wanted = fresh.map((mail) => messageIdFor(mail.idempotency_key, MAIL_FROM));
    const copies = (messageId: string) =>
      smtp.accepted.filter((mail) => mail.raw.includes(`Message-ID: ${messageId}`)).length;
    await smtp.waitUntil(() => wanted.every((id) => copies(id) >= 1), 60_000, `${wanted.length} mails`);
    // A little longer: a second delivery of any of them would show up now.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(wanted.map(copies)).toEqual(wanted.map(() => 1));
    const sent = await sql.query<{ count: string }>(
      `select count(*) from mail_outbox where id = any($1) and status = 'sent'`,
      [fresh.map((mail) => mail.id)],
    );
    expect(Number(sent.rows[0]?.count)).toBe(fresh.length);
  });
});
