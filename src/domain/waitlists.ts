import { pageQueryShape } from "./api/paging";
import { locales } from "./locale";
import { retention } from "./retention";
import { z } from "./zod";

/**
 * A building's waiting lists, one for each number of bedrooms. A renter asks to join; the e-mailed
 * link confirms it (double opt-in, like the listing alerts), and their place is the time they
 * confirmed. Staff see each list in that order and move someone only with a reason they record;
 * when a unit opens they invite the next people on its list to apply. Every six months the list
 * asks each person whether they are still interested: one who does not answer within two weeks is
 * removed, and told.
 */

/** The most bedrooms a list is for (studios are 0). */
export const WAITLIST_BEDROOMS_MAX = 6;
/** How long a join waits for its confirmation (then it is deleted): the retention table's. */
export const WAITLIST_CONFIRM_DAYS = retention.waitlistUnconfirmed.days;
/**
 * How long one asked whether they are still interested has to answer, and how often the list
 * asks: together the retention table's period for a place nobody confirms.
 */
export const WAITLIST_ANSWER_DAYS = 14;
export const WAITLIST_CHECK_DAYS = retention.waitlistSilent.days - WAITLIST_ANSWER_DAYS;
/** Joins one client may send a minute, and links sent to one mailbox a day. */
export const WAITLIST_JOINS_PER_MINUTE = 5;
export const WAITLIST_MAILS_PER_MAILBOX_PER_DAY = 3;
/** The most people one opening invites to apply, and the moves an entry keeps in its history. */
export const WAITLIST_INVITES_MAX = 20;
export const WAITLIST_MOVES_KEPT = 20;

export const waitlistMessages = {
  name: "Enter a name of 2 to 100 characters.",
  email: "Please enter a valid email address.",
  bedrooms: `Choose how many bedrooms, 0 (a studio) to ${WAITLIST_BEDROOMS_MAX}.`,
  checkEmail: "Check your e-mail: the link we sent you confirms your place on the waiting list.",
  linkInvalid: "This waiting-list link does not work. You may have left the list, or been removed.",
  confirmed: "You are on the waiting list.",
  kept: "Thank you: you stay on the waiting list.",
  left: "You have left the waiting list.",
  buildingNotFound: "This building was not found.",
  entryNotFound: "This waiting-list entry was not found.",
  reason: "Say why this person is moved (5 to 500 characters): the reason is kept.",
  position: "Enter a place on the list, 1 or more.",
  notWaiting: "Only someone waiting on the list can be moved.",
  noneWaiting: "Nobody is waiting on this unit's list.",
} as const;

/** The statuses of an entry: asked (not yet confirmed), waiting, and invited to apply. */
export const waitlistStatuses = ["pending", "waiting", "invited"] as const;
export type WaitlistStatus = (typeof waitlistStatuses)[number];

const bedrooms = z
  .number({ error: waitlistMessages.bedrooms })
  .int(waitlistMessages.bedrooms)
  .min(0, waitlistMessages.bedrooms)
  .max(WAITLIST_BEDROOMS_MAX, waitlistMessages.bedrooms);

/** A renter's request to join a building's list for a number of bedrooms. */
export const waitlistJoinSchema = z.object({
  name: z
    .string({ error: waitlistMessages.name })
    .trim()
    .min(2, waitlistMessages.name)
    .max(100, waitlistMessages.name),
  email: z
    .string({ error: waitlistMessages.email })
    .trim()
    .max(254, waitlistMessages.email)
    .pipe(z.email({ error: waitlistMessages.email }))
    .transform((value) => value.toLowerCase()),
  bedrooms,
  lang: z.enum(locales).default("en"),
});
export type WaitlistJoin = z.input<typeof waitlistJoinSchema>;

/** What the person's link shows: the list, where they stand, and whether a check waits. */
export const waitlistViewSchema = z.object({
  building: z.string(),
  bedrooms: z.number().int(),
  status: z.enum(waitlistStatuses),
  /** Their place among those waiting (null until confirmed, or once invited). */
  position: z.number().int().nullable(),
  joinedAt: z.string().nullable(),
  /** The six-month check asked whether they are still interested, and waits for the answer. */
  checkPending: z.boolean(),
  lang: z.enum(locales),
});
export type WaitlistView = z.output<typeof waitlistViewSchema>;

/** The office's view of one building's lists, in order. */
export const adminWaitlistQuerySchema = z.object({
  propertyId: z.coerce.number().int().positive().max(2_147_483_647),
  bedrooms: z.coerce.number().int().min(0).max(WAITLIST_BEDROOMS_MAX).optional(),
  ...pageQueryShape(),
});
export type AdminWaitlistQuery = z.output<typeof adminWaitlistQuerySchema>;

export const adminWaitlistEntrySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  lang: z.enum(locales),
  bedrooms: z.number().int(),
  status: z.enum(["waiting", "invited"]),
  /** The place among those waiting on the same list (null once invited). */
  position: z.number().int().nullable(),
  joinedAt: z.string(),
  lastConfirmedAt: z.string(),
  checkSentAt: z.string().nullable(),
  invitedAt: z.string().nullable(),
  applicationId: z.uuid().nullable(),
  moves: z
    .array(z.object({ at: z.string(), from: z.number(), to: z.number(), reason: z.string() }))
    .max(WAITLIST_MOVES_KEPT),
});
export type AdminWaitlistEntry = z.output<typeof adminWaitlistEntrySchema>;

/** A move to another place on the list, with the reason staff record. */
export const waitlistMoveSchema = z.object({
  position: z.number({ error: waitlistMessages.position }).int().min(1, waitlistMessages.position),
  reason: z
    .string({ error: waitlistMessages.reason })
    .trim()
    .min(5, waitlistMessages.reason)
    .max(500, waitlistMessages.reason),
});

/** How many of the next people on the unit's list to invite to apply. */
export const waitlistInviteSchema = z.object({
  count: z.number().int().min(1).max(WAITLIST_INVITES_MAX).default(1),
});
