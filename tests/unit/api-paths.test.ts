import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { allContracts } from "#domain/api/all";

/**
 * An API path is written once, in its contract under src/domain/api. Product code builds URLs
 * from contracts (`buildUrl`, `request`, `route`), so no other source file spells one out.
 * Comments may name paths; the benchmark's baseline route, which exists only under
 * BENCH_BASELINE and is no part of the API, is the one exception.
 */
const root = path.resolve(import.meta.dirname, "../..");
const exceptions = new Set(["/api/bench/baseline"]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory())
      return name === "+types" || (name === "api" && dir.endsWith("domain")) ? [] : sources(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The file without its comments (line comments and block comment lines). */
function code(text: string): string {
  return text
    .split("\n")
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .map((line) => line.replace(/\s\/\/.*$/, ""))
    .join("\n");
}

describe("API paths", () => {
  const files = sources(path.join(root, "src"));

  it("reads the product's source files", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.includes("src/domain/api/"))).toBe(false);
  });

  it("are spelled out only in their contracts", () => {
    const found = files.flatMap((file) =>
      [...code(readFileSync(file, "utf8")).matchAll(/["'`](\/api\/[^"'`\s]*)/g)]
        .map((m) => m[1]!)
        .filter((p) => !exceptions.has(p))
        .map((p) => `${path.relative(root, file)}: ${p}`),
    );
    expect(found).toEqual([]);
  });
});

/**
 * Tests reach valid endpoints through their contracts too (`call`, `urlOf`, `buildUrl`). A test
 * may spell out a URL that no contract serves (an unknown path, a route it registers itself), or
 * one it sends malformed or hostile on purpose, marked so within the lines above it.
 */
describe("API paths in tests", () => {
  const routes = allContracts.map(
    (c) =>
      new RegExp(
        `^${c.path
          .replace(/[.?+]/g, "\\$&")
          .replace(/:[A-Za-z0-9_]+/g, "[^/]+")
          .replace(/\*$/, ".*")}$`,
      ),
  );
  /** Log redaction is tested on URLs as text: no request is made with them. */
  const asText = new Set(["src/server/http/log-redaction.test.ts"]);

  function testFiles(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return name === "+types" ? [] : testFiles(full);
      return /\.(test|spec)\.tsx?$/.test(name) || (full.includes("/tests/") && /\.tsx?$/.test(name))
        ? [full]
        : [];
    });
  }

  it("are not spelled out for a valid endpoint, unless hostile on purpose", () => {
    const files = [...testFiles(path.join(root, "src")), ...testFiles(path.join(root, "tests"))];
    const found = files
      .filter((file) => !asText.has(path.relative(root, file)))
      .flatMap((file) => {
        const lines = readFileSync(file, "utf8").split("\n");
        return lines.flatMap((line, index) =>
          [...line.matchAll(/["'`](\/api\/[^"'`\s?]*)/g)]
            .map((m) => m[1]!.replace(/\$\{[^}]*\}/g, "x"))
            .filter((url) => routes.some((r) => r.test(url)))
            .filter(
              () =>
                !lines
                  .slice(Math.max(0, index - 12), index + 1)
                  .some((l) => /hostile on purpose/.test(l)),
            )
            .map((url) => `${path.relative(root, file)}:${index + 1}: ${url}`),
        );
      });
    expect(found).toEqual([]);
  });
});
