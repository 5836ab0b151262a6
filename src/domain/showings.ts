import { pageQueryShape } from "./api/paging";
import { tourRequestSchema } from "./inquiries";
import { addDays, officeClock, officeMoment } from "./office-time";
import { z } from "./zod";

/**
 * Showings booked online. Each building has weekly showing hours (office time, America/New_York),
 * a slot length, a buffer between showings, the minimum notice, how far ahead renters may book
 * and dates off; the server turns them into the open slots of the next days, less those taken.
 * Two showings of one unit never overlap: the database refuses it (an exclusion constraint on
 * the time range).
 */

export const weekdays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type Weekday = (typeof weekdays)[number];

/** The bounds staff may set, and what a building has until they do. */
export const SHOWING_SLOT_MINUTES = { min: 10, max: 240, default: 30 };
export const SHOWING_BUFFER_MINUTES = { min: 0, max: 120, default: 15 };
export const SHOWING_NOTICE_HOURS = { min: 0, max: 336, default: 24 };
export const SHOWING_HORIZON_DAYS = { min: 1, max: 60, default: 14 };
/** The most windows a day has, and the most dates off a building lists. */
export const SHOWING_WINDOWS_PER_DAY_MAX = 4;
export const SHOWING_DATES_OFF_MAX = 100;
/** The most units of one building with a booking mode of their own. */
export const SHOWING_UNIT_MODES_MAX = 500;
/** The most slots one answer lists (a horizon of 60 days of 10-minute slots is bounded). */
export const SHOWING_SLOTS_MAX = 500;
/** Bookings one client may send a minute (the form's rate limit). */
export const SHOWING_BOOKINGS_PER_MINUTE = 5;
/** The open times the renter's link offers to move a showing to (the soonest). */
export const SHOWING_MOVE_CHOICES = 60;
/** A tenant at home is told this long before a showing at the latest (CGS 47a-16). */
export const TENANT_NOTICE_HOURS = 24;

export const showingMessages = {
  time: "Enter a time as HH:MM, from 00:00 to 24:00.",
  window: "Each window must end after it starts.",
  overlap: "A day's windows must not overlap.",
  slotMinutes: `Slot length must be ${SHOWING_SLOT_MINUTES.min} to ${SHOWING_SLOT_MINUTES.max} minutes.`,
  bufferMinutes: `The buffer must be ${SHOWING_BUFFER_MINUTES.min} to ${SHOWING_BUFFER_MINUTES.max} minutes.`,
  noticeHours: `The notice must be ${SHOWING_NOTICE_HOURS.min} to ${SHOWING_NOTICE_HOURS.max} hours.`,
  horizonDays: `Renters may book ${SHOWING_HORIZON_DAYS.min} to ${SHOWING_HORIZON_DAYS.max} days ahead.`,
  dateOff: "Enter each date off as YYYY-MM-DD.",
  unitBooking: "A unit's booking mode must name a unit of this building.",
  start: "Choose one of the times offered.",
  note: "The note must be at most 1000 characters.",
  slotTaken: "That time was just taken, or is no longer open. Please choose another.",
  noHours: "This home cannot be booked online yet. Ask us for a time instead.",
  unitNotFound: "This home was not found.",
  linkInvalid: "This link does not work. The showing may have been cancelled or have passed.",
  cancelled: "Your showing is cancelled.",
  moved: "Your showing has a new time.",
  hoursSaved: "Showing hours saved.",
  propertyNotFound: "This building was not found.",
} as const;

/** How a building's showings are booked: at once, or as a request staff confirm. */
export const bookingModes = ["instant", "request"] as const;
export type BookingMode = (typeof bookingModes)[number];

const timeOfDay = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, showingMessages.time)
  .transform((text) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3)));

/** `HH:MM` from minutes after midnight. */
export const timeText = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

const windowSchema = z
  .object({ start: timeOfDay, end: timeOfDay })
  .refine((w) => w.end > w.start, { message: showingMessages.window, path: ["end"] });

const daySchema = z
  .array(windowSchema)
  .max(SHOWING_WINDOWS_PER_DAY_MAX)
  .refine(
    (windows) =>
      [...windows]
        .sort((a, b) => a.start - b.start)
        .every((w, i, sorted) => i === 0 || w.start >= sorted[i - 1]!.end),
    { message: showingMessages.overlap },
  );

