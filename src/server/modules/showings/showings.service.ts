import { createHmac, randomUUID } from "node:crypto";
import { localizedPath, OFFICE_TIME_ZONE } from "#domain/locale";
import { officeIso } from "#domain/office-time";
import {
  bookingModeOf,
  hoursForWire,
  noShowingHours,
  openSlots,
  SHOWING_MOVE_CHOICES,
  type ShowingBooking,
  type ShowingHours,
  type ShowingView,
  type Slot,
  type SlotsAnswer,
  showingMessages,
  TENANT_NOTICE_HOURS,
} from "#domain/showings";
import type { Db } from "#server/db/client";
import { badRequest, notFound, sqlState } from "#server/http/errors";
import type { MailQueue, MailTransaction } from "#server/mail/mail-queue";
import { hashLinkToken, isLinkToken } from "#server/shared/link-token";
import { inviteLocation, inviteSummary, showingEmail } from "./showings.email";
import { showingInvite } from "./showings.invite";
import {
  cancelShowing,
  findByTokenHash,
  hoursOf,
  insertShowing,
  lockUnitBookings,
  moveShowing,
  type ShowingUnit,
  saveHours,
  takenTimes,
  unitForShowings,
  unitIdsOf,
} from "./showings.repository";
import { tellTenantsAtHome } from "./showings.tenant-notice";

export type ShowingDeps = {
  db: Db;
  mailQueue: MailQueue;
  publicUrl: string;
  now: () => Date;
  tokens: ShowingTokens;
  /** APPLY_NOW=online: the e-mailed "apply" links open the unit's own Apply Now page. */
  applyOnline?: boolean;
};

/**
 * A showing's link token, derived from the app's secret and the showing's id: every e-mail about
 * it (the confirmation, the reminders) can carry the link, while the database keeps only its
 * SHA-256 (a leaked table gives away no working link).
 */
export function createShowingTokens(secret: Uint8Array) {
  // `moves`: how often the renter moved it; each move makes a new link, the old one stops.
  return (showingId: string, moves = 0) =>
    createHmac("sha256", secret)
      .update(`rentals:showings:link:${showingId}${moves ? `:${moves}` : ""}`)
      .digest("base64url");
}
export type ShowingTokens = ReturnType<typeof createShowingTokens>;

const HOUR_MS = 3_600_000;

/**
 * The unit's open slots from now, with what its showings hold (but `except`'s, a showing being
 * moved) and a tenant's notice.
 */
async function slotsOf(deps: ShowingDeps, unit: ShowingUnit, now: Date, except?: string) {
  const hours: ShowingHours = unit.hours ?? noShowingHours;
  const taken = await takenTimes(deps, unit.id, now, except);
  return openSlots({
    hours,
    now,
    taken,
    // A tenant at home is told at least 24 hours before: nothing sooner can be booked.
    ...(unit.occupied ? { earliest: new Date(now.getTime() + TENANT_NOTICE_HOURS * HOUR_MS) } : {}),
  });
}

const wireSlot = (slot: { start: Date; end: Date }) => ({
  start: officeIso(slot.start),
  end: officeIso(slot.end),
});

/**
 * The open slot a renter asked for (undefined when it is not open now), and the next five open
 * times besides it, for the answer that says the time is gone.
 */
function pickSlot(open: Slot[], start: string) {
  const asked = Date.parse(start);
  return {
    slot: open.find((s) => s.start.getTime() === asked),
    nextOpen: () =>
      open
        .filter((s) => s.start.getTime() !== asked)
        .slice(0, 5)
        .map(wireSlot),
  };
}

export async function listSlots(deps: ShowingDeps, unitId: number): Promise<SlotsAnswer | null> {
  const unit = await unitForShowings(deps, unitId);
  if (!unit) return null;
  const slots = await slotsOf(deps, unit, deps.now());
  return { timeZone: OFFICE_TIME_ZONE, slots: slots.map(wireSlot) };
}

/**
 * The unit page's booking without scripts: the unit and its open times (none without hours);
 * null for a unit that is not shown.
 */
export async function bookingFor(deps: ShowingDeps, unitId: number) {
  const unit = await unitForShowings(deps, unitId);
  if (!unit) return null;
  const slots = unit.hours ? await slotsOf(deps, unit, deps.now()) : [];
  return {
    unit: { id: unit.id, number: unit.number, building: unit.building, address: unit.address },
    slots: slots.map(wireSlot),
  };
}

/**
 * What a booking answers: the showing and its link's token, or the time gone with the next open
 * ones.
 */
export type BookingResult =
  | { booked: ShowingView; token: string }
  | { taken: { start: string; end: string }[] }
  | { noHours: true }
  | null;

export const cancelUrl = (deps: ShowingDeps, token: string, lang: "en" | "es") =>
  new URL(localizedPath(`/showings/${token}`, lang), deps.publicUrl).href;

