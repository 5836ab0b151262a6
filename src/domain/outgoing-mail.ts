import { cursorSchema, PAGE_LIMIT_MAX, pageQueryShape } from "#domain/api/paging";
import { z } from "#domain/zod";

/**
 * The e-mail the app sends, as staff see it in the back office's "Outgoing mail" tab: every
 * message is queued, then sent by a worker that retries while the mail server is down; one that
 * still fails after the last try is marked failed, with the reason, and can be sent again.
 */

export const mailKinds = [
  "inquiry_notice",
  "verification_code",
  "password_reset",
  "document_request",
  "new_sign_in",
  "second_step_failed",
  "second_step_reset",
  "second_step_changed",
  "enrolment_code",
  "alert_confirmation",
  "listing_alert",
  "listing_alert_digest",
  "alert_limit",
  "tenant_invitation",
  "tenant_sign_in_link",
  "maintenance_request_notice",
  "maintenance_update",
  "document_shared",
  "privacy_request",
  "showing_booked",
  "showing_requested",
  "showing_cancelled",
  "showing_reminder",
  "showing_released",
  "showing_declined",
  "showing_moved",
  "showing_application",
  "showing_tenant_notice",
  "application_invite",
  "application_co_applicant",
  "application_received",
  "application_status",
  "application_offer",
  "waitlist_confirmation",
  "waitlist_check",
  "waitlist_removed",
] as const;
export type MailKindName = (typeof mailKinds)[number];

export const mailKindLabels: Record<MailKindName, string> = {
  inquiry_notice: "Inquiry notice",
  verification_code: "Verification code",
  password_reset: "Password reset",
  document_request: "Document request",
  new_sign_in: "New sign-in notice",
  second_step_failed: "Failed second step notice",
  second_step_reset: "Second step reset notice",
  second_step_changed: "Second step change notice",
  enrolment_code: "Second step enrolment code",
  alert_confirmation: "Listing alert confirmation",
  listing_alert: "Listing alert",
  listing_alert_digest: "Listing alert daily summary",
  alert_limit: "Listing alert limit notice",
  tenant_invitation: "Tenant portal invitation",
  tenant_sign_in_link: "Tenant sign-in link",
  maintenance_request_notice: "New maintenance request",
  maintenance_update: "Maintenance request update",
  document_shared: "Document shared with tenant",
  privacy_request: "Privacy request confirmation",
  showing_booked: "Showing booked (calendar invitation)",
  showing_requested: "Showing request received",
  showing_cancelled: "Showing cancelled (calendar cancellation)",
  showing_reminder: "Showing reminder",
  showing_released: "Showing request let go unconfirmed",
  showing_declined: "Showing request declined",
  showing_moved: "Showing moved (updated invitation)",
  showing_application: "Application sent after a showing",
  showing_tenant_notice: "Showing notice to the tenant at home",
  application_invite: "Invitation to apply",
  application_co_applicant: "Application link for another adult",
  application_received: "Application received",
  application_status: "Application status (with any adverse-action notice)",
  application_offer: "Offer of the home (with any lead-paint disclosure)",
  waitlist_confirmation: "Waiting list link (confirm, or see one's place)",
  waitlist_check: "Waiting list: still interested?",
  waitlist_removed: "Waiting list: taken off after no answer",
};

export const mailStatuses = ["queued", "sent", "failed"] as const;
export type MailStatus = (typeof mailStatuses)[number];

export const mailStatusLabels: Record<MailStatus, string> = {
  queued: "Queued",
  sent: "Sent",
  failed: "Failed",
};

/** A page of messages, newest first: 50 unless asked, at most 100. */
export const outgoingMailQuerySchema = z.object({
  status: z.enum(mailStatuses).optional(),
  ...pageQueryShape(),
});
export type OutgoingMailQuery = z.infer<typeof outgoingMailQuerySchema>;

export const outgoingMessageSchema = z.object({
  id: z.uuid(),
  /** A kind this version does not know is shown as it is stored. */
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(mailStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  /** Failed with its body still kept: Retry can send it again. */
  retryable: z.boolean(),
});
export type OutgoingMessage = z.infer<typeof outgoingMessageSchema>;

export const outgoingMailResponseSchema = z.object({
  messages: z.array(outgoingMessageSchema).max(PAGE_LIMIT_MAX),
  /** The next page's cursor (null on the last page). */
  nextCursor: cursorSchema.nullable(),
  /** Whatever the filter: how many are queued, sent and failed in all. */
  counts: z.object({ queued: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
});
export type OutgoingMailResponse = z.infer<typeof outgoingMailResponseSchema>;

export const outgoingMailMessages = {
  notFound: "This message was not found.",
  notFailed: "Only a failed message can be sent again.",
  retried: "The message is queued again.",
  loadFailed: "Could not load the outgoing mail. Please try again.",
  empty: "No e-mail has been sent yet.",
  emptyFiltered: "No messages with this status.",
} as const;
