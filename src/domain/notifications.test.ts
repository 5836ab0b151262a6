import { describe, expect, it } from "vitest";
import {
  dayKey,
  defaultFilters,
  exportFileName,
  exportJson,
  filterNotifications,
  hasActiveFilters,
  type Notification,
  type NotificationFilters,
  newestFirst,
  parseStoredNotifications,
  sampleNotifications,
  startOfWeek,
  summarize,
  sweepExpired,
} from "./notifications";

/**
 * A fixed clock: Wednesday, January 8, 2025, 10:30 local time. Dates are built with the local
 * constructor so the tests hold in any time zone.
 */
const now = new Date(2025, 0, 8, 10, 30);
const local = (...args: [number, number, number, number?, number?]) =>
  new Date(args[0], args[1], args[2], args[3] ?? 12, args[4] ?? 0).toISOString();

let seq = 0;
function make(overrides: Partial<Notification> = {}): Notification {
  seq += 1;
  return {
    id: `n${seq}`,
    title: `Title ${seq}`,
    message: `Message ${seq}`,
    type: "info",
    category: "system",
    priority: "low",
    read: false,
    timestamp: local(2025, 0, 8, 9),
    ...overrides,
  };
}

const filters = (overrides: Partial<NotificationFilters>): NotificationFilters => ({
  ...defaultFilters,
  ...overrides,
});
const ids = (list: Notification[]) => list.map((n) => n.id);

describe("search", () => {
  const leak = make({ id: "leak", title: "Leak in the BASEMENT", message: "Plumber booked." });
  const rent = make({ id: "rent", title: "Rent", message: "Payment for the basement storage" });
  const other = make({ id: "other", title: "Welcome", message: "Hello" });
  const all = [leak, rent, other];

  it("matches title or message, ignoring case and surrounding spaces", () => {
    expect(ids(filterNotifications(all, filters({ search: "  Basement " }), now))).toEqual([
      "leak",
      "rent",
    ]);
    expect(ids(filterNotifications(all, filters({ search: "plumber" }), now))).toEqual(["leak"]);
    expect(filterNotifications(all, filters({ search: "nothing like it" }), now)).toEqual([]);
  });

  it("treats blank search as no search", () => {
    expect(filterNotifications(all, filters({ search: "   " }), now)).toHaveLength(3);
    expect(hasActiveFilters(filters({ search: "   " }))).toBe(false);
    expect(hasActiveFilters(filters({ search: "x" }))).toBe(true);
    expect(hasActiveFilters(filters({ date: "week" }))).toBe(true);
    expect(hasActiveFilters(defaultFilters)).toBe(false);
  });
});

describe("filters", () => {
  const items = [
    make({ id: "info", type: "info", category: "maintenance", read: true }),
    make({ id: "warn", type: "warning", category: "payment" }),
    make({ id: "urgent", type: "error", category: "maintenance", priority: "urgent" }),
    make({ id: "emerg", type: "warning", category: "emergency", priority: "high", read: true }),
  ];

  it("filter by type; Emergency means priority urgent or category emergency", () => {
    expect(ids(filterNotifications(items, filters({ type: "warning" }), now))).toEqual([
      "warn",
      "emerg",
    ]);
    expect(ids(filterNotifications(items, filters({ type: "emergency" }), now))).toEqual([
      "urgent",
      "emerg",
    ]);
  });

  it("filter by category and by read status, and combine", () => {
    expect(ids(filterNotifications(items, filters({ category: "maintenance" }), now))).toEqual([
      "info",
      "urgent",
    ]);
    expect(ids(filterNotifications(items, filters({ status: "read" }), now))).toEqual([
      "info",
      "emerg",
    ]);
    expect(ids(filterNotifications(items, filters({ status: "unread" }), now))).toEqual([
      "warn",
      "urgent",
    ]);
    expect(
      ids(filterNotifications(items, filters({ category: "maintenance", status: "unread" }), now)),
    ).toEqual(["urgent"]);
  });
});

describe("date filters", () => {
  const items = [
    make({ id: "today-early", timestamp: local(2025, 0, 8, 0, 0) }),
    make({ id: "yesterday-late", timestamp: local(2025, 0, 7, 23, 59) }),
    make({ id: "yesterday-early", timestamp: local(2025, 0, 7, 0, 0) }),
    make({ id: "sunday", timestamp: local(2025, 0, 5, 0, 0) }),
    make({ id: "saturday", timestamp: local(2025, 0, 4, 23, 59) }),
    make({ id: "month-start", timestamp: local(2025, 0, 1, 0, 0) }),
    make({ id: "last-year", timestamp: local(2024, 11, 31, 23, 59) }),
  ];
  const by = (date: NotificationFilters["date"], at = now) =>
    ids(filterNotifications(items, filters({ date }), at));

  it("today and yesterday are calendar days, not the last 24 hours", () => {
    expect(by("today")).toEqual(["today-early"]);
    expect(by("yesterday")).toEqual(["yesterday-late", "yesterday-early"]);
  });

  it("this week starts on Sunday at midnight (the week boundary)", () => {
    expect(by("week")).toEqual(["today-early", "yesterday-late", "yesterday-early", "sunday"]);
    expect(startOfWeek(now)).toEqual(new Date(2025, 0, 5));
    // On the Sunday itself the week has just begun.
    expect(startOfWeek(new Date(2025, 0, 5, 0, 0))).toEqual(new Date(2025, 0, 5));
    expect(startOfWeek(new Date(2025, 0, 4, 23, 59))).toEqual(new Date(2024, 11, 29));
  });

  it("this month starts on the 1st at midnight (the month boundary)", () => {
    expect(by("month")).not.toContain("last-year");
    expect(by("month")).toContain("month-start");
    expect(by("month")).toHaveLength(6);
    // The week of January 1st, 2025 reaches back into December: the week includes New Year's Eve.
    expect(by("week", new Date(2025, 0, 2, 9))).toEqual([
      "today-early",
      "yesterday-late",
      "yesterday-early",
      "sunday",
      "saturday",
      "month-start",
      "last-year",
    ]);
    expect(by("yesterday", new Date(2025, 0, 1, 8))).toEqual(["last-year"]);
  });
});

