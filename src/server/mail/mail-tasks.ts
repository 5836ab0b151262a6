import { createJobQueue, inTransaction, startWorker } from "./job-queue";
import { type MailContext, type MailTransaction, transactionOf } from "./mail-delivery";
import { deleteOwnJob } from "./mail-queue.repository";

/** Thrown to roll a task's transaction back when its job is no longer this run's. */
const takenOver = new Error("task job taken over");

/**
 * A task: work whose e-mail is decided by a worker, not by the request that asks for it (a
 * password reset looks its account up there, so the request does the same for every address).
 * Each is a job on the task's own queue, with the mail's retries. `handle` runs in one
 * transaction that also deletes the job, only if it is still this run's (active, same attempt):
 * the rows it writes and the messages it queues are committed with that delete, or rolled back
 * when the job was expired and fetched again meanwhile, so a task sends nothing twice. A task
 * done is deleted, not archived, and a failed one is dropped within minutes (job-queue.ts's
 * FINISHED_JOB_SECONDS): its data (an address someone typed) is not kept once handled.
 * Returns the function that queues one; the job is committed when it resolves.
 */
export async function registerTask<T extends object>(
  mail: MailContext,
  name: string,
  handle: (data: T, tx: MailTransaction) => Promise<void>,
): Promise<(data: T) => Promise<void>> {
  await createJobQueue(mail, name);
  mail.taskQueues.push(name);
  const worker = startWorker<T>(mail, name, async (job) => {
    const done = await inTransaction(mail, async (open) => {
      await handle(job.data, transactionOf(mail, open));
      if (await deleteOwnJob(open.executor, job)) return true;
      throw takenOver;
    }).catch((error: unknown) => {
      if (error === takenOver) return false;
      throw error;
    });
    // Not failed: the job is another run's now, and failing it would undo that run.
    if (!done)
      mail.log.warn(`${name} job ${job.id} expired meanwhile (retried or failed): this run undone`);
  });
  return async (data) => {
    await mail.boss.send(name, data, mail.sendOptions);
    worker.wake();
  };
}
