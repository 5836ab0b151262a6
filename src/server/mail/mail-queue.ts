import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import PgBoss from "pg-boss";
import type { MailKindName } from "#domain/outgoing-mail";
import { type Database, type Db, LOCKS, withAdvisoryLock } from "#server/db/client";
import * as schema from "#server/db/schema";
import { checkedHeaders, type Mailer, type MailMessage } from "./mailer";
import { createOutgoingMailRepository } from "./outgoing-mail.repository";
import { type QueueWorker, startQueueWorker } from "./queue-worker";
import { createSealer } from "./sealed";

/**
 * Durable e-mail. A message is queued in PostgreSQL in the same transaction as the row it
 * belongs to (the inquiry, the reset code, the document request): both are stored, or neither.
 * A worker then delivers it through the mailer (SMTP or the outbox), retrying with exponential
 * backoff while the SMTP server is down; after the last try the message is marked failed and
 * staff see it, with the reason, under "Outgoing mail", where Retry queues it again.
 *
 * The queue is pg-boss (a job per message, in the `pgboss` schema of the same database): each
 * job is fetched by one worker at a time (SKIP LOCKED), so several instances deliver a message
 * once; a job a stopped or killed instance held is retried once it expires. The `outgoing_mail`
 * row is what staff see and what makes delivery idempotent: a job whose row is no longer queued
 * sends nothing.
 *
 * A task (`task()`) is a job on a queue of its own whose worker decides what to e-mail, for
 * work the request must not do itself (see there); `idle()` waits for tasks too.
 */

export const MAIL_QUEUE = "outgoing-mail";

/** What the message is; staff read it in the list of outgoing mail. */
export type MailKind = MailKindName;

export type QueuedMessage = MailMessage & { kind: MailKind };

/** The part of a transaction a service works with: its database and the mail it queues. */
export type MailTransaction = {
  db: Db;
  queue(message: QueuedMessage): Promise<void>;
};

export type MailQueueOptions = {
  /** Tries after the first; then the message is marked failed. */
  retryLimit: number;
  /** The first retry waits about this long; each later one about twice the one before. */
  retryDelaySeconds: number;
  /** How often an idle worker looks for messages queued by other instances. */
  pollingIntervalSeconds?: number;
};

export type MailQueue = Awaited<ReturnType<typeof createMailQueue>>;

type Log = {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
};

/** A job may hold a message this long before it counts as lost (a killed instance) and is retried. */
const JOB_EXPIRY_SECONDS = 120;
/**
 * How long a finished job is kept: a failed one in the job table, then any in the archive.
 * pg-boss 10 sets these for every queue (a queue's own retention only bounds how long a job may
 * wait unstarted), and a failed task's data is an address someone typed, so they are short; no
 * code here reads a finished job (staff's Retry queues a new one).
 */
const FINISHED_JOB_SECONDS = 60;

/** pg-boss's jobs, in the schema it is installed in (its default, see db/client.ts). */
const JOB_TABLE = "pgboss.job";

type JobData = { mailId: string };
type SealedBody = {
  text: string;
  html?: string;
  replyTo?: string;
  headers?: Record<string, string>;
};

/** A message the mailer could not send: its try is recorded on the message's row. */
class DeliveryFailed extends Error {}

/** pg-boss's query interface over one client: its jobs join that client's transaction. */
const executorOf = (client: pg.ClientBase | pg.Pool): PgBoss.Db => ({
  executeSql: (text, values) => client.query(text, values),
});