/**
 * Books a unit's slot for a renter. The time must be one the slots offer now; the database then
 * refuses a second showing over the same time (two renters pressing at once: one gets it, the
 * other the next open times). Booked at once, or requested for staff to confirm, as the
 * building says; the renter is e-mailed in the same transaction.
 */
export async function book(
  deps: ShowingDeps,
  unitId: number,
  input: ShowingBooking,
): Promise<BookingResult> {
  const now = deps.now();
  const unit = await unitForShowings(deps, unitId);
  if (!unit) return null;
  if (!unit.hours) return { noHours: true };
  const open = await slotsOf(deps, unit, now);
  const { slot, nextOpen } = pickSlot(open, input.start);
  if (!slot) return { taken: nextOpen() };
  const id = randomUUID();
  const token = deps.tokens(id);
  const status = bookingModeOf(unit.hours, unit.id) === "request" ? "requested" : "booked";
  try {
    const showing = await deps.mailQueue.transaction(async (tx) => {
      await lockUnitBookings(tx, unit.id);
      const row = await insertShowing(tx, {
        id,
        unitId: unit.id,
        startsAt: slot.start,
        endsAt: slot.end,
        status,
        name: input.name,
        email: input.email,
        phone: input.phone,
        note: input.note,
        lang: input.lang,
        tokenHash: hashLinkToken(token),
        createdAt: now,
        updatedAt: now,
      });
      const about = {
        building: unit.building,
        unit: unit.number,
        address: unit.address,
        start: slot.start,
      };
      const link = cancelUrl(deps, token, input.lang);
      if (unit.occupied) {
        await tellTenantsAtHome(tx, deps.publicUrl, unit.id, "scheduled", about);
      }
      await tx.queue({
        kind: status === "booked" ? "showing_booked" : "showing_requested",
        ...showingEmail({
          kind: status,
          to: input.email,
          lang: input.lang,
          showing: about,
          cancelUrl: link,
          ...(status === "booked"
            ? { invite: invite(deps, row, unit, "REQUEST", link, input.lang) }
            : {}),
        }),
      });
      return row;
    });
    return { booked: view(showing, unit), token };
  } catch (error) {
    // 23P01: the exclusion constraint, another showing took the time meanwhile.
    if (sqlState(error) === "23P01") return { taken: nextOpen() };
    throw error;
  }
}

export function invite(
  deps: ShowingDeps,
  row: { id: string; sequence: number; startsAt: Date; endsAt: Date; name: string; email: string },
  unit: Pick<ShowingUnit, "building" | "number" | "address">,
  method: "REQUEST" | "CANCEL",
  link: string,
  lang: "en" | "es",
) {
  const about = {
    building: unit.building,
    unit: unit.number,
    address: unit.address,
    start: row.startsAt,
  };
  return showingInvite({
    id: row.id,
    sequence: row.sequence,
    method,
    start: row.startsAt,
    end: row.endsAt,
    summary: inviteSummary(about, lang),
    location: unit.address,
    description: inviteLocation(about, lang),
    url: link,
    renter: { name: row.name, email: row.email },
    domain: new URL(deps.publicUrl).hostname,
  });
}

function view(
  row: {
    id: string;
    status: ShowingView["status"];
    startsAt: Date;
    endsAt: Date;
    name: string;
    email: string;
  },
  unit: Pick<ShowingUnit, "id" | "number" | "building" | "address">,
): ShowingView {
  return {
    id: row.id,
    status: row.status,
    start: officeIso(row.startsAt),
    end: officeIso(row.endsAt),
    unit: { id: unit.id, number: unit.number, building: unit.building, address: unit.address },
    name: row.name,
    email: row.email,
  };
}

/**
 * The showing of a renter's link, whether it can still be cancelled or moved, and the times it
 * can be moved to (the soonest open ones); null for a bad link.
 */
export async function findByToken(
  deps: ShowingDeps,
  token: string,
): Promise<{
  showing: ShowingView;
  cancellable: boolean;
  moveTo: { start: string; end: string }[];
} | null> {
  if (!isLinkToken(token)) return null;
  const found = await findByTokenHash(deps, hashLinkToken(token));
  if (!found) return null;
  const unit = await unitForShowings(deps, found.unitId);
  if (!unit) return null;
  const now = deps.now();
  const cancellable =
    (found.status === "booked" || found.status === "requested") && found.startsAt > now;
  const moveTo = cancellable && unit.hours ? await slotsOf(deps, unit, now, found.id) : [];
  return {
    showing: view(found, unit),
    cancellable,
    moveTo: moveTo.slice(0, SHOWING_MOVE_CHOICES).map(wireSlot),
  };
}

/** What a move answers: the new link's token, the time gone (with open ones), or a bad link. */
export type MoveResult = { moved: string } | { taken: { start: string; end: string }[] } | null;

