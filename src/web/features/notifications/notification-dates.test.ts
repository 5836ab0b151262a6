import { describe, expect, it } from "vitest";
import { createTranslator } from "#domain/i18n/translator";
import type { Notification } from "#domain/notifications";
import { messagesFor } from "#web/i18n/catalogue.server";
import { namespaces } from "#web/i18n/namespaces";
import { groupByOfficeDay, notificationDayHeading, notificationWhen } from "./notification-dates";

const english = createTranslator("en", messagesFor("en", namespaces));
const spanish = createTranslator("es", messagesFor("es", namespaces));

/** Wednesday, January 8, 2025, 10:30 in Connecticut (EST, UTC-5). */
const now = new Date("2025-01-08T15:30:00Z");

const make = (id: string, timestamp: string): Notification => ({
  id,
  title: id,
  message: id,
  type: "info",
  category: "system",
  priority: "low",
  read: false,
  timestamp,
});

describe("notification days, in the office's calendar and the page's language", () => {
  const items = [
    make("jan5-morning", "2025-01-05T14:00:00Z"),
    make("today-1", "2025-01-08T13:00:00Z"),
    // 11 PM on the 7th in Connecticut, already the 8th in UTC.
    make("yesterday-late", "2025-01-08T04:00:00Z"),
    make("today-2", "2025-01-08T15:00:00Z"),
    make("dec31", "2025-01-01T03:00:00Z"),
  ];

  it("groups newest day first and newest first within a day, with headings and counts", () => {
    const groups = groupByOfficeDay(items, now, english);
    expect(groups.map((g) => g.heading)).toEqual([
      "Today",
      "Yesterday",
      "Sunday, January 5, 2025",
      "Tuesday, December 31, 2024",
    ]);
    expect(groups.map((g) => g.countLabel)).toEqual([
      "2 notifications",
      "1 notification",
      "1 notification",
      "1 notification",
    ]);
    expect(groups[0]!.items.map((n) => n.id)).toEqual(["today-2", "today-1"]);
  });

  it("speaks Spanish on Spanish pages", () => {
    const groups = groupByOfficeDay(items, now, spanish);
    expect(groups.map((g) => g.heading)).toEqual([
      "Hoy",
      "Ayer",
      "Domingo, 5 de enero de 2025",
      "Martes, 31 de diciembre de 2024",
    ]);
    expect(groups[0]!.countLabel).toBe("2 notificaciones");
    expect(groups[1]!.countLabel).toBe("1 notificación");
  });

  it("says Yesterday across a month boundary", () => {
    const firstOfMonth = new Date("2025-02-01T12:00:00Z");
    expect(notificationDayHeading(new Date("2025-02-01T04:30:00Z"), firstOfMonth, english)).toBe(
      "Yesterday",
    );
    expect(notificationDayHeading(new Date("2025-01-31T04:30:00Z"), firstOfMonth, english)).toBe(
      "Thursday, January 30, 2025",
    );
  });

  it("tells when one came, on a 12-hour clock", () => {
    expect(notificationWhen(new Date("2025-01-08T14:05:00Z"), now, english)).toBe("Today, 9:05 AM");
    expect(notificationWhen(new Date("2025-01-08T05:05:00Z"), now, english)).toBe(
      "Today, 12:05 AM",
    );
  });
});
