import {
  erasedSchema,
  personDataSchema,
  personEraseSchema,
  personLookupSchema,
} from "#domain/privacy";
import { apiErrorSchema, defineApi } from "./contract";
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
    ],
    responses: { 200: erasedSchema, 400: apiErrorSchema },
  },
});
