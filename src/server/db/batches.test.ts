import { describe, expect, it } from "vitest";
import { inBatches } from "./batches";

describe("inBatches", () => {
  it("runs the step until one changes fewer rows than a batch, and adds up what they changed", async () => {
    let due = 2_500;
    const limits: number[] = [];
    const total = await inBatches(async (limit) => {
      limits.push(limit);
      const changed = Math.min(limit, due);
      due -= changed;
      return changed;
    }, 1_000);
    expect(total).toBe(2_500);
    expect(limits).toEqual([1_000, 1_000, 1_000]);
  });

  it("asks once more when the last batch was exactly full, and stops at nothing left", async () => {
    let due = 2_000;
    let steps = 0;
    const total = await inBatches(async (limit) => {
      steps += 1;
      const changed = Math.min(limit, due);
      due -= changed;
      return changed;
    }, 1_000);
    expect(total).toBe(2_000);
    expect(steps).toBe(3);
  });
});
