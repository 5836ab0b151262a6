import { readFileSync } from "node:fs";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "#web/lib/utils";
import {
  appClassWords,
  CONFIG_FILE,
  classMergeConfigSource,
  groupFinder,
} from "../../scripts/class-merge-config";

describe("cn: tailwind-merge cut down to the app's class groups", () => {
  it("is generated from the app's classes as they are now", () => {
    // If this fails after a class was added: npx tsx scripts/class-merge-config.ts
    expect(readFileSync(CONFIG_FILE, "utf8")).toBe(classMergeConfigSource());
  });

  it("merges every pair of the app's classes as tailwind-merge's full configuration does", () => {
    const groupOf = groupFinder();
    const classes = appClassWords().filter((word) => groupOf(word) !== undefined);
    expect(classes.length).toBeGreaterThan(400);
    const differ: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        const both = `${first} ${second}`;
        if (cn(both) !== twMerge(both)) differ.push(`${both}: ${cn(both)} / ${twMerge(both)}`);
      }
    }
    expect(differ.slice(0, 10)).toEqual([]);
    // A quarter of a million merges: seconds on a quiet machine, more on a busy CI runner.
  }, 60_000);

  it("lets a later class win over an earlier one of its kind, and keeps the others", () => {
    expect(cn("h-10 px-4 text-sm text-muted-foreground", "h-11 px-0 text-base")).toBe(
      "text-muted-foreground h-11 px-0 text-base",
    );
    expect(cn("max-w-lg", false, ["max-w-2xl"])).toBe("max-w-2xl");
    expect(cn("basis-full sm:basis-0", "sm:flex-1")).toBe("basis-full sm:flex-1");
    expect(cn("hover:bg-black/5", "hover:bg-white/10", "not-a-class")).toBe(
      "hover:bg-white/10 not-a-class",
    );
  });
});
