import { describe, expect, it } from "vitest";
import { agencyDay } from "./format-date-time";

describe("agencyDay", () => {
  it("reads the day in Connecticut, whatever the server's time zone", () => {
    // 10 PM on Nov 20 in Hartford (EST, UTC-5) is already Nov 21 in UTC.
    expect(agencyDay("2026-11-21T03:00:00.000Z")).toBe("2026-11-20");
    expect(agencyDay("2026-11-21T05:00:00.000Z")).toBe("2026-11-21");
    // In summer (EDT, UTC-4) the day turns at 4 AM UTC.
    expect(agencyDay("2026-07-01T03:59:00.000Z")).toBe("2026-06-30");
    expect(agencyDay("2026-07-01T04:00:00.000Z")).toBe("2026-07-01");
    // New Year's Eve in Hartford, New Year's Day in UTC.
    expect(agencyDay("2027-01-01T02:00:00.000Z")).toBe("2026-12-31");
  });
});