export async function createMailQueue(deps: {
  database: Database;
  mailer: Mailer;
  secret: Uint8Array;
  log: Log;
  options: MailQueueOptions;
}) {
  const { database, mailer, log, options } = deps;
  const sealer = createSealer(deps.secret, "rentals:outgoing-mail");
  const mail = createOutgoingMailRepository(database.db);
  const sendOptions = {
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: JOB_EXPIRY_SECONDS,
  };

  const boss = new PgBoss({
    db: executorOf(database.pool),
    // Migrations install its schema (db/client.ts); an instance only checks it.
    migrate: false,
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds: 30,
    archiveFailedAfterSeconds: FINISHED_JOB_SECONDS,
    deleteAfterSeconds: FINISHED_JOB_SECONDS,
  });
  // Without a listener an emitted error would end the process; a database outage is logged.
  boss.on("error", (error) => log.warn(`mail queue: ${(error as Error).message}`));
  await boss.start();

  /**
   * pg-boss creates a queue (its row, then a table for its jobs with foreign keys to the queue
   * table) with no lock of its own: instances starting at once on a new database deadlock, each
   * holding a lock on the queue table that the other's new foreign key waits for. They take turns
   * here; the later one finds the queue and does nothing.
   */
  const createQueue = (name: string) =>
    withAdvisoryLock(database, LOCKS.jobQueues, () =>
      boss.createQueue(name, { name, ...sendOptions }),
    );
  await createQueue(MAIL_QUEUE);

  async function deliver(job: PgBoss.JobWithMetadata<JobData>): Promise<void> {
    const row = await mail.find(job.data.mailId);
    // Sent already (a retried job), failed and not retried, or gone: nothing to send.
    if (row?.status !== "queued") return;
    const opened = row.sealedBody === null ? null : sealer.open(row.sealedBody);
    if (opened === null) {
      await mail.markUnsendable(row.id, "The message cannot be read with this server's secret.");
      log.error(`mail ${row.id} (${row.kind}) cannot be opened: marked failed`);
      return;
    }
    const body = JSON.parse(opened) as SealedBody;
    try {
      await mailer.send({ to: row.toAddress, subject: row.subject, ...body });
    } catch (error) {
      const final = job.retryCount >= job.retryLimit;
      const reason = (error as Error).message || String(error);
      await mail.recordFailure(row.id, reason, final);
      // pg-boss schedules the next try (or, after the last, keeps the job as failed); the
      // worker logs the failure once that is recorded.
      throw new DeliveryFailed(
        `mail ${row.id} (${row.kind}) not sent, try ${job.retryCount + 1} of ${job.retryLimit + 1}${final ? ", marked failed" : ""}: ${reason}`,
      );
    }
    await mail.markSent(row.id);
  }

  const pollMs = (options.pollingIntervalSeconds ?? 2) * 1000;
  const workers: QueueWorker[] = [];
  function startWorker<T extends object>(
    queue: string,
    run: (job: PgBoss.JobWithMetadata<T>) => Promise<void>,
  ): QueueWorker {
    const failed = (_job: unknown, error: Error) => {
      log.warn(
        error instanceof DeliveryFailed ? error.message : `${queue} job failed: ${error.message}`,
      );
    };
    const worker = startQueueWorker<T>({ boss, queue, pollMs, log, run, failed });
    workers.push(worker);
    return worker;
  }

  const mailWorker = startWorker<JobData>(MAIL_QUEUE, async (job) => {
    await deliver(job);
    await boss.complete(MAIL_QUEUE, job.id);
  });

  async function enqueue(db: Db, executor: PgBoss.Db, message: QueuedMessage) {
    const body: SealedBody = {
      text: message.text,
      ...(message.html === undefined ? {} : { html: message.html }),
      ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
      ...(message.headers === undefined ? {} : { headers: checkedHeaders(message.headers) }),
    };
    const row = await createOutgoingMailRepository(db).insert({
      kind: message.kind,
      toAddress: message.to,
      subject: message.subject,
      sealedBody: sealer.seal(JSON.stringify(body)),
    });
    await boss.send(MAIL_QUEUE, { mailId: row.id } satisfies JobData, {
      ...sendOptions,
      db: executor,
    });
  }

  type Open = { db: Db; executor: PgBoss.Db; queued: number };

  /** One transaction on one client; the worker is woken if it queued anything. */
  async function inTransaction<T>(work: (open: Open) => Promise<T>): Promise<T> {
    const client = await database.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query("begin");
      const open: Open = {
        db: drizzle(client, { schema }),
        executor: executorOf(client),
        queued: 0,
      };
      const result = await work(open);
      await client.query("commit");
      if (open.queued > 0) mailWorker.wake();
      return result;
    } catch (error) {
      await client.query("rollback").catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    } finally {
      // A client whose rollback failed (its connection lost) is discarded, not reused.
      client.release(broken);
    }
  }

  const transactionOf = (open: Open): MailTransaction => ({
    db: open.db,
    queue: async (message) => {
      await enqueue(open.db, open.executor, message);
      open.queued += 1;
    },
  });

  /**
   * Runs `work` in one transaction: the rows it writes through `tx.db` and the messages it
   * queues through `tx.queue` are committed together, or not at all.
   */
  function transaction<T>(work: (tx: MailTransaction) => Promise<T>): Promise<T> {
    return inTransaction((open) => work(transactionOf(open)));
  }

  const taskQueues: string[] = [];
  /** Thrown to roll a task's transaction back when its job is no longer this run's. */
  const takenOver = new Error("task job taken over");

  /**
   * Deletes a task's job if this run still holds it: active, and not fetched again since (each
   * fetch of a started job adds one to retry_count). Its row lock orders it with pg-boss's expiry
   * and fetch, which update the same row.
   */
  async function deleteOwnJob(executor: PgBoss.Db, job: PgBoss.JobWithMetadata<object>) {
    const { rows } = await executor.executeSql(
      `delete from ${JOB_TABLE} where name = $1 and id = $2 and state = 'active' and retry_count = $3 returning id`,
      [job.name, job.id, job.retryCount],
    );
    return rows.length === 1;
  }

  /**
   * A task: work whose e-mail is decided by a worker, not by the request that asks for it (a
   * password reset looks its account up there, so the request does the same for every address).
   * Each is a job on the task's own queue, with the mail's retries. `handle` runs in one
   * transaction that also deletes the job, only if it is still this run's (active, same attempt):
   * the rows it writes and the messages it queues are committed with that delete, or rolled back
   * when the job was expired and fetched again meanwhile, so a task sends nothing twice. A task
   * done is deleted, not archived, and a failed one is dropped within minutes
   * (FINISHED_JOB_SECONDS): its data (an address someone typed) is not kept once handled.
   * Returns the function that queues one; the job is committed when it resolves.
   */
  async function task<T extends object>(
    name: string,
    handle: (data: T, tx: MailTransaction) => Promise<void>,
  ): Promise<(data: T) => Promise<void>> {
    await createQueue(name);
    taskQueues.push(name);
    const worker = startWorker<T>(name, async (job) => {
      const done = await inTransaction(async (open) => {
        await handle(job.data, transactionOf(open));
        if (await deleteOwnJob(open.executor, job)) return true;
        throw takenOver;
      }).catch((error: unknown) => {
        if (error === takenOver) return false;
        throw error;
      });
      // Not failed: the job is another run's now, and failing it would undo that run.
      if (!done)
        log.warn(`${name} job ${job.id} expired meanwhile (retried or failed): this run undone`);
    });
    return async (data) => {
      await boss.send(name, data, sendOptions);
      worker.wake();
    };
  }

  /** Whether a task or a message waits. Tasks first: a task's mail is committed as it ends. */
  async function busy(): Promise<boolean> {
    for (const name of taskQueues) {
      if ((await boss.getQueueSize(name, { before: "completed" })) > 0) return true;
    }
    return (await mail.backlog()).queued > 0;
  }

  return {
    transaction,
    task,
    /** A message with no row of its own to go with. */
    send: (message: QueuedMessage) => transaction((tx) => tx.queue(message)),

    /** Queues a failed message again (staff's Retry); false if it is not failed. */
    async retry(id: string): Promise<boolean> {
      return inTransaction(async (open) => {
        if (!(await createOutgoingMailRepository(open.db).requeue(id))) return false;
        await boss.send(MAIL_QUEUE, { mailId: id } satisfies JobData, {
          ...sendOptions,
          db: open.executor,
        });
        open.queued += 1;
        return true;
      });
    },

    /**
     * Resolves once no task and no message waits, so every e-mail asked for so far is sent
     * (tests; a clean stop); rejects after `timeoutMs`.
     */
    async idle(timeoutMs = 10_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (await busy()) {
        if (Date.now() > deadline) throw new Error(`mail still queued after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },

    backlog: () => mail.backlog(),

    /** Stops fetching and lets a send or task under way finish (SMTP's own timeouts bound it). */
    async stop(): Promise<void> {
      await Promise.all(workers.map((worker) => worker.stop()));
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    },
  };
}
