#!/usr/bin/env node
// `npm audit --omit=dev` for CI: fails on any high or critical advisory in what production installs.
// When the registry's audit endpoint cannot be reached (an offline mirror answers 405 to its POST),
// there is nothing to judge: that is said loudly and the run goes on, since failing would block
// every change for a reason no change can fix.
import { spawnSync } from "node:child_process";

const result = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8" });
let report;
try {
  report = JSON.parse(result.stdout);
} catch {
  console.error(`audit: npm audit gave no report (exit ${result.status}):\n${result.stderr}`);
  process.exit(1);
}

if (report.statusCode || (report.error && !report.metadata)) {
  const why = report.message ?? report.error?.summary ?? "unknown error";
  console.warn(`audit: NOT RUN - the registry's audit endpoint is unavailable here (${why}).`);
  process.exit(0);
}

const counts = report.metadata?.vulnerabilities ?? {};
const serious = Object.values(report.vulnerabilities ?? {}).filter((v) =>
  ["high", "critical"].includes(v.severity),
);
console.log(
  `audit: production dependencies: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ` +
    `${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low.`,
);
if (serious.length > 0) {
  for (const v of serious) {
    const via = v.via.map((item) => (typeof item === "string" ? item : item.title)).join("; ");
    console.error(`audit: ${v.severity}: ${v.name} ${v.range} - ${via}`);
  }
  process.exit(1);
}
