import {
  adminShowingDetailSchema,
  adminShowingSchema,
  adminShowingsPageSchema,
  adminShowingsQuerySchema,
  showingActionSchema,
  showingBookingSchema,
  showingFollowUpSchema,
  showingHoursSchema,
  showingHoursWireSchema,
  showingMovedSchema,
  showingMoveSchema,
  showingViewSchema,
  slotsSchema,
  slotTakenSchema,
} from "#domain/showings";
import { z } from "#domain/zod";
import { apiErrorSchema, defineApi, doneSchema, idParams, tokenParams } from "./contract";

/** A building's showing hours as the API answers them (times as `HH:MM`). */
const hoursAnswerSchema = z.object({
  propertyId: z.number().int(),
  /** False until staff first save the building's hours: it offers no slot online until then. */
  set: z.boolean(),
  hours: showingHoursWireSchema,
});

/**
 * Showings booked online: a unit's open slots and a booking, public (no account: the e-mailed
 * link is the renter's key to cancel); a building's showing hours, for staff.
 */
export const showingsApi = defineApi("showings", {
  slots: {
    method: "GET",
    path: "/api/units/:id/showings/slots",
    summary:
      "The unit's open showing slots of the next days, Connecticut time (ISO 8601 with offsets); none when its building has no hours",
    guard: "public",
    params: idParams,
    unpaged:
      "At most SHOWING_SLOTS_MAX (500) slots: the building's horizon (at most 60 days) bounds them, however the agency grows",
    responses: { 200: slotsSchema, 404: apiErrorSchema },
  },
  book: {
    method: "POST",
    path: "/api/units/:id/showings",
    summary:
      "Books one of the unit's open slots: booked at once, or requested for staff to confirm, as the building's setting says; the renter is e-mailed a calendar invitation (.ics). 409 when the time is taken, with the next open times",
    guard: "public",
    params: idParams,
    body: showingBookingSchema,
    invalidates: ["showings"],
    responses: {
      201: showingViewSchema,
      400: apiErrorSchema,
      404: apiErrorSchema,
      409: z.union([slotTakenSchema, apiErrorSchema]),
    },
  },
  cancel: {
    method: "POST",
    path: "/api/showings/:token/cancel",
    summary:
      "Cancels the showing of an e-mailed link (the renter's): its time is free again, and a cancellation (METHOD:CANCEL) is e-mailed; 404 for a link that no longer works",
    guard: "public",
    params: tokenParams,
    invalidates: ["showings"],
    responses: { 200: doneSchema, 404: apiErrorSchema },
  },
  move: {
    method: "POST",
    path: "/api/showings/:token/move",
    summary:
      "Moves the showing of an e-mailed link (the renter's) to one of the unit's open times: the invitation is sent again with a higher SEQUENCE, and the answer names the new link's page (the old link stops working). 409 when the time is taken, with the next open times",
    guard: "public",
    params: tokenParams,
    body: showingMoveSchema,
    invalidates: ["showings"],
    responses: {
      200: showingMovedSchema,
      400: apiErrorSchema,
      404: apiErrorSchema,
      409: z.union([slotTakenSchema, apiErrorSchema]),
    },
  },
  getHours: {
    method: "GET",
    path: "/api/admin/properties/:id/showing-hours",
    summary: "A building's showing hours (the defaults, unset, until staff save them)",
    guard: "admin",
    params: idParams,
    responses: { 200: hoursAnswerSchema, 404: apiErrorSchema },
  },
  putHours: {
    method: "PUT",
    path: "/api/admin/properties/:id/showing-hours",
    summary:
      "Sets a building's weekly showing hours (office time), slot length, buffer, minimum notice, horizon, booking mode and dates off",
    guard: "admin",
    audit: "showing_hours.updated",
    params: idParams,
    body: showingHoursSchema,
    invalidates: [],
    responses: { 200: hoursAnswerSchema, 400: apiErrorSchema, 404: apiErrorSchema },
  },
  list: {
    method: "GET",
    path: "/api/admin/showings",
    summary:
      "The showings of one to seven office days (today unless asked), soonest first, of one status or building when asked, and how many requests wait for staff",
    guard: "admin",
    reads: "showings",
    query: adminShowingsQuerySchema,
    responses: { 200: adminShowingsPageSchema, 400: apiErrorSchema },
  },
  get: {
    method: "GET",
    path: "/api/admin/showings/:id",
    summary: "One showing, with its unit's latest inquiries (at most 10, newest first)",
    guard: "admin",
    reads: "showings",
    params: idParams,
    responses: { 200: adminShowingDetailSchema, 404: apiErrorSchema },
  },
  act: {
    method: "POST",
    path: "/api/admin/showings/:id/status",
    summary:
      "Confirms or declines a request, cancels a booked showing, or marks how it went (completed, no_show, once its time has begun); the renter is e-mailed, and the tenants at home when it is off. 409 when the showing changed meanwhile",
    guard: "admin",
    audit: "showing.status_changed",
    params: idParams,
    body: showingActionSchema,
    invalidates: ["showings"],
    responses: {
      200: z.object({ showing: adminShowingSchema, message: z.string() }),
      400: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
    },
  },
  followUp: {
    method: "POST",
    path: "/api/admin/showings/:id/follow-up",
    summary:
      "After a completed showing: e-mails the renter the application (application_sent), or marks the lead lost (lead_lost)",
    guard: "admin",
    audit: "showing.followed_up",
    params: idParams,
    body: showingFollowUpSchema,
    invalidates: ["showings"],
    responses: {
      200: z.object({ showing: adminShowingSchema, message: z.string() }),
      400: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
    },
  },
});
