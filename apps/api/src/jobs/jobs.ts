import { type Job, type JobWithMetadata, PgBoss } from 'pg-boss';
import type { Config } from '../config.ts';
import { createDatabase } from '../db/client.ts';
import { ChatBusyError, ChatRetryError, createChatDelivery } from '../modules/chat/chat-delivery.ts';
import { createMailDelivery, MailBusyError } from '../modules/notifications/mail-delivery.ts';
import type { ChatQueue } from './chat-queue.ts';
import type { MailQueue } from './mail-queue.ts';

export const MAIL_DELIVER = 'mail.deliver';
export const MAIL_SWEEP = 'mail.sweep';
export const CHAT_DELIVER = 'chat.deliver';

/** Mails pending longer than this without a job are handed to the queue again by the sweep. */
const SWEEP_AGE_SECONDS = 60;

interface Logger {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobsOptions {
  databaseUrl: string;
  config: Pick<
    Config,
    'SMTP_URL' | 'MAIL_FROM' | 'MAIL_JOB_EXPIRE_SECONDS' | 'CHAT_WEBHOOK_TARGETS' | 'BRAND_NAME'
  >;
  log: Logger;
  /** Run the job handlers in this process (the API with `npm start`, the worker); false only sends. */
  work?: boolean;
  /** Run the periodic sweep of lost hand-overs (on by default wherever handlers run). */
  sweep?: boolean;
  /** pg-boss's schema; tests give each run of workers its own so they never take each other's jobs. */
  schema?: string;
  /** Seconds before the first retry of a failed mail or chat message (doubling after that). */
  retryDelaySeconds?: number;
}

export interface Jobs {
  mailQueue: MailQueue;
  chatQueue: ChatQueue;
  /** Hands pending mails and chat messages older than the given age to the queue; returns the new jobs. */
  sweep(olderThanSeconds?: number): Promise<number>;
  /**
   * A job that runs on a cron schedule in one process at a time (an exclusive queue: a run still
   * active when the next is due makes that one wait). Only where handlers run; elsewhere a no-op.
   */
  periodic(
    name: string,
    cron: string,
    run: () => Promise<unknown>,
    options?: { expireInSeconds?: number },
  ): Promise<void>;
  /**
   * A queue of one-off jobs (an exclusive queue: one job per singleton key queued, retrying or
   * active), retried with backoff; the handler runs where handlers run. Answers the queue's send.
   */
  queue<T extends object>(
    name: string,
    run: (data: T) => Promise<void>,
    options?: { expireInSeconds?: number },
  ): Promise<(data: T, singletonKey: string) => Promise<void>>;
  stop(): Promise<void>;
}

/**
 * pg-boss for the API and the worker. Each mail is one `mail.deliver` job whose singleton key is the
 * mail id on an `exclusive` queue: at most one job per mail is queued, retrying or active, so the
 * sweep and a late dispatch can both send without doubling the work.
 */
export async function startJobs(options: JobsOptions): Promise<Jobs> {
  const { config, log } = options;
  const work = options.work ?? true;
  const expireInSeconds = config.MAIL_JOB_EXPIRE_SECONDS;
  // An expired job (its worker died) is only noticed by the supervisor, so it runs at least as often
  // as jobs expire: a killed send is retried within about twice the expiry.
  const superviseSeconds = Math.min(60, expireInSeconds);
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: options.schema ?? 'pgboss',
    application_name: 'portaal-jobs',
    max: 3,
    superviseIntervalSeconds: superviseSeconds,
    monitorIntervalSeconds: superviseSeconds,
    schedule: work && options.sweep !== false,
  });
  boss.on('error', (error: Error & { code?: string }) => {
    // 57P01-57P03: the server is shutting down or restarting (Ctrl-C stops the embedded one together
    // with us); pg-boss reconnects by itself, so that is no error worth a log line.
    const shutdown = error.code !== undefined && /^57P0[123]$/.test(error.code);
    const fields = { err: { message: error.message, code: error.code } };
    if (shutdown) log.debug(fields, 'database connection closed by the server');
    else log.error(fields, 'pg-boss error');
  });

  const mailJob = {
    retryLimit: 5,
    retryDelay: options.retryDelaySeconds ?? 10,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds,
  };

  // The handler's own small pool: a delivery holds one connection for its lock during the SMTP send.
  const { pool } = createDatabase(options.databaseUrl, 6);
  const delivery = createMailDelivery({
    pool,
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    // Below the job's expiry, so a stalled server fails the attempt before pg-boss gives it away.
    smtpTimeoutMs: Math.max(1000, (expireInSeconds - 1) * 1000),
  });

  // Chat messages: the same retries with backoff as mail, in the same small pool.
  const chatJob = { ...mailJob };
  const chatDelivery = createChatDelivery({
    pool,
    targets: config.CHAT_WEBHOOK_TARGETS,
    timeoutMs: Math.min(10_000, Math.max(1000, (expireInSeconds - 1) * 1000)),
    userAgent: `${config.BRAND_NAME} notifications`,
  });

  async function enqueueChats(ids: readonly number[]): Promise<number> {
    let created = 0;
    for (const id of ids) {
      const job = await boss.send(CHAT_DELIVER, { chatId: id }, { ...chatJob, singletonKey: `chat:${id}` });
      if (job) created += 1;
    }
    return created;
  }

  async function enqueue(mailIds: readonly number[]): Promise<number> {
    let created = 0;
    for (const mailId of mailIds) {
      const id = await boss.send(MAIL_DELIVER, { mailId }, { ...mailJob, singletonKey: `mail:${mailId}` });
      if (id) created += 1;
    }
    return created;
  }

  async function sweep(olderThanSeconds = SWEEP_AGE_SECONDS): Promise<number> {
    const ids = await delivery.pendingIds(olderThanSeconds);
    const created = ids.length > 0 ? await enqueue(ids) : 0;
    if (created > 0) log.warn({ mails: created }, 'sweep handed pending mails to the queue again');
    const chatIds = await chatDelivery.pendingIds(olderThanSeconds);
    const chats = chatIds.length > 0 ? await enqueueChats(chatIds) : 0;
    if (chats > 0) log.warn({ chats }, 'sweep handed pending chat messages to the queue again');
    return created + chats;
  }

  try {
    await boss.start();
    await boss.createQueue(MAIL_DELIVER, { policy: 'exclusive', ...mailJob });
    await boss.createQueue(MAIL_SWEEP, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 300 });
    await boss.createQueue(CHAT_DELIVER, { policy: 'exclusive', ...chatJob });

    if (work) {
      await boss.work(
        MAIL_DELIVER,
        { includeMetadata: true, pollingIntervalSeconds: 1, localConcurrency: 2 },
        async ([job]: JobWithMetadata<{ mailId: number }>[]) => {
          if (!job) return;
          const finalAttempt = job.retryCount >= job.retryLimit;
          try {
            const result = await delivery.deliver(job.data.mailId, { finalAttempt });
            if (result === 'failed') log.warn({ mailId: job.data.mailId }, 'mail given up');
          } catch (error) {
            if (!(error instanceof MailBusyError)) {
              log.warn({ err: error, mailId: job.data.mailId, attempt: job.retryCount }, 'mail not sent');
            }
            throw error;
          }
        },
      );
      await boss.work(
        CHAT_DELIVER,
        { includeMetadata: true, pollingIntervalSeconds: 1, localConcurrency: 2 },
        async ([job]: JobWithMetadata<{ chatId: number }>[]) => {
          if (!job) return;
          const finalAttempt = job.retryCount >= job.retryLimit;
          const chatId = job.data.chatId;
          const outcome = await chatDelivery.deliver(chatId, { finalAttempt }).catch((error: unknown) => {
            if (!(error instanceof ChatBusyError))
              log.warn({ err: error, chatId }, 'chat message not posted');
            throw error;
          });
          if (outcome.result === 'failed')
            log.warn({ chatId, error: outcome.error }, 'chat message given up');
          if (outcome.result === 'retry') {
            log.warn({ chatId, attempt: job.retryCount, error: outcome.error }, 'chat message not posted');
            throw new ChatRetryError(outcome.error ?? 'not posted');
          }
        },
      );
      if (options.sweep !== false) {
        await boss.schedule(MAIL_SWEEP, '* * * * *');
        await boss.work(MAIL_SWEEP, async () => {
          await sweep();
        });
        // Also at start: mails of a process that died before its next sweep go out now.
        sweep().catch((error: unknown) => log.error({ err: error }, 'mail sweep failed'));
      }
    }
  } catch (error) {
    await boss.stop({ graceful: false }).catch(() => {});
    delivery.close();
    await pool.end().catch(() => {});
    throw error;
  }

  return {
    mailQueue: { enqueue: async (mailIds) => void (await enqueue(mailIds)) },
    chatQueue: {
      async kick() {
        const ids = await chatDelivery.pendingIds(0, 200);
        if (ids.length > 0) await enqueueChats(ids);
      },
    },
    sweep,
    async periodic(name, cron, run, { expireInSeconds = 120 } = {}) {
      if (!work) return;
      await boss.createQueue(name, { policy: 'exclusive', retryLimit: 0, expireInSeconds });
      await boss.schedule(name, cron);
      await boss.work(name, async () => {
        try {
          await run();
        } catch (error) {
          log.error({ err: error, job: name }, 'periodic job failed');
          throw error;
        }
      });
    },
    async queue<T extends object>(
      name: string,
      run: (data: T) => Promise<void>,
      { expireInSeconds: expire = 600 } = {},
    ) {
      const options = { ...mailJob, expireInSeconds: expire };
      await boss.createQueue(name, { policy: 'exclusive', ...options });
      if (work) {
        await boss.work(name, { pollingIntervalSeconds: 1 }, async ([job]: Job<T>[]) => {
          if (!job) return;
          try {
            await run(job.data);
          } catch (error) {
            log.warn({ err: error, job: name }, 'job failed; retried');
            throw error;
          }
        });
      }
      return async (data: T, singletonKey: string) => {
        await boss.send(name, data, { ...options, singletonKey });
      };
    },
    async stop() {
      // Active sends get a few seconds to finish; the rest fail over to a retry (idempotent).
      await boss.stop({ graceful: true, timeout: 5000 }).catch((error: unknown) => {
        log.error({ err: error }, 'pg-boss did not stop cleanly');
      });
      delivery.close();
      await pool.end().catch(() => {});
    },
  };
}
