import { retention } from "./retention";
import { z } from "./zod";

/**
 * Listing alerts: a renter asks to hear about homes that match what they look for, confirms by
 * e-mail (double opt-in), and is e-mailed each matching home once, as soon as it opens or in a
 * daily summary. Every alert e-mail carries a link to manage or end the subscription.
 */

/** A confirmation link works this long; an unconfirmed subscription is removed after it. */
export const ALERT_CONFIRM_DAYS = retention.alertsUnconfirmed.days;
/** Active (confirmed, not ended) subscriptions one address may hold. */
export const ALERTS_PER_ADDRESS = 5;
/**
 * Subscribe requests for one mailbox (the e-mail address, plus-tags aside) per hour from one
 * client, confirmed or not: requests someone else sends for an address fill their own share, not
 * the owner's, so the owner's own request is still e-mailed.
 */
export const ALERT_SUBSCRIBES_PER_ADDRESS_PER_HOUR = 5;
/** Subscribe requests for one mailbox per hour from all clients together: a flood's bound. */
export const ALERT_SUBSCRIBES_PER_ADDRESS_PER_HOUR_IN_ALL = 20;
/** Subscribe requests per client address per minute. */
export const ALERT_SUBSCRIBES_PER_MINUTE = 5;
/** The daily summary goes out at this hour, office time (America/New_York). */
export const ALERT_DIGEST_HOUR = 8;
/** A subscription without its subscriber's own act (confirm, change, pause, resume) this long is removed. */
export const ALERT_RETENTION_DAYS = retention.alertsIdle.days;
/** The most towns one subscription names. */
export const ALERT_TOWNS_MAX = 20;

export const alertFrequencies = ["instant", "daily"] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];

export const alertLanguages = ["en", "es"] as const;
export type AlertLanguage = (typeof alertLanguages)[number];

/** The server's and the form's refusals, in English (the catalogue has them in Spanish). */
export const alertMessages = {
  email: "Please enter a valid email address.",
  bedroomsMin: "Bedrooms must be a whole number from 0 to 10.",
  rentMax: "Maximum rent must be a whole number of dollars from 1 to 1,000,000.",
  towns: "Choose up to 20 towns.",
  town: "Choose a town from the list.",
  frequency: "Choose how often to hear from us.",
  /** Always the same answer, whether the address is new, known or over its limit. */
  checkEmail: "Check your e-mail: we sent a link to confirm your alerts. It works for 7 days.",
  linkInvalid: "This link is not valid or has expired. You can ask for alerts again.",
  linkUsed:
    "These alerts were turned on with this link already. Every alert e-mail has a link to change or stop them.",
  updated: "Your alerts are updated.",
  paused: "Your alerts are paused. Resume them whenever you like.",
  resumed: "Your alerts are on again.",
  unsubscribed: "You are unsubscribed. You will not receive these alerts anymore.",
  tooMany: "This address already has 5 active alerts. Change or end one of them first.",
} as const;

/**
 * What a renter looks for. Every field narrows; none set matches every home. `towns` are the
 * agency's towns (the cities of its buildings).
 */
export const alertCriteriaSchema = z.object({
  bedroomsMin: z
    .number({ error: alertMessages.bedroomsMin })
    .int(alertMessages.bedroomsMin)
    .min(0, alertMessages.bedroomsMin)
    .max(10, alertMessages.bedroomsMin)
    .optional(),
  rentMax: z
    .number({ error: alertMessages.rentMax })
    .int(alertMessages.rentMax)
    .min(1, alertMessages.rentMax)
    .max(1_000_000, alertMessages.rentMax)
    .optional(),
  towns: z
    .array(z.string().trim().min(1, alertMessages.town).max(100, alertMessages.town), {
      error: alertMessages.towns,
    })
    .max(ALERT_TOWNS_MAX, alertMessages.towns)
    .optional(),
  availableNow: z.boolean().optional(),
});
export type AlertCriteria = z.infer<typeof alertCriteriaSchema>;

export const alertFrequencySchema = z.enum(alertFrequencies, { error: alertMessages.frequency });

/** POST /api/alerts. */
export const alertSubscribeSchema = z.object({
  email: z
    .string({ error: alertMessages.email })
    .trim()
    .max(254, alertMessages.email)
    .pipe(z.email({ error: alertMessages.email }))
    .transform((email) => email.toLowerCase()),
  criteria: alertCriteriaSchema,
  frequency: alertFrequencySchema,
  lang: z.enum(alertLanguages).default("en"),
});
export type AlertSubscribeInput = z.input<typeof alertSubscribeSchema>;
export type AlertSubscribe = z.infer<typeof alertSubscribeSchema>;

/** The manage page's changes: criteria and frequency, or a pause and a resume. */
export const alertUpdateSchema = z.object({
  criteria: alertCriteriaSchema.optional(),
  frequency: alertFrequencySchema.optional(),
  paused: z.boolean().optional(),
});
export type AlertUpdate = z.infer<typeof alertUpdateSchema>;

export const alertStatuses = ["pending", "active", "paused"] as const;
export type AlertStatus = (typeof alertStatuses)[number];

/** A subscription as its own manage page shows it (never the address of anyone else). */
export type AlertSubscription = {
  email: string;
  criteria: AlertCriteria;
  frequency: AlertFrequency;
  lang: AlertLanguage;
  status: AlertStatus;
  /** The agency's towns, to choose from. */
  towns: string[];
};

/** Criteria the same whatever order or case they were given in: towns sorted, empty left out. */
export function normalizeCriteria(
  criteria: AlertCriteria,
  knownTowns: readonly string[],
): AlertCriteria {
  const byLower = new Map(knownTowns.map((town) => [town.toLowerCase(), town]));
  const towns = [
    ...new Set(
      (criteria.towns ?? []).flatMap((town) => {
        const known = byLower.get(town.trim().toLowerCase());
        return known ? [known] : [];
      }),
    ),
  ].sort();
  return {
    ...(criteria.bedroomsMin !== undefined && criteria.bedroomsMin > 0
      ? { bedroomsMin: criteria.bedroomsMin }
      : {}),
    ...(criteria.rentMax !== undefined ? { rentMax: criteria.rentMax } : {}),
    ...(towns.length > 0 ? { towns } : {}),
    ...(criteria.availableNow ? { availableNow: true } : {}),
  };
}

/** A home as matching sees it. `availableFrom` is yyyy-MM-dd or null (now). */
export type MatchableUnit = {
  bedrooms: number;
  rent: number;
  city: string;
  availableFrom: string | null;
};

/** Whether a home matches, on `today` (yyyy-MM-dd, office time). */
export function matchesCriteria(criteria: AlertCriteria, unit: MatchableUnit, today: string) {
  if (criteria.bedroomsMin !== undefined && unit.bedrooms < criteria.bedroomsMin) return false;
  if (criteria.rentMax !== undefined && unit.rent > criteria.rentMax) return false;
  if (criteria.towns && !criteria.towns.includes(unit.city)) return false;
  if (criteria.availableNow && unit.availableFrom !== null && unit.availableFrom > today)
    return false;
  return true;
}
