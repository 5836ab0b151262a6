/**
 * Runs `task` now and then every `intervalMs`, one run at a time, never keeping the process
 * alive. The task reports its own outcome (it must not throw). `stop()` cancels the next run and
 * waits for one under way.
 */
export function runPeriodically(
  task: () => Promise<void>,
  intervalMs: number,
): { stop: () => Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(task);
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

/** A purge of rows past their time: its name in the log, and the work (answers rows removed). */
export type Purge = { name: string; run: () => Promise<number> };

const DAY_MS = 24 * 3_600_000;

/**
 * The purges at start and then once a day, never keeping the process alive. With several
 * instances each purges; the second finds nothing left to remove. A failed purge is logged and
 * tried again the next day; the others still run.
 */
export function scheduleDailyPurges(
  purges: readonly Purge[],
  log: { info: (line: string) => void; error: (line: string) => void },
  intervalMs = DAY_MS,
): { stop: () => Promise<void> } {
  return runPeriodically(async () => {
    for (const purge of purges) {
      try {
        const removed = await purge.run();
        if (removed > 0) log.info(`${purge.name}: ${removed} removed`);
      } catch (error) {
        log.error(`${purge.name}: purge failed: ${(error as Error).message}`);
      }
    }
  }, intervalMs);
}