const bounded = (bounds: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int(message).min(bounds.min, message).max(bounds.max, message);

/** A building's showing hours as staff set them (times as `HH:MM`). */
export const showingHoursSchema = z.object({
  weekly: z.object(
    Object.fromEntries(weekdays.map((day) => [day, daySchema])) as Record<
      Weekday,
      typeof daySchema
    >,
  ),
  slotMinutes: bounded(SHOWING_SLOT_MINUTES, showingMessages.slotMinutes),
  bufferMinutes: bounded(SHOWING_BUFFER_MINUTES, showingMessages.bufferMinutes),
  noticeHours: bounded(SHOWING_NOTICE_HOURS, showingMessages.noticeHours),
  horizonDays: bounded(SHOWING_HORIZON_DAYS, showingMessages.horizonDays),
  booking: z.enum(bookingModes).default("instant"),
  /** A unit's own mode, by its id, where it differs from the building's. */
  unitBooking: z
    .record(z.string().regex(/^[1-9]\d{0,8}$/, showingMessages.unitBooking), z.enum(bookingModes))
    .refine((modes) => Object.keys(modes).length <= SHOWING_UNIT_MODES_MAX, {
      message: showingMessages.unitBooking,
    })
    .default({}),
  datesOff: z
    .array(z.iso.date({ error: showingMessages.dateOff }))
    .max(SHOWING_DATES_OFF_MAX)
    .transform((days) => [...new Set(days)].sort()),
});
export type ShowingHoursInput = z.input<typeof showingHoursSchema>;
/** Parsed: times as minutes after midnight. */
export type ShowingHours = z.infer<typeof showingHoursSchema>;

/** A building with no hours set shows nothing online (the office has not said when). */
export const noShowingHours: ShowingHours = {
  weekly: Object.fromEntries(weekdays.map((day) => [day, []])) as unknown as ShowingHours["weekly"],
  slotMinutes: SHOWING_SLOT_MINUTES.default,
  bufferMinutes: SHOWING_BUFFER_MINUTES.default,
  noticeHours: SHOWING_NOTICE_HOURS.default,
  horizonDays: SHOWING_HORIZON_DAYS.default,
  booking: "instant",
  unitBooking: {},
  datesOff: [],
};

/** How a unit's showings are booked: its own mode, or its building's. */
export const bookingModeOf = (hours: ShowingHours, unitId: number): BookingMode =>
  hours.unitBooking?.[String(unitId)] ?? hours.booking;

export type Slot = { start: Date; end: Date };

/**
 * The open slots of a unit from `now`: each window of each office day from today to the
 * horizon, cut into slots of the building's length with its buffer between them, from the
 * minimum notice on, less the dates off and any slot that would come within the buffer of a
 * showing already held (`taken`). `earliest` moves the notice later (an occupied home: the
 * tenant must be told first). At most SHOWING_SLOTS_MAX, soonest first.
 */
export function openSlots(input: {
  hours: ShowingHours;
  now: Date;
  taken: readonly Slot[];
  earliest?: Date;
}): Slot[] {
  const { hours, now, taken } = input;
  const notice = new Date(now.getTime() + hours.noticeHours * 3_600_000);
  const from = input.earliest && input.earliest > notice ? input.earliest : notice;
  const buffer = hours.bufferMinutes * 60_000;
  const today = officeClock(now).day;
  const off = new Set(hours.datesOff);
  const slots: Slot[] = [];
  for (let i = 0; i <= hours.horizonDays; i++) {
    const day = addDays(today, i);
    if (off.has(day)) continue;
    const weekday = weekdays[new Date(`${day}T00:00:00Z`).getUTCDay()]!;
    const windows = [...hours.weekly[weekday]].sort((a, b) => a.start - b.start);
    for (const window of windows) {
      for (
        let start = window.start;
        start + hours.slotMinutes <= window.end;
        start += hours.slotMinutes + hours.bufferMinutes
      ) {
        const slot = {
          start: officeMoment(day, start),
          end: officeMoment(day, start + hours.slotMinutes),
        };
        if (slot.start < from) continue;
        const clashes = taken.some(
          (held) =>
            slot.start.getTime() < held.end.getTime() + buffer &&
            held.start.getTime() < slot.end.getTime() + buffer,
        );
        if (clashes) continue;
        slots.push(slot);
        if (slots.length === SHOWING_SLOTS_MAX) return slots;
      }
    }
  }
  return slots;
}

const wireWindow = z.object({ start: z.string(), end: z.string() });

/** A building's hours as the API answers them: times as `HH:MM`, as staff typed them. */
export const showingHoursWireSchema = z.object({
  weekly: z.object(
    Object.fromEntries(
      weekdays.map((day) => [day, z.array(wireWindow).max(SHOWING_WINDOWS_PER_DAY_MAX)]),
    ) as Record<Weekday, z.ZodArray<typeof wireWindow>>,
  ),
  slotMinutes: z.number().int(),
  bufferMinutes: z.number().int(),
  noticeHours: z.number().int(),
  horizonDays: z.number().int(),
  booking: z.enum(bookingModes),
  unitBooking: z.record(z.string(), z.enum(bookingModes)),
  datesOff: z.array(z.string()).max(SHOWING_DATES_OFF_MAX),
});

/** Stored hours (minutes after midnight) as the API answers them. */
export function hoursForWire(hours: ShowingHours): z.infer<typeof showingHoursWireSchema> {
  return {
    ...hours,
    // Hours saved before units had modes of their own have none.
    unitBooking: hours.unitBooking ?? {},
    weekly: Object.fromEntries(
      weekdays.map((day) => [
        day,
        hours.weekly[day].map((w) => ({ start: timeText(w.start), end: timeText(w.end) })),
      ]),
    ) as z.infer<typeof showingHoursWireSchema>["weekly"],
  };
}

export const slotSchema = z.object({ start: z.string(), end: z.string() });
export const slotsSchema = z.object({
  timeZone: z.literal("America/New_York"),
  slots: z.array(slotSchema).max(SHOWING_SLOTS_MAX),
});
export type SlotsAnswer = z.infer<typeof slotsSchema>;

/** A renter's booking: a time the slots offered, who they are, and an optional note. */
export const showingBookingSchema = z.object({
  start: z.iso.datetime({ offset: true, error: showingMessages.start }),
  name: tourRequestSchema.shape.name,
  email: tourRequestSchema.shape.email.transform((email) => email.toLowerCase()),
  phone: tourRequestSchema.shape.phone,
  note: z.string().trim().max(1000, showingMessages.note).default(""),
  lang: z.enum(["en", "es"]).default("en"),
});
export type ShowingBookingInput = z.input<typeof showingBookingSchema>;
export type ShowingBooking = z.infer<typeof showingBookingSchema>;

export const showingStatuses = [
  "requested",
  "booked",
  "completed",
  "no_show",
  "cancelled",
  "released",
] as const;
export type ShowingStatus = (typeof showingStatuses)[number];

/** A showing as its renter sees it (the booking's answer, the e-mailed link's page). */
export const showingViewSchema = z.object({
  id: z.uuid(),
  status: z.enum(showingStatuses),
  start: z.string(),
  end: z.string(),
  unit: z.object({
    id: z.number().int(),
    number: z.string(),
    building: z.string(),
    address: z.string(),
  }),
  name: z.string(),
  email: z.string(),
});
export type ShowingView = z.infer<typeof showingViewSchema>;

/** The renter's move of their showing, by its link: one of the times the page offers. */
export const showingMoveSchema = z.object({
  start: z.iso.datetime({ offset: true, error: showingMessages.start }),
});

/** A moved showing: its new link's page (the old link no longer works). */
export const showingMovedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  path: z.string(),
});

