import {
  adminWaitlistEntrySchema,
  adminWaitlistQuerySchema,
  WAITLIST_INVITES_MAX,
  waitlistInviteSchema,
  waitlistJoinSchema,
  waitlistMoveSchema,
  waitlistViewSchema,
} from "#domain/waitlists";
import { z } from "#domain/zod";
import { apiErrorSchema, defineApi, doneSchema, idParams, tokenParams } from "./contract";
import { pageOf } from "./paging";

/**
 * A building's waiting lists: a renter's join (public, confirmed by its e-mailed link) and their
 * link's page; the office's view of the lists, a move with its reason, and the next people
 * invited to apply when a unit opens.
 */
export const waitlistsApi = defineApi("waitlists", {
  join: {
    method: "POST",
    path: "/api/properties/:id/waitlist",
    summary:
      "Asks to join the building's waiting list for a number of bedrooms; the same 202 whatever the address (the link that confirms it is e-mailed to it, again at most once an hour)",
    guard: "public",
    params: idParams,
    body: waitlistJoinSchema,
    invalidates: [],
    responses: { 202: doneSchema, 400: apiErrorSchema, 404: apiErrorSchema },
  },
  view: {
    method: "GET",
    path: "/api/waitlist/:token",
    summary:
      "The entry of an e-mailed link: its list, the person's place, and whether the six-month question waits for an answer; 404 for a link that no longer works",
    guard: "public",
    params: tokenParams,
    responses: { 200: waitlistViewSchema, 404: apiErrorSchema },
  },
  confirm: {
    method: "POST",
    path: "/api/waitlist/:token/confirm",
    summary:
      "The person's yes: confirms a join (their place counts from now) or answers the six-month question (they keep their place)",
    guard: "public",
    params: tokenParams,
    invalidates: ["waitlists"],
    responses: { 200: waitlistViewSchema, 404: apiErrorSchema },
  },
  leave: {
    method: "POST",
    path: "/api/waitlist/:token/leave",
    summary: "Leaves the waiting list: the entry is deleted at once",
    guard: "public",
    params: tokenParams,
    invalidates: ["waitlists"],
    responses: { 200: doneSchema, 404: apiErrorSchema },
  },
  list: {
    method: "GET",
    path: "/api/admin/waitlists",
    summary:
      "A building's waiting lists, by bedrooms, each in its order (the time each person confirmed, or where staff moved them), with each waiting person's place",
    guard: "admin",
    reads: "waitlists",
    query: adminWaitlistQuerySchema,
    responses: { 200: pageOf(adminWaitlistEntrySchema), 400: apiErrorSchema },
  },
  move: {
    method: "POST",
    path: "/api/admin/waitlist-entries/:id/move",
    summary:
      "Moves someone waiting to another place on their list; the reason is required and kept with the entry and in the audit trail",
    guard: "admin",
    audit: "waitlist.moved",
    params: idParams,
    body: waitlistMoveSchema,
    invalidates: ["waitlists"],
    responses: {
      200: z.object({ from: z.number().int(), to: z.number().int(), message: z.string() }),
      400: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
    },
  },
  inviteNext: {
    method: "POST",
    path: "/api/admin/units/:id/waitlist-invites",
    summary: `Invites the next people waiting on the unit's list (its building, its bedrooms) to apply for it, at most ${WAITLIST_INVITES_MAX}: each gets the application's invitation and is marked invited. 409 when nobody waits`,
    guard: "admin",
    audit: "waitlist.invited",
    params: idParams,
    body: waitlistInviteSchema,
    invalidates: ["waitlists", "applications"],
    responses: {
      201: z.object({
        invited: z
          .array(z.object({ entryId: z.uuid(), applicationId: z.uuid() }))
          .max(WAITLIST_INVITES_MAX),
        message: z.string(),
      }),
      400: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
    },
  },
});
