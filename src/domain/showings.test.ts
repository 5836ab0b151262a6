import { describe, expect, it } from "vitest";
import { officeIso, officeMoment } from "./office-time";
import {
  noShowingHours,
  openSlots,
  SHOWING_SLOTS_MAX,
  type ShowingHours,
  showingHoursSchema,
  showingMessages,
  weekdays,
} from "./showings";

/** Hours from the form's words: each listed weekday the same windows. */
function hours(
  days: Partial<Record<(typeof weekdays)[number], { start: string; end: string }[]>>,
  rest: Partial<Omit<ShowingHours, "weekly">> = {},
): ShowingHours {
  return showingHoursSchema.parse({
    weekly: Object.fromEntries(weekdays.map((day) => [day, days[day] ?? []])),
    slotMinutes: 30,
    bufferMinutes: 15,
    noticeHours: 0,
    horizonDays: 14,
    datesOff: [],
    ...rest,
  });
}

const starts = (slots: { start: Date }[]) => slots.map((slot) => officeIso(slot.start));

describe("office time", () => {
  it("reads the wall clock of either side of both clock changes", () => {
    // 2027: clocks go forward on 14 March and back on 7 November.
    expect(officeIso(officeMoment("2027-03-13", 10 * 60))).toBe("2027-03-13T10:00:00-05:00");
    expect(officeIso(officeMoment("2027-03-14", 10 * 60))).toBe("2027-03-14T10:00:00-04:00");
    expect(officeIso(officeMoment("2027-11-06", 10 * 60))).toBe("2027-11-06T10:00:00-04:00");
    expect(officeIso(officeMoment("2027-11-07", 10 * 60))).toBe("2027-11-07T10:00:00-05:00");
    // A time the clock skips is the moment after the gap; one it reads twice, the first.
    expect(officeIso(officeMoment("2027-03-14", 150))).toBe("2027-03-14T03:30:00-04:00");
    expect(officeIso(officeMoment("2027-11-07", 90))).toBe("2027-11-07T01:30:00-04:00");
    // Midnight at the end of a day is the next day's start.
    expect(officeIso(officeMoment("2027-03-13", 24 * 60))).toBe("2027-03-14T00:00:00-05:00");
  });
});

describe("open slots", () => {
  const saturday = hours({ sat: [{ start: "10:00", end: "12:00" }] });

  it("cuts each window into slots with the buffer between them", () => {
    const slots = openSlots({
      hours: { ...saturday, horizonDays: 3 },
      now: new Date("2027-06-04T12:00:00Z"),
      taken: [],
    });
    expect(starts(slots)).toEqual([
      "2027-06-05T10:00:00-04:00",
      "2027-06-05T10:45:00-04:00",
      // 11:30 to 12:00 fits; 12:15 would not.
      "2027-06-05T11:30:00-04:00",
    ]);
    expect(slots.every((slot) => slot.end.getTime() - slot.start.getTime() === 30 * 60_000)).toBe(
      true,
    );
  });

  it("keeps the office's hours across the spring and autumn clock changes", () => {
    const sunday = hours({ sun: [{ start: "09:00", end: "10:00" }] }, { bufferMinutes: 0 });
    const spring = openSlots({
      hours: { ...sunday, horizonDays: 7 },
      now: new Date("2027-03-10T12:00:00Z"),
      taken: [],
    });
    expect(starts(spring)).toEqual(["2027-03-14T09:00:00-04:00", "2027-03-14T09:30:00-04:00"]);
    expect(spring[0]!.start.toISOString()).toBe("2027-03-14T13:00:00.000Z");
    const autumn = openSlots({
      hours: { ...sunday, horizonDays: 7 },
      now: new Date("2027-11-03T12:00:00Z"),
      taken: [],
    });
    expect(starts(autumn)).toEqual(["2027-11-07T09:00:00-05:00", "2027-11-07T09:30:00-05:00"]);
    expect(autumn[0]!.start.toISOString()).toBe("2027-11-07T14:00:00.000Z");
  });

  it("leaves out what is inside the notice, past the horizon, on a date off or near a showing held", () => {
    const everyDay = hours(
      Object.fromEntries(weekdays.map((day) => [day, [{ start: "10:00", end: "12:00" }]])),
      { noticeHours: 24, horizonDays: 3, datesOff: ["2027-06-06"] },
    );
    const now = new Date("2027-06-04T14:30:00Z"); // 10:30 on Friday 4 June
    // Held from 10:10 to 10:40 on Monday (entered by staff, off the slots' grid).
    const held = {
      start: new Date("2027-06-07T14:10:00Z"),
      end: new Date("2027-06-07T14:40:00Z"),
    };
    const slots = openSlots({ hours: everyDay, now, taken: [held] });
    expect(starts(slots)).toEqual([
      // Friday's are inside the notice, and so is Saturday 10:00 (less than 24 hours ahead).
      "2027-06-05T10:45:00-04:00",
      "2027-06-05T11:30:00-04:00",
      // Sunday 6 June is a date off; Monday's 10:00 overlaps the showing held and 10:45 is
      // within its buffer; Tuesday is past the horizon.
      "2027-06-07T11:30:00-04:00",
    ]);
  });

  it("starts later when a tenant at home must be told first", () => {
    const slots = openSlots({
      hours: { ...saturday, horizonDays: 10 },
      now: new Date("2027-06-04T12:00:00Z"),
      taken: [],
      earliest: new Date("2027-06-06T00:00:00Z"),
    });
    expect(starts(slots)[0]).toBe("2027-06-12T10:00:00-04:00");
  });

  it("lists nothing for a building without hours, and at most a bounded number", () => {
    expect(openSlots({ hours: noShowingHours, now: new Date(), taken: [] })).toEqual([]);
    const busy = hours(
      Object.fromEntries(weekdays.map((day) => [day, [{ start: "00:00", end: "24:00" }]])),
      { slotMinutes: 10, bufferMinutes: 0, horizonDays: 60 },
    );
    expect(openSlots({ hours: busy, now: new Date(), taken: [] })).toHaveLength(SHOWING_SLOTS_MAX);
  });
});

describe("showing hours", () => {
  it("refuses windows that end before they start or overlap, and bounds out of range", () => {
    const bad = showingHoursSchema.safeParse({
      weekly: {
        ...Object.fromEntries(weekdays.map((day) => [day, []])),
        mon: [{ start: "12:00", end: "11:00" }],
        tue: [
          { start: "09:00", end: "11:00" },
          { start: "10:00", end: "12:00" },
        ],
        wed: [{ start: "9:00", end: "25:00" }],
      },
      slotMinutes: 5,
      bufferMinutes: 15,
      noticeHours: 24,
      horizonDays: 90,
      datesOff: ["next friday"],
    });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((issue) => issue.message);
    for (const message of [
      showingMessages.window,
      showingMessages.overlap,
      showingMessages.time,
      showingMessages.slotMinutes,
      showingMessages.horizonDays,
      showingMessages.dateOff,
    ]) {
      expect(messages).toContain(message);
    }
  });
});
