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
