import {
  type AlertReach,
  type AlertSubscriber,
  type AlertSubscribersPage,
  type AlertSummary,
  alertReachQuerySchema,
  alertSubscribersQuerySchema,
  TOP_CRITERIA,
} from "#domain/admin-alerts";
import {
  alertCriteriaSchema,
  alertFrequencies,
  alertLanguages,
  alertStatuses,
} from "#domain/alerts";
import { z } from "#domain/zod";
import { apiErrorSchema, defineApi } from "./contract";
import { cursorSchema, PAGE_LIMIT_MAX } from "./paging";

const count = z.number().int();

export const alertSummarySchema = z.object({
  active: count,
  paused: count,
  awaitingConfirmation: count,
  renters: count,
  byFrequency: z.object({ instant: count, daily: count }),
  topCriteria: z
    .array(z.object({ criteria: alertCriteriaSchema, words: z.string(), renters: count }))
    .max(TOP_CRITERIA),
}) satisfies z.ZodType<AlertSummary>;

export const alertSubscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  criteria: alertCriteriaSchema,
  words: z.string(),
  frequency: z.enum(alertFrequencies),
  status: z.enum(alertStatuses),
  lang: z.enum(alertLanguages),
  createdAt: z.string(),
  lastActivityAt: z.string(),
  lastAlertAt: z.string().nullable(),
}) satisfies z.ZodType<AlertSubscriber>;

export const alertSubscribersPageSchema = z.object({
  subscribers: z.array(alertSubscriberSchema).max(PAGE_LIMIT_MAX),
  total: count,
  pageSize: count,
  nextCursor: cursorSchema.nullable(),
}) satisfies z.ZodType<AlertSubscribersPage>;

export const alertReachSchema = z.object({
  renters: count,
  later: count,
  buildingActive: z.boolean(),
}) satisfies z.ZodType<AlertReach>;

/**
 * Listing alerts in the back office, reads only: the Overview's demand figures, the subscribers
 * with their addresses (administrators only: the renters gave them to hear about homes, not to
 * be seen), and how many renters a unit reaches when saved as available.
 */
export const adminAlertsApi = defineApi("adminAlerts", {
  summary: {
    method: "GET",
    path: "/api/admin/alerts/summary",
    summary:
      "Listing alerts by status and frequency, the renters behind them, and the most wanted criteria (identical criteria of active alerts grouped, most renters first, at most 5)",
    guard: "admin",
    responses: { 200: alertSummarySchema },
  },
  subscribers: {
    method: "GET",
    path: "/api/admin/alerts/subscribers",
    summary:
      "The subscriptions with their addresses, newest first, 50 a page (the answer's `nextCursor` names the next), optionally of one status, with how many match",
    guard: "admin",
    query: alertSubscribersQuerySchema,
    responses: { 200: alertSubscribersPageSchema },
  },
  reach: {
    method: "GET",
    path: "/api/admin/alerts/reach",
    summary:
      "How many renters a unit alerts if saved as available with these values (its building's city is the town); with `unitId`, those already told about it are left out. 404 for an unknown building",
    guard: "admin",
    // A unit's save changes who has been told about it: the count is read again.
    reads: "listings",
    query: alertReachQuerySchema,
    responses: { 200: alertReachSchema, 404: apiErrorSchema },
  },
});
