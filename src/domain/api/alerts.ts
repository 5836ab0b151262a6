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

/**
 * Listing alerts: a renter subscribes (confirmed by an e-mailed link), then manages or ends the
 * subscription through the link every alert carries. No sign-in: the link is the key.
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
      "Ends a subscription at once: the one-click unsubscribe of RFC 8058 (List-Unsubscribe-Post), no page",
    guard: "public",
    params: tokenParams,
    invalidates: [],
    responses: { 200: doneSchema, 404: apiErrorSchema },
  },
});
