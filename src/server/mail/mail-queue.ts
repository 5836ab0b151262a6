import type { Database } from "#server/db/client";
import {
  createJobQueue,
  inTransaction,
  type JobQueueOptions,
  type Log,
  startJobQueue,
  stopJobQueue,
} from "./job-queue";
import {
  MAIL_QUEUE,
  type MailContext,
  type MailTransaction,
  type QueuedMessage,
  sendMailJob,
  startMailWorker,
  transactionOf,
} from "./mail-delivery";
import { registerTask } from "./mail-tasks";
import type { Mailer } from "./mailer";
import { createOutgoingMailRepository, type MailBacklog } from "./outgoing-mail.repository";
import { createSealer } from "./sealed";

/**
 * Durable e-mail. A message is queued in PostgreSQL in the same transaction as the row it
 * belongs to (the inquiry, the reset code, the document request): both are stored, or neither.
 * A worker then delivers it through the mailer (SMTP or the outbox), retrying with exponential
 * backoff while the SMTP server is down; after the last try the message is marked failed and
 * staff see it, with the reason, under "Outgoing mail", where Retry queues it again.
 *
 * The queue is pg-boss (job-queue.ts: a job per message, in the `pgboss` schema of the same
 * database), so several instances deliver a message once. The `outgoing_mail` row is what staff
 * see and what makes delivery idempotent (mail-delivery.ts).
 *
 * A task (`task()`, mail-tasks.ts) is a job on a queue of its own whose worker decides what to
 * e-mail, for work the request must not do itself; `idle()` waits for tasks too.
 */

export {
  MAIL_QUEUE,
  type MailKind,
  type MailTransaction,
  type QueuedMessage,
} from "./mail-delivery";

export type MailQueueOptions = JobQueueOptions;

export type MailQueue = {
  /**
   * Runs `work` in one transaction: the rows it writes through `tx.db` and the messages it
   * queues through `tx.queue` are committed together, or not at all.
   */
  transaction<T>(work: (tx: MailTransaction) => Promise<T>): Promise<T>;
  /** Makes a task's queue and worker (mail-tasks.ts); answers the function that queues one. */
  task<T extends object>(
    name: string,
    handle: (data: T, tx: MailTransaction) => Promise<void>,
  ): Promise<(data: T) => Promise<void>>;
  /** A message with no row of its own to go with. */
  send(message: QueuedMessage): Promise<void>;
  /** Queues a failed message again (staff's Retry); false if it is not failed. */
  retry(id: string): Promise<boolean>;
  /**
   * Resolves once no task and no message waits, so every e-mail asked for so far is sent
   * (tests; a clean stop); rejects after `timeoutMs`.
   */
  idle(timeoutMs?: number): Promise<void>;
  /** How many messages wait and failed, and since when the oldest waits (metrics). */
  backlog(): Promise<MailBacklog>;
  /** Stops fetching and lets a send or task under way finish (SMTP's own timeouts bound it). */
  stop(): Promise<void>;
};

export async function createMailQueue(deps: {
  database: Database;
  mailer: Mailer;
  secret: Uint8Array;
  log: Log;
  options: MailQueueOptions;
}): Promise<MailQueue> {
  const mail: MailContext = {
    ...(await startJobQueue(deps)),
    mailer: deps.mailer,
    sealer: createSealer(deps.secret, "rentals:outgoing-mail"),
    taskQueues: [],
  };
  await createJobQueue(mail, MAIL_QUEUE);
  startMailWorker(mail);
  return {
    transaction: (work) => transaction(mail, work),
    task: (name, handle) => registerTask(mail, name, handle),
    send: (message) => transaction(mail, (tx) => tx.queue(message)),
    retry: (id) => retry(mail, id),
    idle: (timeoutMs) => idle(mail, timeoutMs),
    backlog: () => createOutgoingMailRepository(deps.database.db).backlog(),
    stop: () => stopJobQueue(mail),
  };
}

function transaction<T>(mail: MailContext, work: (tx: MailTransaction) => Promise<T>) {
  return inTransaction(mail, (open) => work(transactionOf(mail, open)));
}

function retry(mail: MailContext, id: string): Promise<boolean> {
  return inTransaction(mail, async (open) => {
    if (!(await createOutgoingMailRepository(open.db).requeue(id))) return false;
    await sendMailJob(mail, open, id);
    return true;
  });
}

/** Whether a task or a message waits. Tasks first: a task's mail is committed as it ends. */
async function busy(mail: MailContext): Promise<boolean> {
  for (const name of mail.taskQueues) {
    if ((await mail.boss.getQueueSize(name, { before: "completed" })) > 0) return true;
  }
  return (await createOutgoingMailRepository(mail.database.db).backlog()).queued > 0;
}

async function idle(mail: MailContext, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (await busy(mail)) {
    if (Date.now() > deadline) throw new Error(`mail still queued after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
