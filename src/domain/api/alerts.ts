import {
  type AlertSubscription,
  alertCriteriaSchema,
  alertFrequencies,
  alertLanguages,
  alertStatuses,
  alertSubscribeSchema,
  alertUpdateSchema,
} from "#domain/alerts";
import { z } from "#domain/zod";
import { apiErrorSchema, defineApi, doneSchema, tokenParams } from "./contract";

export const alertSubscriptionSchema = z.object({
  email: z.string(),
  criteria: alertCriteriaSchema,
  frequency: z.enum(alertFrequencies),
  lang: z.enum(alertLanguages),
  status: z.enum(alertStatuses),
  towns: z.array(z.string()),
}) satisfies z.ZodType<AlertSubscription>;

/** A subscription just confirmed: with the key of its manage link, for the page to link to. */
export const alertConfirmedSchema = alertSubscriptionSchema.extend({ manageToken: z.string() });

/**
 * Listing alerts: a renter subscribes (confirmed by a button on the page an e-mailed link opens),
 * then manages or ends the subscription through the link every alert carries. No sign-in: the
 * link is the key.
 */
export const alertsApi = defineApi("alerts", {
  subscribe: {
    method: "POST",
    path: "/api/alerts",
    summary:
      "Asks for listing alerts; the same 202 whatever the address (a confirmation link is e-mailed)",
    guard: "public",
    body: alertSubscribeSchema,
    invalidates: [],
    responses: { 202: doneSchema },
  },
  confirm: {
    method: "POST",
    path: "/api/alerts/confirm/:token",
    summary:
      "Turns on the subscription of a confirmation link (the page the e-mailed link opens asks first: a mail scanner that opens links confirms nothing) and answers its manage token, once: the link used again answers 409. A twin of an alert already on is dropped for it (the answer is the alert on) and its link answers 404 after",
    guard: "public",
    params: tokenParams,
    invalidates: [],
    responses: { 200: alertConfirmedSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  },
  manage: {
    method: "GET",
    path: "/api/alerts/manage/:token",
    summary: "The subscription of a manage link (from an alert e-mail)",
    guard: "public",
    params: tokenParams,
    responses: { 200: alertSubscriptionSchema, 404: apiErrorSchema },
  },
  update: {
    method: "PATCH",
    path: "/api/alerts/manage/:token",
    summary: "Changes a subscription's criteria or frequency, pauses or resumes it",
    guard: "public",
    params: tokenParams,
    body: alertUpdateSchema,
    invalidates: [],
    responses: { 200: alertSubscriptionSchema, 404: apiErrorSchema },
  },
  unsubscribe: {
    method: "POST",
    path: "/api/alerts/unsubscribe/:token",
    summary:
      "Ends a subscription at once: the one-click unsubscribe of RFC 8058 (List-Unsubscribe-Post), no page. Idempotent: any link of the right shape, used before or not, gets the same 200",
    guard: "public",
    params: tokenParams,
    invalidates: [],
    responses: { 200: doneSchema, 404: apiErrorSchema },
  },
});
