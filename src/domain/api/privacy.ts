import {
  erasedSchema,
  personDataSchema,
  personEraseSchema,
  personLookupSchema,
  privacyRequestConfirmedSchema,
  privacyRequestRowSchema,
  privacyRequestSchema,
  privacyRequestsPageSchema,
  privacyRequestsQuerySchema,
} from "#domain/privacy";
import { apiErrorSchema, defineApi, doneSchema, idParams, tokenParams } from "./contract";
import { raw } from "./wire";

/**
 * A person's data on request, for staff: look an address up, export all of it, erase it. POSTs,
 * so that the address is in no URL (and no access log); each is in the audit trail.
 */
export const privacyApi = defineApi("privacy", {
  lookup: {
    method: "POST",
    path: "/api/admin/privacy/lookup",
    summary:
      "Everything held about an e-mail address, by kind: how many, the newest few, and what an erasure would keep and why",
    guard: "admin",
    audit: "privacy.looked_up",
    body: personLookupSchema,
    invalidates: [],
    responses: { 200: personDataSchema, 400: apiErrorSchema },
  },
  exportData: {
    method: "POST",
    path: "/api/admin/privacy/export",
    summary:
      "Everything held about an e-mail address as one JSON file, the documents' contents included (base64), streamed",
    guard: "admin",
    audit: "privacy.exported",
    body: personLookupSchema,
    invalidates: [],
    responses: {
      200: raw("application/json", "The person's data, an attachment."),
      400: apiErrorSchema,
    },
  },
  erase: {
    method: "POST",
    path: "/api/admin/privacy/erase",
    summary:
      "Erases everything held about an e-mail address (the address given twice), except what must be kept; the audit trail keeps the request and the counts, not the content",
    guard: "admin",
    audit: "privacy.erased",
    body: personEraseSchema,
    invalidates: [
      "inquiries",
      "tenant-files",
      "document-requests",
      "outgoing-mail",
      "audit",
      "tenants",
      "maintenance",
      "privacy-requests",
    ],
    responses: { 200: erasedSchema, 400: apiErrorSchema },
  },
  listRequests: {
    method: "GET",
    path: "/api/admin/privacy/requests",
    summary:
      "A page of the renters' own confirmed requests: open ones soonest due first, or answered ones newest first; with how many are open and overdue",
    guard: "admin",
    reads: "privacy-requests",
    query: privacyRequestsQuerySchema,
    responses: { 200: privacyRequestsPageSchema, 400: apiErrorSchema },
  },
  answerRequest: {
    method: "POST",
    path: "/api/admin/privacy/requests/:id/answer",
    summary:
      "Marks a renter's request answered (after its export was sent, or its erasure); 409 if it was already",
    guard: "admin",
    audit: "privacy.request_answered",
    params: idParams,
    invalidates: ["privacy-requests"],
    responses: { 200: privacyRequestRowSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  },
});

/**
 * A renter's own request for their data, from the privacy page: no account, the e-mailed link
 * proves the address.
 */
export const privacyRequestsApi = defineApi("privacy-requests", {
  ask: {
    method: "POST",
    path: "/api/privacy/requests",
    summary:
      "Asks for a copy of one's data or its deletion; the same 202 whatever the address (a link to confirm is e-mailed to it)",
    guard: "public",
    body: privacyRequestSchema,
    invalidates: [],
    responses: { 202: doneSchema, 400: apiErrorSchema },
  },
  confirm: {
    method: "POST",
    path: "/api/privacy/requests/confirm/:token",
    summary:
      "Confirms the request of an e-mailed link (the page the link opens asks first), once: the link used again answers 409; unknown or past its 7 days, 404",
    guard: "public",
    params: tokenParams,
    invalidates: [],
    responses: { 200: privacyRequestConfirmedSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  },
});
