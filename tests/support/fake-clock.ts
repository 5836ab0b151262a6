import { act } from "@testing-library/react";
import { vi } from "vitest";

/**
 * Fakes the clock only (setTimeout and Date): MSW answers through real promises and macrotasks,
 * which keep running, while the code's timers wait for `advance`.
 */
export function fakeClock() {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
}

/**
 * Moves the clock on by `ms`, then lets the API answer and what follows settle (MSW's real
 * macrotasks, the query library's zero-delay timers), inside act so React applies the updates.
 */
export async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    for (let round = 0; round < 5; round += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(0);
    }
  });
}
