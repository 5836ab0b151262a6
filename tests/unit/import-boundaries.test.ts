import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The project's one-way imports, checked over the real import graph:
 * - src/domain is isomorphic: it imports neither the server, the web app nor Node built-ins;
 * - the web app imports the server only for types (erased from the browser bundle);
 * - in the web app, components/ui and lib import no feature, and no feature imports another.
 */
const root = path.resolve(import.meta.dirname, "../..");
const src = path.join(root, "src");

type Edge = { from: string; to: string; typeOnly: boolean; specifier: string };

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "+types" ? [] : files(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const importPattern =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'"]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** The package.json "imports" aliases (`#domain/*`, `#server/*`, ...), read from package.json itself. */
const aliases = Object.entries(
  (
    JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      imports: Record<string, string>;
    }
  ).imports,
).map(([pattern, target]) => [pattern.replace(/\*$/, ""), target.replace(/\*$/, "")] as const);

function resolveAlias(specifier: string): string {
  for (const [prefix, target] of aliases) {
    if (specifier.startsWith(prefix))
      return path.join(root, target, specifier.slice(prefix.length));
  }
  return specifier;
}

function edges(): Edge[] {
  return files(src).flatMap((file) => {
    const text = readFileSync(file, "utf8");
    return [...text.matchAll(importPattern)].map((m) => {
      const specifier = (m[3] ?? m[4])!;
      const to = specifier.startsWith(".")
        ? path.resolve(path.dirname(file), specifier)
        : resolveAlias(specifier);
      return {
        from: path.relative(root, file),
        to: to.startsWith(root) ? path.relative(root, to) : to,
        typeOnly: Boolean(m[2]),
        specifier,
      };
    });
  });
}

const all = edges();
const show = (list: Edge[]) => list.map((e) => `${e.from} -> ${e.specifier}`);

describe("import boundaries", () => {
  it("finds the imports it checks", () => {
    expect(all.length).toBeGreaterThan(50);
  });

  it("keeps src/domain free of server, web and Node code", () => {
    const bad = all.filter(
      (e) =>
        e.from.startsWith("src/domain/") &&
        (e.to.startsWith("src/server") || e.to.startsWith("src/web") || e.to.startsWith("node:")),
    );
    expect(show(bad)).toEqual([]);
  });

  it("lets the web app import the server for types only", () => {
    const bad = all.filter(
      (e) => e.from.startsWith("src/web/") && e.to.startsWith("src/server") && !e.typeOnly,
    );
    expect(show(bad)).toEqual([]);
  });

  it("keeps web components/ui and lib free of features, and features apart", () => {
    const featureOf = (p: string) => /^src\/web\/features\/([^/]+)/.exec(p)?.[1];
    const bad = all.filter((e) => {
      const target = featureOf(e.to);
      if (!target) return false;
      if (e.from.startsWith("src/web/components/ui/") || e.from.startsWith("src/web/lib/"))
        return true;
      const source = featureOf(e.from);
      return source !== undefined && source !== target;
    });
    expect(show(bad)).toEqual([]);
  });

  it("reads imports as places: none in src/ or tests/ climbs more than two folders", () => {
    const everything = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) return name === "+types" ? [] : everything(full);
        return /\.(ts|tsx)$/.test(name) ? [full] : [];
      });
    const ladders = [...everything(src), ...everything(path.join(root, "tests"))].flatMap((file) =>
      [
        ...readFileSync(file, "utf8").matchAll(
          /(?:from\s+|import\(\s*|vi\.mock\(\s*)["'](\.\.\/){3,}/g,
        ),
      ].map(() => path.relative(root, file)),
    );
    expect(ladders).toEqual([]);
  });

  // A server module's index.ts is its public face (what other modules may use), not a barrel.
  it("has no barrel files that only re-export, beside a server module's index", () => {
    const barrels = files(src).filter((file) => {
      if (!/\/index\.tsx?$/.test(file)) return false;
      if (/src\/server\/modules\/[^/]+\/index\.ts$/.test(file)) return false;
      const lines = readFileSync(file, "utf8")
        .split("\n")
        .filter((l) => l.trim() && !l.trim().startsWith("//"));
      return lines.every((l) => /^\s*export\s.*from\s/.test(l));
    });
    expect(barrels).toEqual([]);
  });
});
