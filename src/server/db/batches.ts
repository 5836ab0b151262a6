/**
 * Rows a purge changes per statement: however many are due (200,000 audit events after a busy
 * year), each statement's locks, cascade, WAL and memory stay small, the table's other writers
 * wait for none of them long, and nothing is read back into the process.
 */
export const PURGE_BATCH = 1_000;

/**
 * Runs `step` (one statement that changes at most `limit` rows, answering how many it changed)
 * until a step changes fewer than a batch; answers the total.
 */
export async function inBatches(
  step: (limit: number) => Promise<number>,
  batch = PURGE_BATCH,
): Promise<number> {
  let total = 0;
  for (;;) {
    const changed = await step(batch);
    total += changed;
    if (changed < batch) return total;
  }
}
