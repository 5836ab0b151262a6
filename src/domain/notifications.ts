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

export type NotificationGroup = {
  key: string;
  heading: string;
  countLabel: string;
  items: Notification[];
};

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
// The first visit's hard-coded samples (the centre is a mock), placed relative to `now`. Their
// words are the catalogue's (`notify.sample.<name>.title`, `.message`, `.action`): the browser
// stores them in the language of the page the visitor arrives on.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type SampleShape = Omit<
  Notification,
  "id" | "title" | "message" | "actionLabel" | "timestamp" | "expiresAt"
> & {
  name: string;
  /** How long before `now` it came. */
  ago: number;
  /** How long after `now` it expires. */
  expiresIn?: number;
};

const samples: readonly SampleShape[] = [
  {
    name: "water-shutoff",
    type: "error",
    category: "emergency",
    priority: "urgent",
    read: false,
    ago: 25 * MINUTE,
  },
  {
    name: "fire-alarm-test",
    type: "warning",
    category: "maintenance",
    priority: "medium",
    read: false,
    ago: HOUR,
    expiresIn: 2 * HOUR,
  },
  {
    name: "faucet-repair",
    type: "info",
    category: "maintenance",
    priority: "high",
    read: false,
    ago: 3 * HOUR,
  },
  {
    name: "payment-received",
    type: "success",
    category: "payment",
    priority: "low",
    read: true,
    ago: DAY + 2 * HOUR,
  },
  {
    name: "new-listings",
    type: "info",
    category: "communication",
    priority: "low",
    read: false,
    ago: DAY + 5 * HOUR,
    actionUrl: "/properties",
  },
  {
    name: "rent-reminder",
    type: "warning",
    category: "payment",
    priority: "high",
    read: true,
    ago: 3 * DAY,
  },
  {
    name: "site-update",
    type: "success",
    category: "system",
    priority: "low",
    read: true,
    ago: 5 * DAY,
  },
  {
    name: "office-message",
    type: "info",
    category: "communication",
    priority: "medium",
    read: true,
    ago: 35 * DAY,
    actionUrl: "/contact",
  },
];

/** A sample's words: its title, its message and (for those with a link) the link's label. */
export type SampleWords = (name: string, part: "title" | "message" | "action") => string;

/** The samples at `now`, in the words `words` gives (one per sample and part). */
export function sampleNotifications(now: Date, words: SampleWords): Notification[] {
  return samples.map(({ name, ago, expiresIn, ...shape }) => ({
    id: `sample-${name}`,
    title: words(name, "title"),
    message: words(name, "message"),
    ...shape,
    timestamp: new Date(now.getTime() - ago).toISOString(),
    ...(shape.actionUrl !== undefined && { actionLabel: words(name, "action") }),
    ...(expiresIn !== undefined && {
      expiresAt: new Date(now.getTime() + expiresIn).toISOString(),
    }),
  }));
}
