import { describe, expect, it } from "vitest";
import { adminAlertsMessages, reachAfterSave, reachSentence } from "./admin-alerts";

const reach = (renters: number, later = 0, buildingActive = true) => ({
  renters,
  later,
  buildingActive,
});

describe("a unit's reach in words", () => {
  it("says how many renters hear when the unit is saved, and how many on its date", () => {
    expect(reachSentence(reach(3), null)).toBe("3 renters will be alerted when you save.");
    expect(reachSentence(reach(1), null)).toBe("1 renter will be alerted when you save.");
    expect(reachSentence(reach(3, 2), "2026-09-01")).toBe(
      "3 renters will be alerted when you save, and 2 more on Sep 1, 2026.",
    );
    expect(reachSentence(reach(0, 1), "2026-09-01")).toBe(
      "1 renter will be alerted on Sep 1, 2026.",
    );
    expect(reachAfterSave(reach(3, 2), "2026-09-01")).toBe(
      "3 renters will be alerted, and 2 more on Sep 1, 2026.",
    );
    expect(reachAfterSave(reach(2), null)).toBe("2 renters will be alerted.");
  });

  it("says nobody plainly before the save, and nothing after it", () => {
    expect(reachSentence(reach(0), null)).toBe(adminAlertsMessages.nobody);
    expect(reachAfterSave(reach(0), null)).toBeNull();
  });

  it("says that a hidden building's unit reaches nobody until the building is shown", () => {
    expect(reachSentence(reach(4, 0, false), null)).toBe(adminAlertsMessages.hiddenBuilding);
    expect(reachAfterSave(reach(4, 0, false), null)).toBeNull();
  });
});
