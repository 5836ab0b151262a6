import { describe, expect, it } from "vitest";
import { rememberLast } from "./remember-last";

describe("rememberLast", () => {
  it("answers the same argument again without calling the function, and a new one anew", () => {
    const calls: (string | undefined)[] = [];
    const length = rememberLast((value: string | undefined) => {
      calls.push(value);
      return value?.length ?? -1;
    });
    expect([
      length("gzip"),
      length("gzip"),
      length("br"),
      length(undefined),
      length(undefined),
    ]).toEqual([4, 4, 2, -1, -1]);
    expect(length("gzip")).toBe(4);
    expect(calls).toEqual(["gzip", "br", undefined, "gzip"]);
  });
});
