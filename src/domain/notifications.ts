import { isIsoDateTime, isOneOf, isRecord, isStringOfLength } from "./guards";

/**
 * The notification centre (a local mock: no server sends them). Notifications live in the
 * visitor's browser only. Every function that depends on the date takes `now` as an argument, and
 * calendar days, weeks and months are those of the visitor's local time.
 */

export const notificationTypes = ["info", "success", "warning", "error"] as const;
export const notificationCategories = [
  "maintenance",
  "payment",
  "system",
  "communication",
  "emergency",
] as const;
export const notificationPriorities = ["low", "medium", "high", "urgent"] as const;

export type NotificationType = (typeof notificationTypes)[number];
export type NotificationCategory = (typeof notificationCategories)[number];
export type NotificationPriority = (typeof notificationPriorities)[number];

/**
 * The product's English names (tests compare them). The renter's pages show the catalogue's
 * (`notifications.type.*`, `notifications.category.*`, `notifications.filter.*`) in the page's
 * language, and format days and times in the office's time zone (notification-dates.ts).
 */
export const typeLabels: Record<NotificationType | "emergency", string> = {
  info: "Info",
  success: "Success",
  warning: "Warning",
  error: "Error",
  emergency: "Emergency",
};

export const categoryLabels: Record<NotificationCategory, string> = {
  maintenance: "Maintenance",
  payment: "Payment",
  system: "System",
  communication: "Communication",
  emergency: "Emergency",
};

/** What the browser keeps. Timestamps are ISO strings; action links stay on this site. */
export type Notification = {
  id: string;
  title: string;
  message: string;
  type: NotificationType;
  category: NotificationCategory;
  priority: NotificationPriority;
  read: boolean;
  timestamp: string;
  actionUrl?: string;
  actionLabel?: string;
  expiresAt?: string;
};

/** A path on this site only: a tampered store must not turn an item into a javascript: link. */
const SITE_PATH = /^\/(?![/\\])/;

/** One stored item, checked field by field; unknown fields are dropped. */
function readNotification(value: unknown): Notification | null {
  if (!isRecord(value)) return null;
  const { id, title, message, type, category, priority, read, timestamp } = value;
  const { actionUrl, actionLabel, expiresAt } = value;
  const valid =
    isStringOfLength(id, 1, 100) &&
    isStringOfLength(title, 0, 200) &&
    isStringOfLength(message, 0, 2000) &&
    isOneOf(notificationTypes, type) &&
    isOneOf(notificationCategories, category) &&
    isOneOf(notificationPriorities, priority) &&
    typeof read === "boolean" &&
    isIsoDateTime(timestamp, { offset: true }) &&
    (actionUrl === undefined ||
      (isStringOfLength(actionUrl, 0, 500) && SITE_PATH.test(actionUrl))) &&
    (actionLabel === undefined || isStringOfLength(actionLabel, 0, 60)) &&
    (expiresAt === undefined || isIsoDateTime(expiresAt, { offset: true }));
  if (!valid) return null;
  return {
    id,
    title,
    message,
    type,
    category,
    priority,
    read,
    timestamp,
    ...("actionUrl" in value && { actionUrl }),
    ...("actionLabel" in value && { actionLabel }),
    ...("expiresAt" in value && { expiresAt }),
  };
}

/**
 * Reads the stored list item by item: a damaged entry is dropped, the others are kept. Anything
 * that is not a list at all gives null, and the caller decides what that means.
 */
export function parseStoredNotifications(value: unknown): Notification[] | null {
  if (!Array.isArray(value)) return null;
  return value.flatMap((item) => {
    const notification = readNotification(item);
    return notification ? [notification] : [];
  });
}

// ---------------------------------------------------------------------------------------------
// Dates (local time). The week starts on Sunday, as date-fns' startOfWeek does by default.

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());
const addDays = (day: Date, days: number) =>
  new Date(day.getFullYear(), day.getMonth(), day.getDate() + days);
export const startOfWeek = (date: Date) => addDays(startOfDay(date), -date.getDay());
const startOfMonth = (date: Date) => new Date(date.getFullYear(), date.getMonth(), 1);
const pad = (n: number) => String(n).padStart(2, "0");

/** yyyy-MM-dd in local time. */
export const dayKey = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

const weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const months = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** 'Monday, January 5, 2025'. Spelled out here so server, browser and tests agree. */
export const formatLongDate = (date: Date) =>
  `${weekdays[date.getDay()]}, ${months[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;

/** h:mm a: '9:05 AM', '12:30 PM'. */
export function formatTime(date: Date): string {
  const hours = date.getHours();
  return `${hours % 12 || 12}:${pad(date.getMinutes())} ${hours < 12 ? "AM" : "PM"}`;
}

/** 'Today', 'Yesterday' or the long date. */
export function dayHeading(date: Date, now: Date): string {
  const key = dayKey(date);
  if (key === dayKey(now)) return "Today";
  if (key === dayKey(addDays(startOfDay(now), -1))) return "Yesterday";
  return formatLongDate(date);
}

const timeOf = (notification: Notification) => Date.parse(notification.timestamp);

// ---------------------------------------------------------------------------------------------
// Filters

export const typeFilters = ["all", ...notificationTypes, "emergency"] as const;
export const categoryFilters = ["all", ...notificationCategories] as const;
export const statusFilters = ["all", "read", "unread"] as const;
export const dateFilters = ["all", "today", "yesterday", "week", "month"] as const;

export type NotificationFilters = {
  search: string;
  type: (typeof typeFilters)[number];
  category: (typeof categoryFilters)[number];
  status: (typeof statusFilters)[number];
  date: (typeof dateFilters)[number];
};

export const defaultFilters: NotificationFilters = {
  search: "",
  type: "all",
  category: "all",
  status: "all",
  date: "all",
};

/** The dropdowns' options, in the product's exact words. */
export const filterOptions = {
  type: typeFilters.map((value) => ({
    value,
    label: value === "all" ? "All Types" : typeLabels[value],
  })),
  category: categoryFilters.map((value) => ({
    value,
    label: value === "all" ? "All Categories" : categoryLabels[value],
  })),
  status: [
    { value: "all", label: "All Status" },
    { value: "read", label: "Read" },
    { value: "unread", label: "Unread" },
  ],
  date: [
    { value: "all", label: "All Dates" },
    { value: "today", label: "Today" },
    { value: "yesterday", label: "Yesterday" },
    { value: "week", label: "This Week" },
    { value: "month", label: "This Month" },
  ],
} as const;

/**
 * What the history screen calls an emergency: priority urgent or category emergency (the
 * Emergency card). The Emergency type filter uses the same rule, since no stored type is
 * 'emergency': choosing it then lists exactly what the card counts.
 */
export const isEmergency = (n: Notification) =>
  n.priority === "urgent" || n.category === "emergency";

export function hasActiveFilters(filters: NotificationFilters): boolean {
  return (
    filters.search.trim() !== "" ||
    filters.type !== "all" ||
    filters.category !== "all" ||
    filters.status !== "all" ||
    filters.date !== "all"
  );
}

function inDateRange(time: number, range: NotificationFilters["date"], now: Date): boolean {
  const today = startOfDay(now);
  switch (range) {
    case "all":
      return true;
    case "today":
      return time >= today.getTime() && time < addDays(today, 1).getTime();
    case "yesterday":
      return time >= addDays(today, -1).getTime() && time < today.getTime();
    case "week":
      return time >= startOfWeek(now).getTime();
    case "month":
      return time >= startOfMonth(now).getTime();
  }
}

export function filterNotifications(
  items: readonly Notification[],
  filters: NotificationFilters,
  now: Date,
): Notification[] {
  const query = filters.search.trim().toLowerCase();
  return items.filter(
    (n) =>
      (query === "" ||
        n.title.toLowerCase().includes(query) ||
        n.message.toLowerCase().includes(query)) &&
      (filters.type === "all" ||
        (filters.type === "emergency" ? isEmergency(n) : n.type === filters.type)) &&
      (filters.category === "all" || n.category === filters.category) &&
      (filters.status === "all" || n.read === (filters.status === "read")) &&
      inDateRange(timeOf(n), filters.date, now),
  );
}

// ---------------------------------------------------------------------------------------------
// Summary, ordering, grouping

export type NotificationSummary = {
  total: number;
  unread: number;
  emergency: number;
  thisWeek: number;
};

export function summarize(items: readonly Notification[], now: Date): NotificationSummary {
  const weekStart = startOfWeek(now).getTime();
  return {
    total: items.length,
    unread: items.filter((n) => !n.read).length,
    emergency: items.filter(isEmergency).length,
    thisWeek: items.filter((n) => timeOf(n) >= weekStart).length,
  };
}

export const unreadCount = (items: readonly Notification[]) => items.filter((n) => !n.read).length;

/** Newest first. */
export const newestFirst = (items: readonly Notification[]) =>
  [...items].sort((a, b) => timeOf(b) - timeOf(a));

export const countLabel = (count: number) =>
  `${count} ${count === 1 ? "notification" : "notifications"}`;

export type NotificationGroup = {
  key: string;
  heading: string;
  countLabel: string;
  items: Notification[];
};

/** By calendar day, newest day first, newest item first within a day. */
export function groupByDay(items: readonly Notification[], now: Date): NotificationGroup[] {
  const groups = new Map<string, Notification[]>();
  for (const n of newestFirst(items)) {
    const key = dayKey(new Date(n.timestamp));
    groups.set(key, [...(groups.get(key) ?? []), n]);
  }
  return [...groups].map(([key, list]) => ({
    key,
    heading: dayHeading(new Date(list[0]!.timestamp), now),
    countLabel: countLabel(list.length),
    items: list,
  }));
}

// ---------------------------------------------------------------------------------------------
// Expiry and export

/** Drops what has expired (expiresAt <= now). The same array comes back when nothing has. */
export function sweepExpired(items: Notification[], now: Date): Notification[] {
  const kept = items.filter(
    (n) => n.expiresAt === undefined || Date.parse(n.expiresAt) > now.getTime(),
  );
  return kept.length === items.length ? items : kept;
}

export const exportFileName = (now: Date) => `notifications-${dayKey(now)}.json`;

export const exportJson = (items: readonly Notification[]) => JSON.stringify(items, null, 2);

// ---------------------------------------------------------------------------------------------
// The first visit's hard-coded samples (the centre is a mock), placed relative to `now`. The
// browser stores them in the words of the page the visitor arrives on (the catalogue's
// `notify.sample.*`, whose English is these texts).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function sampleNotifications(now: Date): Notification[] {
  const at = (offset: number) => new Date(now.getTime() - offset).toISOString();
  return [
    {
      id: "sample-water-shutoff",
      title: "Emergency water shut-off",
      message:
        "Water will be off at 120 Asylum Avenue from 10 PM to 2 AM tonight for an urgent main repair. Please store some water beforehand.",
      type: "error",
      category: "emergency",
      priority: "urgent",
      read: false,
      timestamp: at(25 * MINUTE),
    },
    {
      id: "sample-fire-alarm-test",
      title: "Fire alarm test today",
      message:
        "The fire alarms will be tested for about 15 minutes. There is no need to leave the building.",
      type: "warning",
      category: "maintenance",
      priority: "medium",
      read: false,
      timestamp: at(1 * HOUR),
      expiresAt: new Date(now.getTime() + 2 * HOUR).toISOString(),
    },
    {
      id: "sample-faucet-repair",
      title: "Maintenance visit scheduled",
      message:
        "A technician will repair your kitchen faucet tomorrow between 9 AM and noon. Someone 18 or older should be home.",
      type: "info",
      category: "maintenance",
      priority: "high",
      read: false,
      timestamp: at(3 * HOUR),
    },
    {
      id: "sample-payment-received",
      title: "Rent payment received",
      message: "Thank you! We received your rent payment. A receipt has been sent to your e-mail.",
      type: "success",
      category: "payment",
      priority: "low",
      read: true,
      timestamp: at(1 * DAY + 2 * HOUR),
    },
    {
      id: "sample-new-listings",
      title: "New homes available",
      message: "Three new apartments in West Hartford are now open for viewing.",
      type: "info",
      category: "communication",
      priority: "low",
      read: false,
      timestamp: at(1 * DAY + 5 * HOUR),
      actionUrl: "/properties",
      actionLabel: "Browse Properties",
    },
    {
      id: "sample-rent-reminder",
      title: "Rent due on the 1st",
      message:
        "A friendly reminder that next month's rent is due on the 1st. Late fees apply after the 10th.",
      type: "warning",
      category: "payment",
      priority: "high",
      read: true,
      timestamp: at(3 * DAY),
    },
    {
      id: "sample-site-update",
      title: "Website improvements",
      message: "Our site now lets you filter homes by vacancy and see more photos of each unit.",
      type: "success",
      category: "system",
      priority: "low",
      read: true,
      timestamp: at(5 * DAY),
    },
    {
      id: "sample-office-message",
      title: "Message from the leasing office",
      message: "Our office hours have changed. Get in touch if you need to schedule a viewing.",
      type: "info",
      category: "communication",
      priority: "medium",
      read: true,
      timestamp: at(35 * DAY),
      actionUrl: "/contact",
      actionLabel: "Contact Us",
    },
  ];
}
