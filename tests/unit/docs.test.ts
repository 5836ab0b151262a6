import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The docs stay true: every repository path, import place and npm script that README.md or a page
 * under docs/ names exists, and the configuration page names every variable config.ts reads.
 *
 * What counts as a path (nothing else is read, so prose and URLs never fail the test):
 * - a word inside code (`inline` or a fenced block) that starts with a top folder of the
 *   repository (`src/`, `tests/`, ...), `.ci/`, or is a root file such as `package.json`;
 *   `<name>` and `*` stand for any name within one folder, `**` for any depth, `{a,b}` for each
 *   of its choices; a trailing `/` must be a folder;
 * - a word inside code that is an import place (`#server/http/route`), found as its file;
 * - the target of a relative link (Markdown's, or an HTML `src` or `href`), from the page that
 *   holds it, and its `#anchor`, which must be a heading of the page it names.
 * Words with `...` are elisions, and folders .gitignore names are made at run time: neither is
 * checked.
 */
const root = path.resolve(import.meta.dirname, "../..");

const TOP_FOLDERS = ["src", "tests", "docs", "scripts", "bench", "public", ".ci"];
const ROOT_FILE =
  /^(package(-lock)?\.json|tsconfig\.json|biome\.json|[\w-]+\.config\.[cm]?[jt]s|\.[\w-]+\.c?js)$/;
const ALIASES: Record<string, string> = {
  "#domain/": "src/domain/",
  "#server/": "src/server/",
  "#web/": "src/web/",
  "#tests/": "tests/",
};
/** Folders git ignores (`bench/.tools/`): made at run time, absent from a fresh clone. */
const IGNORED = readFileSync(path.join(root, ".gitignore"), "utf8")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line.endsWith("/") && !/[*?[]/.test(line));
const IMPORT_ENDINGS = ["", ".ts", ".tsx", "/index.ts"];

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return markdownFiles(full);
    return name.endsWith(".md") ? [full] : [];
  });
}

