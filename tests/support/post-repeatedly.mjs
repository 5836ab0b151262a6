// A client in its own process (so the server's event loop cannot pace it): POSTs the file at
// argv[3] to argv[2], argv[4] times in a row with Node's fetch, with the headers in argv[5]
// (JSON), and prints {counts: {status: n}, failures: [first three errors]} as JSON. A request
// that ends in a network error (EPIPE, a reset) counts under status 0.
import { readFile } from "node:fs/promises";

const [url, file, tries, headersJson] = process.argv.slice(2);
const body = await readFile(file);
const headers = JSON.parse(headersJson ?? "{}");
const counts = {};
const failures = [];
for (let i = 0; i < Number(tries); i++) {
  let status = 0;
  try {
    const response = await fetch(url, { method: "POST", headers, body });
    await response.arrayBuffer();
    status = response.status;
  } catch (error) {
    if (failures.length < 3)
      failures.push(`${error.message} (${error.cause?.code ?? error.cause?.message})`);
  }
  counts[status] = (counts[status] ?? 0) + 1;
}
process.stdout.write(JSON.stringify({ counts, failures }));
