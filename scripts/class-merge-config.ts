#!/usr/bin/env -S npx tsx
/**
 * Writes src/web/lib/class-merge-config.ts: tailwind-merge's default configuration cut down to the
 * class groups this app's own classes belong to.
 *
 * `cn()` merges a component's classes with the ones its caller passes (`h-11` over a button's
 * `h-10`). The library's default configuration knows every Tailwind utility; its tables are about
 * three quarters of its 8 KB (gzip) on every public page, and building them is the first merge's
 * cost on a phone. The app's classes fall in about a hundred groups, so this keeps those: the
 * same definitions, in the same order, with the same conflicts, so every class the app writes is
 * merged as the full configuration would merge it (tests/unit/class-merge.test.ts proves it for
 * every pair of the app's classes, and that this file is current).
 *
 * Run it after adding a class from a group the app did not use yet (the test names the class):
 *   npx tsx scripts/class-merge-config.ts
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getDefaultConfig, validators } from "tailwind-merge";
import { createClassGroupUtils, createParseClassName } from "tailwind-merge/unstable-do-not-import";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const CONFIG_FILE = path.join(ROOT, "src/web/lib/class-merge-config.ts");

/**
 * Every word of the web app's source (tests aside) that could be a class: the file split at
 * spaces, quotes, backticks and braces, so that a class inside a template literal's `${...}`
 * counts too. Words that are no class have no group and change nothing. What this cannot see is
 * a class built from pieces at run time (`text-${size}`): write classes whole.
 */
export function appClassWords(): string[] {
  const words = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const word of readFileSync(file, "utf8").split(/[\s"'`{}]+/)) {
          if (word.length > 1 && /^[a-z0-9!:\-[\]/.%_()&>*=@#,]+$/.test(word)) words.add(word);
        }
      }
    }
  };
  visit(path.join(ROOT, "src/web"));
  return [...words].sort();
}

type Config = ReturnType<typeof getDefaultConfig>;

/** The default configuration's group of a class, as tailwind-merge itself finds it. */
export function groupFinder(config: Config = getDefaultConfig()) {
  const parse = createParseClassName(config as never);
  const { getClassGroupId } = createClassGroupUtils(config as never);
  return (className: string): string | undefined => {
    const parsed = parse(className);
    if (parsed.isExternal) return undefined;
    const { baseClassName, maybePostfixModifierPosition } = parsed;
    if (maybePostfixModifierPosition !== undefined) {
      const withoutPostfix = getClassGroupId(
        baseClassName.substring(0, maybePostfixModifierPosition),
      );
      if (withoutPostfix) return withoutPostfix;
    }
    return getClassGroupId(baseClassName);
  };
}

const validatorNames = new Map<unknown, string>(
  Object.entries(validators).map(([name, fn]) => [fn, name]),
);

/** One class definition as source: strings, validators by name, theme scales spelled out. */
function source(definition: unknown, theme: Config["theme"], used: Set<string>): string {
  if (typeof definition === "string") return JSON.stringify(definition);
  if (Array.isArray(definition))
    return `[${definition.map((d) => source(d, theme, used)).join(", ")}]`;
  if (typeof definition === "function") {
    if ("isThemeGetter" in definition && definition.isThemeGetter)
      return (definition as unknown as (t: unknown) => unknown[])(theme)
        .map((d) => source(d, theme, used))
        .join(", ");
    const name = validatorNames.get(definition);
    if (!name) throw new Error(`a function in tailwind-merge's configuration is not a validator`);
    used.add(name);
    return name;
  }
  if (definition && typeof definition === "object")
    return `{ ${Object.entries(definition)
      .map(([key, value]) => `${JSON.stringify(key)}: ${source(value, theme, used)}`)
      .join(", ")} }`;
  throw new Error(`unexpected class definition: ${String(definition)}`);
}

/** The file as it should be: generated, then formatted as Biome formats the repository. */
export function classMergeConfigSource(): string {
  const biome = spawnSync(
    path.join(ROOT, "node_modules/.bin/biome"),
    ["format", `--stdin-file-path=${CONFIG_FILE}`],
    { cwd: ROOT, input: unformattedSource(), encoding: "utf8" },
  );
  if (biome.status !== 0) throw new Error(`biome format failed: ${biome.stderr}`);
  return biome.stdout;
}

function unformattedSource(): string {
  const config = getDefaultConfig();
  const groupOf = groupFinder(config);
  const groups = new Set<string>();
  for (const word of appClassWords()) {
    const group = groupOf(word);
    if (group) groups.add(group);
  }
  const kept = Object.keys(config.classGroups).filter((id) => groups.has(id));
  const usedValidators = new Set<string>();
  const classGroups = kept.map((id) => {
    const definition = source(
      config.classGroups[id as keyof Config["classGroups"]],
      config.theme,
      usedValidators,
    );
    return `    ${JSON.stringify(id)}: ${definition.replace(/, (?=\])/g, "")},`;
  });
  const conflicts = (table: Record<string, readonly string[] | undefined>) =>
    Object.entries(table)
      .filter(([id]) => groups.has(id))
      .map(([id, ids]) => [id, (ids ?? []).filter((other) => groups.has(other))] as const)
      .filter(([, ids]) => ids.length > 0)
      .map(([id, ids]) => `    ${JSON.stringify(id)}: ${JSON.stringify(ids)},`);
  const names = [...usedValidators].sort();
  return `// Generated by \`npx tsx scripts/class-merge-config.ts\`: do not edit by hand.
// tailwind-merge's default configuration kept to the ${kept.length} class groups of the app's own classes,
// in the library's order (it decides which group a class belongs to), with their conflicts.
import type { Config } from "tailwind-merge";
import { validators } from "tailwind-merge";

const { ${names.join(", ")} } = validators;

export const classMergeConfig: Config<string, string> = {
  cacheSize: ${config.cacheSize},
  theme: {},
  classGroups: {
${classGroups.join("\n")}
  },
  conflictingClassGroups: {
${conflicts(config.conflictingClassGroups).join("\n")}
  },
  conflictingClassGroupModifiers: {
${conflicts(config.conflictingClassGroupModifiers).join("\n")}
  },
  orderSensitiveModifiers: ${JSON.stringify(config.orderSensitiveModifiers)},
};
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(CONFIG_FILE, classMergeConfigSource());
  console.log(`wrote ${path.relative(ROOT, CONFIG_FILE)}`);
}
