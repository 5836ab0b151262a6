import {
  outgoingMailQuerySchema,
  outgoingMailResponseSchema,
  outgoingMessageSchema,
} from "#domain/outgoing-mail";
import { apiErrorSchema, defineApi, idParams } from "./contract";

/**
 * The back office's "Outgoing mail": every message the app queued, sent or failed, and Retry
 * for a failed one.
 */
export const outgoingMailApi = defineApi("outgoing-mail", {
  list: {
    method: "GET",
    path: "/api/admin/outgoing-mail",
    summary:
      "A page of outgoing e-mail, newest first, of one status or all, and the counts by status",
    guard: "admin",
    reads: "outgoing-mail",
    query: outgoingMailQuerySchema,
    responses: { 200: outgoingMailResponseSchema },
  },
  retry: {
    method: "POST",
    path: "/api/admin/outgoing-mail/:id/retry",
    summary: "Queues a failed message again; 409 if it is not failed",
    guard: "admin",
    audit: "mail.retried",
    params: idParams,
    invalidates: ["outgoing-mail"],
    responses: { 200: outgoingMessageSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  },
});
