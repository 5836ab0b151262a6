/**
 * The stop-under-traffic proof, on its own: `npx tsx scripts/stop-under-traffic.ts [runs]`
 * (20 by default) after `npm run build`. Two instances behind nginx, a stream of reads and unit
 * creations, SIGTERM to one instance mid-burst, each run; see tests/support/stop-under-traffic.ts.
 * Exits 1 if any run lost a request or a write.
 */
import { passed, stopUnderTraffic } from "#tests/support/stop-under-traffic";

const runs = Number(process.argv[2] ?? 20);
const results = await stopUnderTraffic({ runs, log: (line) => console.log(line) });
const good = results.filter(passed).length;
console.log(`${good} of ${results.length} runs lost nothing.`);
process.exit(good === results.length ? 0 : 1);