/** 409 to a booking whose time is gone: the message, and the next open times to choose from. */
export const slotTakenSchema = z.object({
  error: z.string(),
  message: z.string(),
  slots: z.array(slotSchema).max(5),
});

/**
 * The office's side: a range of office days of showings (the Showings tab's day and week), what
 * staff do with one, and what follows it.
 */
export const SHOWINGS_RANGE_DAYS_MAX = 7;
/** The unit's inquiries shown beside a showing, newest first. */
export const SHOWING_UNIT_INQUIRIES = 10;

/**
 * What staff do with a showing, each from the statuses it applies to: confirm or decline a
 * request, cancel a booked showing, and once its time has come, mark how it went.
 */
export const showingActions = {
  confirm: { from: ["requested"], to: "booked" },
  decline: { from: ["requested"], to: "cancelled" },
  cancel: { from: ["booked"], to: "cancelled" },
  completed: { from: ["booked"], to: "completed" },
  no_show: { from: ["booked"], to: "no_show" },
} as const satisfies Record<string, { from: readonly ShowingStatus[]; to: ShowingStatus }>;
export type ShowingAction = keyof typeof showingActions;
/** The outcomes can be marked only once the showing's time has begun. */
export const outcomeActions: readonly ShowingAction[] = ["completed", "no_show"];

