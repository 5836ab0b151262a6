import { describe, expect, it } from "vitest";
import { decodeKey, encodeCursor } from "./keyset";

const refused = { statusCode: 400, message: "Not a cursor this list handed out." };

describe("decodeKey", () => {
  it("gives back the key a cursor of that shape names", () => {
    const time = "2026-12-02T14:08:17.123456Z";
    const id = "0b9c4a52-3f1e-4d3c-9a3e-6f1f0d7a2b11";
    expect(decodeKey(encodeCursor([time, 42]), ["time", "integer"])).toEqual([time, 42]);
    expect(decodeKey(encodeCursor([1, time, id]), ["rank", "time", "uuid"])).toEqual([1, time, id]);
    expect(decodeKey(encodeCursor(["a@example.com"]), ["text"])).toEqual(["a@example.com"]);
  });

  const at = "2026-12-02T14:08:17.123456Z";
  const byTimeAndId = ["time", "integer"] as const;
  const emergencyFirst = ["rank", "time", "uuid"] as const;
  it.each([
    ["not base64url JSON", "%%%", byTimeAndId],
    ["the wrong length", encodeCursor([at]), byTimeAndId],
    ["a time without its microseconds", encodeCursor(["2026-12-02T14:08:17Z", 1]), byTimeAndId],
    ["an id past PostgreSQL's integer", encodeCursor([at, 2 ** 31]), byTimeAndId],
    ["a negative id", encodeCursor([at, -1]), byTimeAndId],
    ["a fraction for an id", encodeCursor([at, 1.5]), byTimeAndId],
    ["a number where a uuid goes", encodeCursor([1, at, 7]), emergencyFirst],
    ["a rank of 2", encodeCursor([2, at, "0b9c4a52-3f1e-4d3c-9a3e-6f1f0d7a2b11"]), emergencyFirst],
  ] as const)("refuses %s with the lists' one 400", (_, cursor, shape) => {
    expect(() => decodeKey(cursor, shape)).toThrow(expect.objectContaining(refused));
  });
});