describe("summary counts", () => {
  it("counts total, unread, emergency (urgent or emergency category) and this week", () => {
    const items = [
      make({ read: true, timestamp: local(2025, 0, 5, 0, 0) }),
      make({ priority: "urgent", timestamp: local(2025, 0, 4, 23, 59) }),
      make({ category: "emergency", read: true, timestamp: local(2025, 0, 8, 8) }),
      make({ category: "emergency", priority: "urgent", timestamp: local(2024, 11, 1) }),
    ];
    expect(summarize(items, now)).toEqual({ total: 4, unread: 2, emergency: 3, thisWeek: 2 });
    expect(summarize([], now)).toEqual({ total: 0, unread: 0, emergency: 0, thisWeek: 0 });
  });
});

describe("export", () => {
  it("names the file notifications-yyyy-MM-dd.json after the local date", () => {
    expect(exportFileName(now)).toBe("notifications-2025-01-08.json");
    expect(exportFileName(new Date(2025, 11, 31, 23, 59))).toBe("notifications-2025-12-31.json");
  });

  it("writes the list as JSON that reads back the same", () => {
    const items = [make({ actionUrl: "/contact", actionLabel: "Contact Us" })];
    expect(JSON.parse(exportJson(items))).toEqual(items);
  });
});

describe("expiry sweep", () => {
  it("removes what expires at or before now and keeps the rest", () => {
    const items = [
      make({ id: "past", expiresAt: new Date(now.getTime() - 1).toISOString() }),
      make({ id: "exactly-now", expiresAt: now.toISOString() }),
      make({ id: "later", expiresAt: new Date(now.getTime() + 1).toISOString() }),
      make({ id: "never" }),
    ];
    expect(ids(sweepExpired(items, now))).toEqual(["later", "never"]);
  });

  it("returns the same list when nothing expired, so a store can skip the update", () => {
    const items = [make()];
    expect(sweepExpired(items, now)).toBe(items);
  });
});

describe("stored data", () => {
  it("keeps valid entries, drops damaged ones and rejects what is not a list", () => {
    const good = make({ id: "good" });
    expect(
      ids(parseStoredNotifications([good, { id: "bad" }, { ...good, id: "x", type: "nope" }])!),
    ).toEqual(["good"]);
    expect(parseStoredNotifications({})).toBeNull();
    expect(parseStoredNotifications("[]")).toBeNull();
  });

  it("keeps offsets in timestamps, refuses impossible dates and drops unknown fields", () => {
    const withOffset = make({ timestamp: "2025-01-08T09:00:00+05:30" });
    expect(parseStoredNotifications([{ ...withOffset, extra: "dropped" }])).toEqual([withOffset]);
    expect(parseStoredNotifications([make({ timestamp: "2025-02-29T09:00:00Z" })])).toEqual([]);
    expect(parseStoredNotifications([make({ expiresAt: "tomorrow" })])).toEqual([]);
  });

  it("refuses action links that leave the site", () => {
    for (const actionUrl of ["javascript:alert(1)", "https://evil.example", "//evil.example"])
      expect(parseStoredNotifications([make({ actionUrl })])).toEqual([]);
    expect(parseStoredNotifications([make({ actionUrl: "/properties" })])).toHaveLength(1);
  });
});

describe("sample notifications", () => {
  const samples = sampleNotifications(now, (name, part) => `${part} of ${name}`);

  it("are valid stored data spread over today, yesterday, this week and last month", () => {
    expect(parseStoredNotifications(JSON.parse(JSON.stringify(samples)))).toEqual(samples);
    const days = [...new Set(newestFirst(samples).map((s) => dayKey(new Date(s.timestamp))))];
    expect(days.slice(0, 2)).toEqual(["2025-01-08", "2025-01-07"]);
    expect(days.length).toBeGreaterThanOrEqual(4);
    expect(days.at(-1)! < "2024-12-08").toBe(true);
    expect(new Set(samples.map((s) => s.id)).size).toBe(samples.length);
  });

  it("cover every category, an urgent one, an action link and one that expires soon", () => {
    expect(new Set(samples.map((s) => s.category))).toEqual(
      new Set(["maintenance", "payment", "system", "communication", "emergency"]),
    );
    expect(samples.some((s) => s.priority === "urgent")).toBe(true);
    expect(samples.some((s) => s.actionUrl && s.actionLabel)).toBe(true);
    const expiring = samples.filter((s) => s.expiresAt);
    expect(expiring).toHaveLength(1);
    expect(Date.parse(expiring[0]!.expiresAt!)).toBeGreaterThan(now.getTime());
    expect(sweepExpired(samples, new Date(now.getTime() + 3 * 3_600_000))).toHaveLength(
      samples.length - 1,
    );
  });
});
