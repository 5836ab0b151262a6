import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import PgBoss from "pg-boss";
import type { Database, Db } from "#server/db/client";
import * as schema from "#server/db/schema";
import type { Mailer, MailMessage } from "./mailer";
import { createOutgoingMailRepository } from "./outgoing-mail.repository";
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
 */

export const MAIL_QUEUE = "outgoing-mail";

/** What the message is; staff read it in the list of outgoing mail. */
export type MailKind =
  | "inquiry_notice"
  | "verification_code"
  | "password_reset"
  | "document_request";

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

type JobData = { mailId: string };
type SealedBody = { text: string; html?: string; replyTo?: string };

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
  });
  // Without a listener an emitted error would end the process; a database outage is logged.
  boss.on("error", (error) => log.warn(`mail queue: ${(error as Error).message}`));
  await boss.start();
  await boss.createQueue(MAIL_QUEUE, { name: MAIL_QUEUE, ...sendOptions });

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
      log.warn(
        `mail ${row.id} (${row.kind}) not sent, try ${job.retryCount + 1} of ${job.retryLimit + 1}${final ? ", marked failed" : ""}: ${reason}`,
      );
      // pg-boss schedules the next try (or, after the last, keeps the job as failed).
      throw error;
    }
    await mail.markSent(row.id);
  }

  /**
   * The worker: fetch a job, deliver it, then mark it done or failed (pg-boss schedules the
   * next try of a failed one with backoff, or keeps it failed after the last). Each step is
   * awaited, so a database that goes away mid-job is an error here, logged, never an unhandled
   * rejection; the job is then retried once it expires. While jobs wait it fetches again at once;
   * otherwise it sleeps a polling interval, or until a commit here wakes it.
   */
  const pollMs = (options.pollingIntervalSeconds ?? 2) * 1000;
  let stopping = false;
  let wake = () => {};
  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, pollMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const worker = (async () => {
    while (!stopping) {
      let job: PgBoss.JobWithMetadata<JobData> | undefined;
      try {
        [job] = await boss.fetch<JobData>(MAIL_QUEUE, { batchSize: 1, includeMetadata: true });
      } catch (error) {
        log.warn(`mail queue: cannot fetch: ${(error as Error).message}`);
      }
      if (!job) {
        await sleep();
        continue;
      }
      try {
        await deliver(job);
        await boss.complete(MAIL_QUEUE, job.id);
      } catch (error) {
        await boss
          .fail(MAIL_QUEUE, job.id, { message: (error as Error).message })
          .catch((failError: Error) =>
            log.warn(`mail queue: job ${job.id} not marked failed: ${failError.message}`),
          );
      }
    }
  })();

  async function enqueue(db: Db, executor: PgBoss.Db, message: QueuedMessage) {
    const body: SealedBody = {
      text: message.text,
      ...(message.html === undefined ? {} : { html: message.html }),
      ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
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
      if (open.queued > 0) wake();
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

  /**
   * Runs `work` in one transaction: the rows it writes through `tx.db` and the messages it
   * queues through `tx.queue` are committed together, or not at all.
   */
  function transaction<T>(work: (tx: MailTransaction) => Promise<T>): Promise<T> {
    return inTransaction((open) =>
      work({
        db: open.db,
        queue: async (message) => {
          await enqueue(open.db, open.executor, message);
          open.queued += 1;
        },
      }),
    );
  }

  return {
    transaction,
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

    /** Resolves once nothing is queued (tests; a clean stop); rejects after `timeoutMs`. */
    async idle(timeoutMs = 10_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while ((await mail.backlog()).queued > 0) {
        if (Date.now() > deadline) throw new Error(`mail still queued after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },

    backlog: () => mail.backlog(),

    /** Stops fetching and lets a send under way finish (SMTP's own timeouts bound it). */
    async stop(): Promise<void> {
      stopping = true;
      wake();
      await worker;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    },
  };
}
