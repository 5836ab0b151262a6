import type PgBoss from "pg-boss";

export type QueueWorker = {
  /** A commit queued a job here: fetch now rather than after the polling interval. */
  wake(): void;
  /** Stops fetching; resolves once the job under way, if any, is done. */
  stop(): Promise<void>;
};

/**
 * A worker over one pg-boss queue: fetch a job, run it (which marks it done), or else mark it
 * failed (pg-boss schedules the next try of a failed one with backoff, or keeps it failed after
 * the last). Each step is awaited, so a database that goes away mid-job is an error here, logged,
 * never an unhandled rejection; the job is then retried once it expires. While jobs wait it
 * fetches again at once; otherwise it sleeps a polling interval, or until a commit wakes it. A
 * wake that comes while it is fetching skips the next sleep: that fetch may have run before the
 * commit, and the job must not wait a polling interval for nothing.
 */
export function startQueueWorker<T extends object>(deps: {
  boss: PgBoss;
  queue: string;
  pollMs: number;
  log: { warn(message: string): void };
  run: (job: PgBoss.JobWithMetadata<T>) => Promise<void>;
  /**
   * Called once a failed job is recorded as failed (so its next try is scheduled): what is
   * reported here is what a restart finds, never a try still under way.
   */
  failed?: (job: PgBoss.JobWithMetadata<T>, error: Error) => void;
}): QueueWorker {
  const { boss, queue, pollMs, log, run, failed } = deps;
  let stopping = false;
  let woken = false;
  let interrupt = () => {};
  const sleep = () =>
    new Promise<void>((resolve) => {
      if (woken || stopping) return resolve();
      const timer = setTimeout(resolve, pollMs);
      interrupt = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = (async () => {
    while (!stopping) {
      woken = false;
      let job: PgBoss.JobWithMetadata<T> | undefined;
      try {
        [job] = await boss.fetch<T>(queue, { batchSize: 1, includeMetadata: true });
      } catch (error) {
        log.warn(`${queue} queue: cannot fetch: ${(error as Error).message}`);
      }
      if (!job) {
        await sleep();
        continue;
      }
      try {
        await run(job);
      } catch (error) {
        try {
          await boss.fail(queue, job.id, { message: (error as Error).message });
          failed?.(job, error as Error);
        } catch (failError) {
          // Neither lost: why the job failed, and why that could not be recorded.
          log.warn(
            `${queue} queue: job ${job.id} failed (${(error as Error).message}) and was not marked failed: ${(failError as Error).message}`,
          );
        }
      }
    }
  })();

  const wake = () => {
    woken = true;
    interrupt();
  };
  return {
    wake,
    async stop() {
      stopping = true;
      wake();
      await loop;
    },
  };
}