/** After a showing: the renter sent the application, or the lead marked lost. */
export const showingFollowUps = ["application_sent", "lead_lost"] as const;
export type ShowingFollowUp = (typeof showingFollowUps)[number];

export const showingAdminMessages = {
  notFound: "This showing was not found.",
  notNow: "This showing has changed meanwhile. The list shows what it is now.",
  notYet: "A showing's outcome can be marked once its time has begun.",
  followUpNotYet: "Follow up once the showing is completed.",
  confirmed: "Showing confirmed. The renter has the invitation.",
  declined: "Request declined. The renter has been told.",
  cancelled: "Showing cancelled. The renter has been told.",
  marked: "Outcome saved.",
  applicationSent: "Application sent to the renter.",
  leadLost: "Lead marked lost.",
} as const;

const officeDay = z.iso.date({ error: "A date as YYYY-MM-DD." });

/** GET /api/admin/showings: office days from `from` (today unless asked), soonest first. */
export const adminShowingsQuerySchema = z.object({
  from: officeDay.optional(),
  days: z.coerce.number().int().min(1).max(SHOWINGS_RANGE_DAYS_MAX).default(1),
  status: z.enum([...showingStatuses, "all"]).default("all"),
  propertyId: z.coerce.number().int().positive().optional(),
  ...pageQueryShape(),
});
export type AdminShowingsQuery = z.infer<typeof adminShowingsQuerySchema>;

/** A showing as the office sees it: the renter's view, and what only staff read. */
export const adminShowingSchema = showingViewSchema
  .pick({
    id: true,
    status: true,
    start: true,
    end: true,
    name: true,
    email: true,
  })
  .extend({
    unit: z.object({
      id: z.number().int(),
      number: z.string(),
      propertyId: z.number().int(),
      building: z.string(),
    }),
    phone: z.string(),
    note: z.string(),
    lang: z.enum(["en", "es"]),
    /** A tenant lives in the unit (they are told before each showing). */
    occupied: z.boolean(),
    followUp: z.enum(showingFollowUps).nullable(),
    createdAt: z.string(),
  });
export type AdminShowing = z.infer<typeof adminShowingSchema>;

export const adminShowingsPageSchema = z.object({
  /** The range's first and last office days, and its zone. */
  from: z.string(),
  to: z.string(),
  timeZone: z.literal("America/New_York"),
  showings: z.array(adminShowingSchema).max(100),
  nextCursor: z.string().nullable(),
  /** Requests waiting for staff, whatever the range (the tab's badge). */
  requested: z.number().int(),
});
export type AdminShowingsPage = z.infer<typeof adminShowingsPageSchema>;

/** One showing with its unit's latest inquiries, for the panel beside the calendar. */
export const adminShowingDetailSchema = z.object({
  showing: adminShowingSchema,
  inquiries: z
    .array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        email: z.string(),
        subject: z.string(),
        message: z.string(),
        createdAt: z.string(),
        handled: z.boolean(),
      }),
    )
    .max(SHOWING_UNIT_INQUIRIES),
});
export type AdminShowingDetail = z.infer<typeof adminShowingDetailSchema>;

export const showingActionSchema = z.object({
  action: z.enum(Object.keys(showingActions) as [ShowingAction, ...ShowingAction[]]),
});
export const showingFollowUpSchema = z.object({ followUp: z.enum(showingFollowUps) });
