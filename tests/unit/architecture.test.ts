import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

/**
 * The architecture's rules (.dependency-cruiser.cjs) hold on the real tree, and each of them
 * still fires: a small tree under architecture-fixtures/ breaks every rule once, on purpose.
 */
const root = path.resolve(import.meta.dirname, "../..");
const config = path.join(root, ".dependency-cruiser.cjs");
const cli = path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
const ruleNames = (
  createRequire(import.meta.url)(config) as { forbidden: { name: string }[] }
).forbidden.map((rule) => rule.name);

type Violation = { from: string; to: string; rule: { name: string } };

async function violations(cwd: string, targets: string[]): Promise<Violation[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [cli, ...targets, "--config", config, "--output-type", "json"],
    // The JSON names every module the cruise saw: megabytes for the real tree.
    { cwd, maxBuffer: 256 * 1024 * 1024 },
  ).catch((error: { stdout?: string }) => {
    // The CLI exits non-zero when it finds violations; its report is on stdout all the same.
    if (error.stdout) return { stdout: error.stdout };
    throw error;
  });
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

const show = (list: Violation[]) => list.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);

describe("architecture rules", () => {
  it("hold on src and tests", { timeout: 240_000 }, async () => {
    expect(show(await violations(root, ["src", "tests"]))).toEqual([]);
  });

  it("each fire on a tree that breaks them on purpose", { timeout: 60_000 }, async () => {
    const found = await violations(path.join(import.meta.dirname, "architecture-fixtures"), [
      "src",
    ]);
    expect(new Set(found.map((v) => v.rule.name))).toEqual(new Set(ruleNames));
    // Nothing the fixtures mark as allowed is refused.
    const allowed = ["alpha.repository.ts", "modules/alpha/index.ts"];
    expect(found.filter((v) => allowed.some((name) => v.to.endsWith(name)))).toEqual([]);
  });
});