const FENCE = /^(`{3,}|~{3,})[^\n]*\n([\s\S]*?)^\1\s*$/gm;
const INLINE = /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g;

/** The code of a page: its fenced blocks and its inline spans. */
function codeOf(markdown: string): string[] {
  const fences = [...markdown.matchAll(FENCE)].map((fence) => fence[2]!);
  const inline = [...markdown.replace(FENCE, "\n").matchAll(INLINE)].map((m) => m[2]!);
  return [...fences, ...inline];
}

/** A page without its code: where links and headings are. */
const proseOf = (markdown: string) => markdown.replace(FENCE, "\n").replace(INLINE, "");

/** The words of code that name a path in the repository. */
function pathsIn(code: string): string[] {
  return code
    .split(/\s+/)
    .filter((word) => !word.includes("...") && !word.includes("://"))
    .map((word) =>
      word
        .replace(/^[("'[]+/, "")
        .replace(/[)"'\],;:.]+$/, "")
        .replace(/:\d+$/, "")
        .replace(/^\.\//, ""),
    )
    .filter((word) => {
      if (IGNORED.some((folder) => word.startsWith(folder))) return false;
      const top = word.split("/")[0]!;
      return (TOP_FOLDERS.includes(top) && word.includes("/")) || ROOT_FILE.test(word);
    });
}

/** The words of code that are import places (`#server/http/route`). */
function importPlacesIn(code: string): string[] {
  return code
    .split(/[\s"'`(),;]+/)
    .filter((word) => Object.keys(ALIASES).some((alias) => word.startsWith(alias)))
    .map((word) => word.replace(/[.:]+$/, ""));
}

/** `a/{b,c}/d` as `a/b/d` and `a/c/d`. */
function expandBraces(pattern: string): string[] {
  const match = /\{([^{}]*,[^{}]*)\}/.exec(pattern);
  if (!match) return [pattern];
  const [before, after] = [
    pattern.slice(0, match.index),
    pattern.slice(match.index + match[0].length),
  ];
  return match[1]!.split(",").flatMap((choice) => expandBraces(before + choice + after));
}

function segmentRegex(segment: string): RegExp {
  const source = segment
    .split(/(<[^<>]+>|\*)/)
    .map((part) =>
      part === "*" || /^<[^<>]+>$/.test(part) ? "[^/]+" : part.replace(/[.+?^$()|[\]\\]/g, "\\$&"),
    )
    .join("");
  return new RegExp(`^${source}$`);
}

const isWild = (segment: string) => /<[^<>]+>|\*/.test(segment);

/** Whether something under `dir` matches the segments; a last "" asks for a folder. */
function matches(dir: string, segments: string[]): boolean {
  if (segments.length === 0) return existsSync(dir);
  const [segment, ...rest] = segments as [string, ...string[]];
  const isFolder = existsSync(dir) && statSync(dir).isDirectory();
  if (segment === "") return isFolder && rest.length === 0;
  if (!isFolder) return false;
  if (!isWild(segment)) return matches(path.join(dir, segment), rest);
  const names = readdirSync(dir);
  if (segment === "**")
    return matches(dir, rest) || names.some((name) => matches(path.join(dir, name), segments));
  const regex = segmentRegex(segment);
  return names.some((name) => regex.test(name) && matches(path.join(dir, name), rest));
}

/** Whether a repository path (with its wildcards) names something in the tree. */
function pathExists(pattern: string, base = root): boolean {
  return expandBraces(pattern).every((choice) => matches(base, choice.split("/")));
}

function importPlaceExists(place: string): boolean {
  const alias = Object.keys(ALIASES).find((a) => place.startsWith(a))!;
  const file = ALIASES[alias] + place.slice(alias.length);
  return IMPORT_ENDINGS.some((ending) => pathExists(file + ending));
}

/** Relative link targets of a page, Markdown's and HTML's (no URL, no e-mail), anchor apart. */
function linksIn(markdown: string): { file: string; anchor: string }[] {
  const prose = proseOf(markdown);
  const targets = [
    ...[...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!),
    ...[...prose.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((m) => m[1]!),
  ];
  return targets
    .filter((target) => !target.includes("...") && !/^[a-z][\w+.-]*:/i.test(target))
    .map((target) => {
      const [file = "", anchor = ""] = target.split("#");
      return { file: decodeURI(file), anchor };
    });
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as `-`. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of markdown.replace(FENCE, "\n").matchAll(/^#{1,6}\s+(.*?)\s*#*\s*$/gm)) {
    const slug = heading!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replaceAll("`", "")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The variables config.ts reads: the keys of its environment schema and any `env.X`. */
function configVariables(): string[] {
  const source = readFileSync(path.join(root, "src/server/config.ts"), "utf8");
  const keys = [...source.matchAll(/^\s+([A-Z][A-Z0-9_]+)\??\s*:/gm)].map((m) => m[1]!);
  const reads = [...source.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]!);
  return [...new Set([...keys, ...reads])].sort();
}

const pages = [path.join(root, "README.md"), ...markdownFiles(path.join(root, "docs"))];
const relative = (file: string) => path.relative(root, file);

describe("the docs", () => {
  const texts = pages.map((file) => ({ file, text: readFileSync(file, "utf8") }));

  it("reads the README and the pages under docs/", () => {
    expect(texts.length).toBeGreaterThan(10);
    const named = texts.flatMap(({ text }) => codeOf(text).flatMap(pathsIn));
    expect(named.length).toBeGreaterThan(100);
  });

  it("names only paths that exist", () => {
    const missing = texts.flatMap(({ file, text }) =>
      codeOf(text)
        .flatMap(pathsIn)
        .filter((p) => !pathExists(p))
        .map((p) => `${relative(file)}: ${p}`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });

  it("names only import places that exist", () => {
    const missing = texts.flatMap(({ file, text }) =>
      codeOf(text)
        .flatMap(importPlacesIn)
        .filter((p) => !importPlaceExists(p))
        .map((p) => `${relative(file)}: ${p}`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });

  it("links only to files and headings that exist", () => {
    const broken = texts.flatMap(({ file, text }) =>
      linksIn(text)
        .filter(({ file: target, anchor }) => {
          const linked = target === "" ? file : path.resolve(path.dirname(file), target);
          if (!existsSync(linked)) return true;
          if (anchor === "" || !linked.endsWith(".md")) return false;
          return !anchorsOf(readFileSync(linked, "utf8")).has(anchor);
        })
        .map(({ file: target, anchor }) => `${relative(file)}: ${target}${anchor && `#${anchor}`}`),
    );
    expect(broken).toEqual([]);
  });

  it("names only npm scripts that package.json has", () => {
    const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    const unknown = texts.flatMap(({ file, text }) =>
      [...text.matchAll(/\bnpm (?:run ([\w:.-]+)|(start|test)\b)/g)]
        .map((m) => (m[1] ?? m[2])!.replace(/[:.]+$/, ""))
        .filter((name) => !(name in scripts))
        .map((name) => `${relative(file)}: npm run ${name}`),
    );
    expect([...new Set(unknown)]).toEqual([]);
  });

  it("lists every variable config.ts reads on the configuration page", () => {
    const variables = configVariables();
    expect(variables.length).toBeGreaterThan(20);
    const page = readFileSync(path.join(root, "docs/configuration.md"), "utf8");
    const named = new Set(codeOf(page).flatMap((code) => code.match(/[A-Z][A-Z0-9_]+/g) ?? []));
    expect(variables.filter((name) => !named.has(name))).toEqual([]);
  });
});

describe("the docs test's reading", () => {
  it("finds paths in code, with wildcards, and leaves prose and URLs alone", () => {
    const page = [
      "The `src/server/config.ts` file and `npx tsx scripts/start.mjs 20` (see `src/...`).",
      "```",
      "src/server/modules/<name>/    one folder per module",
      "```",
      "Not code: src/missing.ts. A URL: `https://example.com/src/x`.",
    ].join("\n");
    expect(codeOf(page).flatMap(pathsIn).sort()).toEqual([
      "scripts/start.mjs",
      "src/server/config.ts",
      "src/server/modules/<name>/",
    ]);
  });

  it("tells a path that exists from one that does not", () => {
    expect(pathExists("src/server/config.ts")).toBe(true);
    expect(pathExists("src/server/modules/<name>/index.ts")).toBe(true);
    expect(pathExists("src/server/{config,main}.ts")).toBe(true);
    expect(pathExists("src/server/**/route.ts")).toBe(true);
    expect(pathExists("src/server/config.ts/")).toBe(false);
    expect(pathExists("src/server/confg.ts")).toBe(false);
    expect(pathExists("src/server/modules/<name>/nothing.ts")).toBe(false);
    expect(pathExists("src/server/{config,nothing}.ts")).toBe(false);
  });

  it("finds import places and relative links", () => {
    expect(importPlacesIn("from `#server/http/route`.")).toEqual(["#server/http/route"]);
    expect(importPlaceExists("#server/http/route")).toBe(true);
    expect(importPlaceExists("#server/http/nothing")).toBe(false);
    const links = "[a](docs/x.md#part) [b](https://x.org) [c](#top) [d](mailto:a@b) `[e](f.md)`";
    expect(linksIn(`${links} <img src="docs/y.png">`)).toEqual([
      { file: "docs/x.md", anchor: "part" },
      { file: "", anchor: "top" },
      { file: "docs/y.png", anchor: "" },
    ]);
    expect([...anchorsOf("# A `route()` door, at last\n## Notes\n## Notes")]).toEqual([
      "a-route-door-at-last",
      "notes",
      "notes-1",
    ]);
  });
});
