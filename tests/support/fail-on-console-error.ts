import { afterEach, beforeEach, vi } from "vitest";

/**
 * An unexpected console.error fails the test that caused it. A test that expects one says so with
 * `allowConsoleError(/pattern/)`.
 */
let logged: unknown[][] = [];
let allowed: RegExp[] = [];

export function allowConsoleError(pattern: RegExp) {
  allowed.push(pattern);
}

beforeEach(() => {
  logged = [];
  allowed = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  const unexpected = logged.filter((args) => {
    const text = args.map(String).join(" ");
    return !allowed.some((pattern) => pattern.test(text));
  });
  if (unexpected.length > 0) {
    throw new Error(
      `Unexpected console.error:\n${unexpected.map((a) => a.map(String).join(" ")).join("\n")}`,
    );
  }
});
