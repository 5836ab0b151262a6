import { retention } from "#domain/retention";
import { z } from "#domain/zod";

/**
 * The audit trail: who did what, to which record, from where, and when. Every administrator's
 * write, every sign-in decision, second-factor and session change, password reset, tenant
 * document fetched and document requested. Append-only; kept two years.
 */
export const auditActions = {
  "sign_in.succeeded": "Signed in",
  "sign_in.failed": "Sign-in failed",
  "sign_in.delayed": "Sign-in delayed (too many attempts)",
  "sign_in.second_step_asked": "Password accepted, second step asked",
  sign_out: "Signed out",
  "session.ended": "Ended a session",
  "session.ended_others": "Signed out everywhere else",
  "email.verified": "Verified e-mail address",
  "password.reset": "Reset password",
  "mfa.totp_enabled": "Turned on authenticator app",
  "mfa.totp_disabled": "Turned off authenticator app",
  "mfa.passkey_added": "Added passkey",
  "mfa.passkey_removed": "Removed passkey",
  "mfa.recovery_codes_regenerated": "Made new recovery codes",
  "mfa.reset": "Reset a colleague's second sign-in step",
  "property.created": "Created building",
  "property.updated": "Updated building",
  "property.deleted": "Deleted building",
  "property.image_deleted": "Removed building photo",
  "unit.created": "Created unit",
  "unit.updated": "Updated unit",
  "unit.deleted": "Deleted unit",
  "unit.availability_confirmed": "Confirmed unit still available",
  "unit.image_deleted": "Removed unit photo",
  "image.alt_updated": "Changed photo description",
  "images.uploaded": "Uploaded photos",
  "inquiry.updated": "Marked inquiry",
  "mail.retried": "Retried e-mail",
  "document_request.created": "Requested documents",
  "tenant_file.downloaded": "Downloaded tenant document",
  "tenant_file.shared": "Shared a document with a tenant",
  "tenant.invited": "Invited tenant",
  "tenant.moved": "Moved tenant",
  "tenant.access_ended": "Ended tenant's access",
  "maintenance.updated": "Updated maintenance request",
  "maintenance.commented": "Commented on maintenance request",
  "privacy.looked_up": "Looked up a person's data",
  "privacy.exported": "Exported a person's data",
  "privacy.erased": "Erased a person's data",
  "privacy.request_answered": "Marked a privacy request answered",
  "showing_hours.updated": "Changed a building's showing hours",
  "showing.status_changed": "Changed a showing's status",
  "showing.followed_up": "Followed up a showing",
  "application_settings.updated": "Recorded the screening fee's cap",
  "application.invited": "Invited someone to apply",
  "application.paper_entered": "Entered a paper application",
  "application.status_changed": "Changed an application's status",
  "application.offered": "Offered a home to an applicant",
  "waitlist.moved": "Moved someone on a waiting list",
  "waitlist.invited": "Invited the next on a waiting list to apply",
} as const;

export type AuditAction = keyof typeof auditActions;
export const auditActionNames = Object.keys(auditActions) as [AuditAction, ...AuditAction[]];

/** How long the trail is kept: older events are purged once a day. */
export const AUDIT_RETENTION_DAYS = retention.auditEvents.days;
/** The events one page of the Activity tab shows; the CSV export takes up to AUDIT_EXPORT_MAX. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_EXPORT_MAX = 50_000;

/** A changed field: its value before and after ("null" for a record created or deleted). */
export const auditChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

export const auditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  /** The action in words, for people ("Updated unit"). */
  label: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  propertyId: z.number().int().nullable(),
  /** The building's name as it is now; null when the event names none or it was deleted. */
  propertyTitle: z.string().nullable(),
  changes: z.record(z.string(), auditChangeSchema).nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date such as 2026-11-26.")
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
  }, "Not a calendar date.");

/** The Activity tab's filters; `from` and `to` are whole days, both included. */
export const auditQuerySchema = z.object({
  actor: z.string().trim().max(254).optional(),
  action: z.enum(auditActionNames).optional(),
  propertyId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
