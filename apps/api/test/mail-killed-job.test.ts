import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client.ts';
import { type Jobs, startJobs } from '../src/jobs/jobs.ts';
import { createCursors } from '../src/lib/cursor.ts';
import { createNotificationsService } from '../src/modules/notifications/notifications.service.ts';
import { createUsersRepo } from '../src/modules/users/users.repo.ts';
import { createUsersService } from '../src/modules/users/users.service.ts';
import {
  createPeople,
  isolatedDatabase,
  parseMail,
  person,
  startSmtpSink,
  waitForMail,
} from './mail-support.ts';

/**
 * A mail worker killed (SIGKILL) in the middle of the SMTP transaction, then a second worker: the
 * job expires, pg-boss retries it, and exactly one complete mail arrives. Both workers are real
 * `npm run worker` processes (src/worker.ts) against this file's own database.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const EXPIRE_SECONDS = 2;
const MAIL_FROM = 'Portaal <noreply@portaal.example>';

const recipient = person('killed-en', 'en', 'Kim', 'Keller');
const actor = person('killed-actor', 'nl', 'Joris', 'Mulder');

let database: Awaited<ReturnType<typeof isolatedDatabase>>;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let sender: Jobs;
let handle: ReturnType<typeof createDatabase>;
const children = new Set<ChildProcess>();

function startWorker(name: string) {
  const output: string[] = [];
  const child = spawn(process.execPath, [path.join(root, 'apps/api/src/worker.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      MAIL_FROM,
      MAIL_JOB_EXPIRE_SECONDS: String(EXPIRE_SECONDS),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { name, child, exited, output: () => output.join('') };
}

beforeAll(async () => {
  database = await isolatedDatabase('killed');
  handle = createDatabase(database.url, 2);
  await createPeople(database.url, [recipient, actor], { id: 4242, name: 'Killed Job B.V.' });
  // The first DATA transaction never gets an answer: the worker is mid-send when it is killed.
  smtp = await startSmtpSink({ stall: (index) => index === 0 });
  // This process only hands the mail to the queue (with a short retry delay); the children work.
  sender = await startJobs({
    databaseUrl: database.url,
    config: {
      SMTP_URL: smtp.url,
      MAIL_FROM,
      MAIL_JOB_EXPIRE_SECONDS: EXPIRE_SECONDS,
      CHAT_WEBHOOK_TARGETS: 'public',
      BRAND_NAME: 'Portaal',
    },
    log: { debug() {}, info() {}, warn() {}, error: (fields, msg) => console.error(msg, fields) },
    work: false,
    retryDelaySeconds: 1,
  });
}, 60_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await sender?.stop();
  await handle?.pool.end();
  await smtp?.close();
  await database?.drop();
});

it('sends exactly one mail after a worker is killed mid-send and the job is retried', async () => {
  const service = createNotificationsService({
    db: handle.db,
    config: { publicUrl: 'http://portaal.test', BRAND_NAME: 'Portaal' },
    users: createUsersService(createUsersRepo(handle.db), { rolePrefix: 'provider' }),
    mailQueue: sender.mailQueue,
    log: { warn() {} },
    cursors: createCursors('the cursor secret of this test file, 32+ chars'),
  });
  const [mailId] = await handle.db.transaction((tx) =>
    service.recordTicketEvent(tx, {
      kind: 'ticket_reply',
      eventKey: 'killed-job:1',
      customerId: 4242,
      ticketId: 10_042,
      subject: 'Backup job failed',
      actor: { userId: actor.id, name: 'Joris Mulder', staff: true },
      excerpt: 'The backup ran again tonight.',
      recipients: [recipient.id],
    }),
  );
  expect(mailId).toBeDefined();
  await service.dispatch([mailId as number]);

  const first = startWorker('first');
  try {
    await smtp.waitUntil(() => smtp.started() >= 1, 40_000, 'the first worker to start the SMTP DATA');
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${first.output()}`);
  }
  first.child.kill('SIGKILL');
  expect((await first.exited).signal).toBe('SIGKILL');
  expect(smtp.accepted).toHaveLength(0);
  const afterKill = await waitForMail(database.url, mailId as number, () => true);
  expect(afterKill).toMatchObject({ status: 'pending', attempts: 1 });

  const second = startWorker('second');
  try {
    await smtp.waitUntil(() => smtp.accepted.length >= 1, 40_000, 'the retried mail');
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${second.output()}`);
  }
  const sent = await waitForMail(database.url, mailId as number, (row) => row.status === 'sent');
  expect(sent.attempts).toBeGreaterThanOrEqual(2);

  // Give a stray second delivery every chance to show up: well past another expiry and retry.
  await new Promise((resolve) => setTimeout(resolve, (EXPIRE_SECONDS * 2 + 2) * 1000));
  expect(smtp.started()).toBe(2);
  expect(smtp.accepted).toHaveLength(1);
  const mail = smtp.accepted[0];
  expect(mail?.to).toEqual([recipient.email]);
  const parsed = parseMail(mail?.raw ?? '');
  expect(parsed.header('subject')).toBe('New reply on ticket #10042: Backup job failed');
  expect(parsed.text).toContain('The backup ran again tonight.');

  // The worker stops cleanly on SIGTERM, as on Ctrl-C.
  second.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const stopped = await Promise.race([
    second.exited,
    new Promise<'still running'>((resolve) => {
      timer = setTimeout(() => resolve('still running'), 15_000);
    }),
  ]);
  clearTimeout(timer);
  expect(stopped, second.output()).toEqual({ code: 0, signal: null });
}, 120_000);
