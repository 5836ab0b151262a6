import PgBoss from "pg-boss";
import { type Database, type Db, dbOn, LOCKS, withAdvisoryLock } from "#server/db/client";
import { executorOf } from "./mail-queue.repository";
import { type QueueWorker, startQueueWorker } from "./queue-worker";

/**
 * The mail queue's pg-boss: one instance per app, its queues (a job per message, a queue per
 * task), their workers, and transactions whose jobs commit with the rows written in them. Each
 * job is fetched by one worker at a time (SKIP LOCKED), so several instances run it once; a job
 * a stopped or killed instance held is retried once it expires.
 */

export type Log = {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
};

export type JobQueueOptions = {
  /** Tries after the first; then the job is failed. */
  retryLimit: number;
  /** The first retry waits about this long; each later one about twice the one before. */
  retryDelaySeconds: number;
  /** How often an idle worker looks for jobs sent by other instances. */
  pollingIntervalSeconds?: number;
};

/** What the queue's functions share: made once by startJobQueue. */
export type JobQueue = {
  database: Database;
  boss: PgBoss;
  log: Log;
  /** pg-boss's retries and expiry, the same for every job sent here. */
  sendOptions: PgBoss.SendOptions;
  pollMs: number;
  /** The running workers, by queue name. */
  workers: Map<string, QueueWorker>;
};

/** A transaction under way on one client: its rows, its jobs, and the queues it sent jobs to. */
export type OpenTransaction = { db: Db; executor: PgBoss.Db; sentTo: Set<string> };

/** A job's failure its run has described in full: logged as it is. */
export class JobFailed extends Error {}

/** A job may be held this long before it counts as lost (a killed instance) and is retried. */
const JOB_EXPIRY_SECONDS = 120;
/**
 * How long a finished job is kept: a failed one in the job table, then any in the archive.
 * pg-boss 10 sets these for every queue (a queue's own retention only bounds how long a job may
 * wait unstarted), and a failed task's data is an address someone typed, so they are short; no
 * code here reads a finished job (staff's Retry queues a new one).
 */
const FINISHED_JOB_SECONDS = 60;

export async function startJobQueue(deps: {
  database: Database;
  log: Log;
  options: JobQueueOptions;
}): Promise<JobQueue> {
  const { database, log, options } = deps;
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
  return {
    database,
    boss,
    log,
    sendOptions: {
      retryLimit: options.retryLimit,
      retryDelay: options.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: JOB_EXPIRY_SECONDS,
    },
    pollMs: (options.pollingIntervalSeconds ?? 2) * 1000,
    workers: new Map(),
  };
}

/**
 * pg-boss creates a queue (its row, then a table for its jobs with foreign keys to the queue
 * table) with no lock of its own: instances starting at once on a new database deadlock, each
 * holding a lock on the queue table that the other's new foreign key waits for. They take turns
 * here; the later one finds the queue and does nothing.
 */
export async function createJobQueue(queue: JobQueue, name: string): Promise<void> {
  await withAdvisoryLock(queue.database, LOCKS.jobQueues, () =>
    queue.boss.createQueue(name, { name, ...queue.sendOptions }),
  );
}

/** Starts the worker of the queue `name`; a job whose `run` throws is failed and logged. */
export function startWorker<T extends object>(
  queue: JobQueue,
  name: string,
  run: (job: PgBoss.JobWithMetadata<T>) => Promise<void>,
): QueueWorker {
  const { boss, pollMs, log } = queue;
  const failed = (_job: unknown, error: Error) => {
    log.warn(error instanceof JobFailed ? error.message : `${name} job failed: ${error.message}`);
  };
  const worker = startQueueWorker<T>({ boss, queue: name, pollMs, log, run, failed });
  queue.workers.set(name, worker);
  return worker;
}

/** One transaction on one client; once committed, the workers of its jobs are woken. */
export async function inTransaction<T>(
  queue: JobQueue,
  work: (open: OpenTransaction) => Promise<T>,
): Promise<T> {
  const client = await queue.database.pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("begin");
    const open: OpenTransaction = {
      db: dbOn(client),
      executor: executorOf(client),
      sentTo: new Set(),
    };
    const result = await work(open);
    await client.query("commit");
    for (const name of open.sentTo) queue.workers.get(name)?.wake();
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

/** Stops fetching and lets a job under way finish (SMTP's own timeouts bound a send). */
export async function stopJobQueue(queue: JobQueue): Promise<void> {
  await Promise.all([...queue.workers.values()].map((worker) => worker.stop()));
  await queue.boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
}
