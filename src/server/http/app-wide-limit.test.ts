import { describe, expect, it } from "vitest";
import { localWindowLimit } from "./app-wide-limit";

const MINUTE = 60_000;

describe("the app-wide limit counted in one instance", () => {
  it("counts a client's requests in its window and refuses those beyond the limit", () => {
    const count = localWindowLimit(3, MINUTE);
    const t0 = 1_000_000;
    expect(count("203.0.113.7", t0)).toEqual({
      max: 3,
      remaining: 2,
      resetSeconds: 60,
      exceeded: false,
    });
    expect(count("203.0.113.7", t0 + 1_000).remaining).toBe(1);
    expect(count("203.0.113.7", t0 + 2_000)).toMatchObject({ remaining: 0, exceeded: false });
    // The fourth in the minute is refused; the reset counts from the window's first request.
    expect(count("203.0.113.7", t0 + 30_500)).toEqual({
      max: 3,
      remaining: 0,
      resetSeconds: 30,
      exceeded: true,
    });
    // Another address has a count of its own.
    expect(count("198.51.100.1", t0 + 30_500)).toMatchObject({ remaining: 2, exceeded: false });
    // Once the window has ended, the client starts again.
    expect(count("203.0.113.7", t0 + MINUTE)).toMatchObject({ remaining: 2, exceeded: false });
  });

  it("takes an IPv6 client by its /64 and an IPv4-mapped address as the IPv4 one", () => {
    const count = localWindowLimit(2, MINUTE);
    const t0 = 5_000;
    count("2001:db8:1:2::a", t0);
    expect(count("2001:db8:1:2:ffff::b", t0)).toMatchObject({ remaining: 0 });
    expect(count("2001:db8:1:3::a", t0)).toMatchObject({ remaining: 1 });
    count("192.0.2.9", t0);
    expect(count("::ffff:192.0.2.9", t0)).toMatchObject({ remaining: 0 });
  });

  it("keeps at most so many clients: ended windows go first, then the oldest", () => {
    const count = localWindowLimit(1, MINUTE, 2);
    count("192.0.2.1", 0);
    count("192.0.2.2", 30_000);
    // A third client at 61 s: the first window has ended and makes room; the second stays.
    count("192.0.2.3", 61_000);
    expect(count("192.0.2.2", 62_000).exceeded).toBe(true);
    // A fourth while both kept windows are open: the oldest (192.0.2.2's) is forgotten.
    count("192.0.2.4", 63_000);
    expect(count("192.0.2.3", 64_000).exceeded).toBe(true);
    expect(count("192.0.2.2", 64_000).exceeded).toBe(false);
  });
});
