import { isoDate } from "./admin";
import {
  type AlertCriteria,
  type AlertFrequency,
  type AlertLanguage,
  type AlertStatus,
  alertStatuses,
} from "./alerts";
import { pageQueryShape } from "./api/paging";
import { z } from "./zod";

/**
 * Listing alerts as the back office sees them: the demand on the Overview (how many renters
 * wait, for what), the subscribers' addresses (administrators only, never on a public or tenant
 * page), and how many renters a unit reaches when it is saved as available.
 */

/** The most wanted criteria the Overview lists. */
export const TOP_CRITERIA = 5;
/** Subscribers per page of the list. */
export const ALERT_SUBSCRIBERS_PAGE = 50;

/** The Overview's figures. Counts are of subscriptions, but `renters` (distinct addresses). */
export type AlertSummary = {
  /** Confirmed and not paused: these are e-mailed. */
  active: number;
  paused: number;
  /** Asked, with a confirmation link still valid. */
  awaitingConfirmation: number;
  /** The addresses behind the active subscriptions. */
  renters: number;
  /** The active subscriptions by how often they hear. */
  byFrequency: Record<AlertFrequency, number>;
  /**
   * Identical criteria of active subscriptions grouped, most renters first (at most
   * TOP_CRITERIA), each in words: "2+ bedrooms, up to $1,800, in Hartford".
   */
  topCriteria: { criteria: AlertCriteria; words: string; renters: number }[];
};

/** GET the subscribers: newest first, a page at a time (by the cursor), optionally of one status. */
export const alertSubscribersQuerySchema = z.object({
  status: z.enum(alertStatuses).optional(),
  ...pageQueryShape({ limit: ALERT_SUBSCRIBERS_PAGE }),
});

export type AlertSubscriber = {
  id: string;
  email: string;
  criteria: AlertCriteria;
  /** The criteria in words (English, the back office's language). */
  words: string;
  frequency: AlertFrequency;
  status: AlertStatus;
  /** The language the renter's e-mails are in. */
  lang: AlertLanguage;
  /** ISO timestamps. */
  createdAt: string;
  lastActivityAt: string;
  /** The last alert e-mailed to this subscription, null before the first. */
  lastAlertAt: string | null;
};

export type AlertSubscribersPage = {
  subscribers: AlertSubscriber[];
  /** How many match the filter, on every page. */
  total: number;
  /** The limit this page was read with. */
  pageSize: number;
  /** Where the next page starts; null on the last. */
  nextCursor: string | null;
};

/**
 * A unit as the unit dialog is about to save it, available: its building (whose city is the
 * town renters choose), bedrooms, rent and availability date; `unitId` when it exists, so that
 * subscriptions already told about it are left out.
 */
export const alertReachQuerySchema = z.object({
  propertyId: z.coerce.number().int().positive().max(2_147_483_647),
  bedrooms: z.coerce.number().int().min(0).max(20),
  rent: z.coerce.number().positive().max(1_000_000),
  availableFrom: isoDate.optional(),
  unitId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type AlertReachQuery = z.infer<typeof alertReachQuerySchema>;

export type AlertReach = {
  /** Renters (addresses) an alert goes to once the unit is saved available. */
  renters: number;
  /**
   * More renters, who asked for homes available now: they hear on the unit's availability
   * date, when it is after today.
   */
  later: number;
  /** A hidden building's units are not listed: nobody hears until it is shown. */
  buildingActive: boolean;
};

// ---- Words --------------------------------------------------------------------------------

export const renters = (n: number) => `${n} ${n === 1 ? "renter" : "renters"}`;

const dayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
/** A yyyy-MM-dd day as "Sep 1, 2026". */
const day = (value: string) => dayFormat.format(new Date(`${value}T00:00:00Z`));

export const adminAlertsMessages = {
  summaryFailed: (detail: string) => `Listing alerts failed to load: ${detail}.`,
  noAlerts: "No renter has asked for listing alerts yet.",
  subscribersFailed: "Failed to load subscribers",
  noSubscribers: "No subscribers yet",
  statusLabels: {
    pending: "Awaiting confirmation",
    active: "Active",
    paused: "Paused",
  } satisfies Record<AlertStatus, string>,
  frequencyLabels: {
    instant: "As soon as one opens",
    daily: "Daily summary",
  } satisfies Record<AlertFrequency, string>,
  languageLabels: { en: "English", es: "Spanish" } satisfies Record<AlertLanguage, string>,
  hiddenBuilding: "This building is hidden from the site: no renter is alerted until it is shown.",
  nobody: "No renter will be alerted when you save.",
} as const;

/** "3 renters will be alerted{when}, and 2 more on Sep 1, 2026." or null for nobody. */
function reachWords(reach: AlertReach, availableFrom: string | null, when: string) {
  const later = reach.later > 0 && availableFrom ? day(availableFrom) : null;
  if (reach.renters > 0 && later)
    return `${renters(reach.renters)} will be alerted${when}, and ${reach.later} more on ${later}.`;
  if (reach.renters > 0) return `${renters(reach.renters)} will be alerted${when}.`;
  if (later) return `${renters(reach.later)} will be alerted on ${later}.`;
  return null;
}

/**
 * What the unit dialog says before a save: "3 renters will be alerted when you save.", with,
 * for a unit available later, those who asked for homes available now (they hear on its date).
 * Nobody is said plainly: it tells the office the unit meets no renter's wish.
 */
export function reachSentence(reach: AlertReach, availableFrom: string | null): string {
  if (!reach.buildingActive) return adminAlertsMessages.hiddenBuilding;
  return reachWords(reach, availableFrom, " when you save") ?? adminAlertsMessages.nobody;
}

/** The saved toast's second line; null when nobody is alerted (the dialog said so already). */
export function reachAfterSave(reach: AlertReach, availableFrom: string | null): string | null {
  return reach.buildingActive ? reachWords(reach, availableFrom, "") : null;
}