/**
 * The renter moves their showing, by its link, to one of the times open now (the database still
 * refuses a time another showing took meanwhile). Its invitation is sent again with a higher
 * SEQUENCE (calendars move the event), its link changes (the old one stops working), its
 * reminders are due again and the tenants at home are told the new time.
 */
export async function moveByToken(
  deps: ShowingDeps,
  token: string,
  start: string,
): Promise<MoveResult> {
  if (!isLinkToken(token)) return null;
  const now = deps.now();
  const found = await findByTokenHash(deps, hashLinkToken(token));
  if (!found) return null;
  const unit = await unitForShowings(deps, found.unitId);
  if (!unit?.hours) return null;
  const open = await slotsOf(deps, unit, now, found.id);
  const { slot, nextOpen } = pickSlot(open, start);
  if (!slot) return { taken: nextOpen() };
  const newToken = deps.tokens(found.id, found.moves + 1);
  try {
    return await deps.mailQueue.transaction(async (tx) => {
      await lockUnitBookings(tx, unit.id);
      const moved = await moveShowing(tx, found.id, slot, hashLinkToken(newToken), now);
      if (!moved) return null;
      const about = {
        building: unit.building,
        unit: unit.number,
        address: unit.address,
        start: moved.startsAt,
      };
      const link = cancelUrl(deps, newToken, moved.lang);
      await tx.queue({
        kind: "showing_moved",
        ...showingEmail({
          kind: "moved",
          to: moved.email,
          lang: moved.lang,
          showing: about,
          cancelUrl: link,
          ...(moved.status === "booked"
            ? { invite: invite(deps, moved, unit, "REQUEST", link, moved.lang) }
            : {}),
        }),
      });
      if (unit.occupied) {
        await tellTenantsAtHome(tx, deps.publicUrl, unit.id, "scheduled", about);
      }
      return { moved: newToken };
    });
  } catch (error) {
    if (sqlState(error) === "23P01") return { taken: nextOpen() };
    throw error;
  }
}

/**
 * The renter's cancellation by their link: the time is free again, and they are e-mailed the
 * invitation's cancellation (a higher SEQUENCE). False for a link that no longer works.
 */
export async function cancelByToken(deps: ShowingDeps, token: string): Promise<boolean> {
  if (!isLinkToken(token)) return false;
  const now = deps.now();
  const found = await findByTokenHash(deps, hashLinkToken(token));
  if (!found) return false;
  const unit = await unitForShowings(deps, found.unitId);
  return deps.mailQueue.transaction(async (tx) => {
    const cancelled = await cancelShowing(tx, found.id, now);
    if (!cancelled) return false;
    const place = unit ?? { building: "", number: "", address: "" };
    await tellCancelled(deps, tx, cancelled, place);
    return true;
  });
}

/** A building's hours as staff edit them; the defaults, unset, before the first save. */
export async function hoursFor(deps: ShowingDeps, propertyId: number) {
  const building = await hoursOf(deps, propertyId);
  if (!building) throw notFound(showingMessages.propertyNotFound);
  return {
    propertyId,
    set: building.hours !== null,
    hours: hoursForWire(building.hours ?? noShowingHours),
  };
}

export async function setHours(deps: ShowingDeps, propertyId: number, hours: ShowingHours) {
  const building = await hoursOf(deps, propertyId);
  if (!building) throw notFound(showingMessages.propertyNotFound);
  // A unit's own mode names a unit of this building: nothing is saved otherwise.
  const named = Object.keys(hours.unitBooking).map(Number);
  if (named.length > 0) {
    const own = new Set(await unitIdsOf(deps, propertyId, named));
    if (named.some((id) => !own.has(id))) throw badRequest(showingMessages.unitBooking);
  }
  await saveHours(deps, propertyId, hours);
  return { before: building.hours, after: { propertyId, set: true, hours: hoursForWire(hours) } };
}

/**
 * Tells the renter their showing is off (with the invitation's cancellation, so calendars remove
 * it), and the tenants at home that nobody is coming.
 */
export async function tellCancelled(
  deps: ShowingDeps,
  tx: MailTransaction,
  cancelled: {
    id: string;
    unitId: number;
    sequence: number;
    moves: number;
    startsAt: Date;
    endsAt: Date;
    name: string;
    email: string;
    lang: "en" | "es";
  },
  place: Pick<ShowingUnit, "building" | "number" | "address">,
) {
  const link = cancelUrl(deps, deps.tokens(cancelled.id, cancelled.moves), cancelled.lang);
  const about = {
    building: place.building,
    unit: place.number,
    address: place.address,
    start: cancelled.startsAt,
  };
  await tx.queue({
    kind: "showing_cancelled",
    ...showingEmail({
      kind: "cancelled",
      to: cancelled.email,
      lang: cancelled.lang,
      showing: about,
      cancelUrl: link,
      invite: invite(deps, cancelled, place, "CANCEL", link, cancelled.lang),
    }),
  });
  await tellTenantsAtHome(tx, deps.publicUrl, cancelled.unitId, "off", about);
}
