import { randomBytes } from 'node:crypto';
import { hashPassword } from '@portaal/idp/password';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { inject } from 'vitest';
import { dropDatabase, ensureDatabase, withDatabase } from '../src/db/databases.ts';
import { freePort } from './ports.ts';

/**
 * A database of its own on this run's server, migrated and empty. Mail workers sweep every pending
 * mail of their database, so tests that run them must not share one with other test files.
 */
export async function isolatedDatabase(label: string) {
  const shared = inject('databaseUrl');
  const adminUrl = withDatabase(shared, 'postgres');
  const name = `portaal_${label}_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(adminUrl, name, inject('migratedTemplate'));
  const url = withDatabase(adminUrl, name);
  return { url, drop: () => dropDatabase(adminUrl, name) };
}

export interface Person {
  id: string;
  username: string;
  password: string;
  email: string;
  givenName: string;
  familyName: string;
  language: 'en' | 'nl';
  globalRoles?: string[];
}

/** Users (with a dev-IdP password) and, when given, a customer, created with plain SQL. */
export async function createPeople(
  databaseUrl: string,
  people: readonly Person[],
  customer?: { id: number; name: string },
) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if (customer) {
      await client.query(
        'insert into customers (customer_id, display_name) values ($1, $2) on conflict do nothing',
        [customer.id, customer.name],
      );
    }
    for (const person of people) {
      await client.query(
        `insert into users (id, username, email, given_name, family_name, language, password_hash, global_roles)
         values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (id) do nothing`,
        [
          person.id,
          person.username,
          person.email,
          person.givenName,
          person.familyName,
          person.language,
          await hashPassword(person.password),
          person.globalRoles ?? [],
        ],
      );
    }
  } finally {
    await client.end();
  }
}

/** A person with unique id, username and address for this run. */
export function person(label: string, language: 'en' | 'nl', givenName: string, familyName: string): Person {
  const suffix = randomBytes(4).toString('hex');
  return {
    id: `${label}-${suffix}`,
    username: `${label}-${suffix}`,
    password: `${label}-pass`,
    email: `${label}-${suffix}@mail.example.test`,
    givenName,
    familyName,
    language,
  };
}

export interface ReceivedMail {
  /** RCPT TO addresses. */
  to: string[];
  raw: string;
}

/**
 * A real SMTP server (npm smtp-server) on loopback. `stall` decides per DATA transaction (0-based)
 * whether to leave the client waiting forever: the message is then never accepted.
 */
export async function startSmtpSink(
  options: { stall?: (index: number) => boolean; reject?: (address: string) => boolean } = {},
) {
  const accepted: ReceivedMail[] = [];
  let dataStarted = 0;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!options.reject?.(address.address)) return callback();
      const error: Error & { responseCode?: number } = new Error('Mailbox unavailable');
      error.responseCode = 550;
      callback(error);
    },
    onData(stream, session, callback) {
      const index = dataStarted++;
      notify();
      if (options.stall?.(index)) {
        // Read and drop the data, never answer: the client waits as if the server were slow.
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        accepted.push({
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback(null);
        notify();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

  /** Resolves once the condition holds; rejects after the timeout with what was seen. */
  function waitUntil(condition: () => boolean, timeoutMs: number, what: string) {
    return new Promise<void>((resolve, reject) => {
      if (condition()) return resolve();
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(
          new Error(`timed out waiting for ${what} (${dataStarted} started, ${accepted.length} accepted)`),
        );
      }, timeoutMs);
      const check = () => {
        if (!condition()) return;
        clearTimeout(timer);
        listeners.delete(check);
        resolve();
      };
      listeners.add(check);
    });
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    started: () => dataStarted,
    waitUntil,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const decodeQuotedPrintable = (value: string) =>
  Buffer.from(
    value
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** RFC 2047 encoded words, as nodemailer writes non-ASCII headers. */
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );

function splitHeaders(raw: string) {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string) {
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Just enough MIME to read what nodemailer writes: headers, and the text and HTML parts. */
export function parseMail(raw: string) {
  const { headers, body } = splitHeaders(raw);
  const parts: { type: string; content: string }[] = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitHeaders(chunk.replace(/^\r\n/, ''));
      parts.push({
        type: (part.headers.get('content-type') ?? '').split(';')[0] ?? '',
        content: decodeBody(part.headers, part.body),
      });
    }
  } else {
    parts.push({
      type: (headers.get('content-type') ?? '').split(';')[0] ?? '',
      content: decodeBody(headers, body),
    });
  }
  return {
    header: (name: string) => decodeWords(headers.get(name.toLowerCase()) ?? ''),
    text: parts.find((part) => part.type === 'text/plain')?.content ?? '',
    html: parts.find((part) => part.type === 'text/html')?.content ?? '',
  };
}

export interface OutboxRow {
  id: number;
  recipient: string;
  status: 'pending' | 'sent' | 'stored' | 'failed';
  attempts: number;
  last_error: string | null;
  sent_at: Date | null;
}

/** Polls one outbox row until the condition holds (bounded), and returns it. */
export async function waitForMail(
  databaseUrl: string,
  mailId: number,
  condition: (row: OutboxRow) => boolean,
  timeoutMs = 20_000,
): Promise<OutboxRow> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await client.query<OutboxRow>(
        'select id::int as id, recipient, status, attempts, last_error, sent_at from mail_outbox where id = $1',
        [mailId],
      );
      const row = rows[0];
      if (row && condition(row)) return row;
      if (Date.now() > deadline) {
        throw new Error(`mail ${mailId} did not reach the expected state: ${JSON.stringify(row)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  } finally {
    await client.end();
  }
}
