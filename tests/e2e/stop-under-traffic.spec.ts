import { passed, stopUnderTraffic } from "#tests/support/stop-under-traffic";
import { expect, test } from "./support/navigation";

/**
 * Stopping one of two instances behind nginx while reads and creations stream through it loses
 * nothing: three runs here (`npx tsx scripts/stop-under-traffic.ts 20` runs twenty). Needs
 * Debian's nginx, which .ci/run installs.
 */
test("SIGTERM to an instance under traffic: no failed request, every acknowledged write stored", async () => {
  test.setTimeout(240_000);
  const results = await stopUnderTraffic({ runs: 3, log: (line) => console.log(line) });
  expect(results.filter((r) => !passed(r))).toEqual([]);
});
