import { describe, expect, it } from "vitest";
import { isIsoDateTime, isOneOf, isRecord, isStringOfLength } from "./guards";
import { z } from "./zod";

describe("isIsoDateTime", () => {
  const samples = [
    "2026-11-22T15:30:00.000Z",
    "2026-11-22T15:30:00Z",
    "2026-11-22T15:30:00.123456Z",
    "2026-11-22T15:30:00+02:00",
    "2026-11-22T15:30:00.5-05:30",
    "2026-11-22T15:30Z",
    "2026-11-22T15:30:00",
    "2026-11-22 15:30:00Z",
    "2026-11-22T24:00:00Z",
    "2026-11-22T15:60:00Z",
    "2026-11-22T15:30:00+24:00",
    "2026-11-22T15:30:00+2:00",
    "2026-13-01T00:00:00Z",
    "2026-04-31T00:00:00Z",
    "2024-02-29T00:00:00Z",
    "2025-02-29T00:00:00Z",
    "2000-02-29T00:00:00Z",
    "1900-02-29T00:00:00Z",
    "yesterday",
    "",
  ];

  it("agrees with zod's z.iso.datetime(), with and without offsets", () => {
    const utc = z.iso.datetime();
    const offset = z.iso.datetime({ offset: true });
    for (const sample of samples) {
      expect(isIsoDateTime(sample), sample).toBe(utc.safeParse(sample).success);
      expect(isIsoDateTime(sample, { offset: true }), sample).toBe(
        offset.safeParse(sample).success,
      );
    }
  });

  it("accepts what toISOString writes and refuses what is not a string", () => {
    expect(isIsoDateTime(new Date(0).toISOString())).toBe(true);
    for (const value of [null, undefined, 0, new Date(0), {}])
      expect(isIsoDateTime(value)).toBe(false);
  });
});

describe("the other guards", () => {
  it("take plain objects only as records", () => {
    expect(isRecord({})).toBe(true);
    for (const value of [null, [], "{}", 1, undefined]) expect(isRecord(value)).toBe(false);
  });

  it("match list members and string lengths exactly", () => {
    expect(isOneOf(["a", "b"], "b")).toBe(true);
    expect(isOneOf(["a", "b"], "c")).toBe(false);
    expect(isOneOf(["a", "b"], ["a"])).toBe(false);
    expect(isStringOfLength("abc", 1, 3)).toBe(true);
    expect(isStringOfLength("", 1, 3)).toBe(false);
    expect(isStringOfLength("abcd", 1, 3)).toBe(false);
    expect(isStringOfLength(3, 0, 3)).toBe(false);
  });
});
