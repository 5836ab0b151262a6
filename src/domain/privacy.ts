import { pageOf, pageQueryShape } from "./api/paging";
import { retention } from "./retention";
import { emailSchema } from "./users";
import { z } from "./zod";

/**
 * A person's data on request (the Connecticut Data Privacy Act's access and deletion, which the
 * privacy page promises): staff look up an e-mail address, see everything held about it, export
 * it and erase it in one step. What must be kept (an active tenancy's account and documents, a
 * staff account) is shown as kept, with the reason. The address travels in request bodies only,
 * never in a URL, so it is in no access log.
 */

/** What is held about one address, by kind: how many, and the newest few to recognise. */
export const heldKinds = [
  "inquiries",
  "showings",
  "applications",
  "waitlists",
  "alerts",
  "account",
  "documents",
  "documentRequests",
  "maintenance",
  "mails",
  "privacyRequests",
  "auditEntries",
] as const;
export type HeldKind = (typeof heldKinds)[number];

export const heldKindLabels: Record<HeldKind, string> = {
  inquiries: "Inquiries",
  showings: "Showings",
  applications: "Rental applications",
  waitlists: "Waiting lists",
  alerts: "Listing alerts",
  account: "Account (tenant portal or staff)",
  documents: "Documents",
  documentRequests: "Document requests",
  maintenance: "Maintenance requests",
  mails: "E-mail sent",
  privacyRequests: "Their privacy requests",
  auditEntries: "Audit entries naming them",
};

/** The newest items of a kind a lookup shows. */
export const HELD_ITEMS_SHOWN = 5;

export const heldItemSchema = z.object({ at: z.iso.datetime(), text: z.string() });
export type HeldItem = z.infer<typeof heldItemSchema>;

export const heldSchema = z.object({
  count: z.number().int(),
  newest: z.array(heldItemSchema).max(HELD_ITEMS_SHOWN),
});
export type Held = z.infer<typeof heldSchema>;

export const keptSchema = z.object({ kind: z.enum(heldKinds), reason: z.string() });

export const personDataSchema = z.object({
  email: z.string(),
  held: z.object(
    Object.fromEntries(heldKinds.map((kind) => [kind, heldSchema])) as {
      [K in HeldKind]: typeof heldSchema;
    },
  ),
  /** What an erasure keeps, and why. */
  kept: z.array(keptSchema).max(heldKinds.length),
});
export type PersonData = z.infer<typeof personDataSchema>;

export const privacyMessages = {
  confirmMismatch: "Type the address again, exactly, to confirm.",
  erased: "Everything held about that address is erased, except what is shown as kept.",
  keptTenancy:
    "An active tenancy: the portal account, its documents and maintenance requests are kept while it lasts, and deleted two years after it ends.",
  keptApplications:
    "A decided rental application (approved or denied) is kept two years after its last step, the record of a fair-housing decision (42 U.S.C. 3613); undecided ones are erased.",
  keptStaff:
    "A staff account of the office: kept while it is used, and deleted two years after its last sign-in.",
} as const;

export const personLookupSchema = z.object({ email: emailSchema });

/** An erasure names the address twice: a slip of the finger erases nobody. */
export const personEraseSchema = z
  .object({ email: emailSchema, confirmEmail: emailSchema })
  .refine((input) => input.email === input.confirmEmail, {
    message: privacyMessages.confirmMismatch,
    path: ["confirmEmail"],
  });

export const erasedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** How many of each kind were removed (audit entries: the address taken out of them). */
  removed: z.record(z.enum(heldKinds), z.number().int()),
  kept: z.array(keptSchema).max(heldKinds.length),
});

/**
 * A renter's own request, from the privacy page: a copy of what is held about them, or its
 * deletion. The address is proved by a link e-mailed to it (the page it opens asks before it
 * confirms: a mail scanner that opens links confirms nothing); once confirmed, the request is in
 * the back office's Privacy tab with its due date, 45 days on, as the Connecticut act asks.
 */
export const privacyRequestKinds = ["access", "deletion"] as const;
export type PrivacyRequestKind = (typeof privacyRequestKinds)[number];

export const privacyRequestKindLabels: Record<PrivacyRequestKind, string> = {
  access: "A copy of their data",
  deletion: "Deletion of their data",
};

/** Days the office has to answer a confirmed request. */
export const PRIVACY_ANSWER_DAYS = 45;
/** Days the e-mailed link works (then the unconfirmed request is purged). */
export const PRIVACY_CONFIRM_DAYS = retention.privacyRequestsUnconfirmed.days;
/** Requests one client may send a minute (the form's rate limit). */
export const PRIVACY_REQUESTS_PER_MINUTE = 5;
/** Links e-mailed to one mailbox a day, whoever asks: more sends nothing. */
export const PRIVACY_REQUESTS_PER_MAILBOX_PER_DAY = 3;

/** The server's and the form's words, in English (the catalogue has them in Spanish). */
export const privacyRequestMessages = {
  email: "Please enter a valid email address.",
  kind: "Choose what you would like us to do.",
  checkEmail:
    "Thank you. If the address is yours, a link to confirm the request is on its way: open it within 7 days.",
  linkInvalid: "This link does not work. It may have expired: ask again from the privacy page.",
  linkUsed: "This request was confirmed already. We will answer within 45 days.",
  answeredAlready: "This request was marked answered already.",
  notFound: "This request was not found.",
} as const;

export const privacyRequestSchema = z.object({
  email: z
    .string({ error: privacyRequestMessages.email })
    .trim()
    .max(254, privacyRequestMessages.email)
    .pipe(z.email({ error: privacyRequestMessages.email }))
    .transform((email) => email.toLowerCase()),
  kind: z.enum(privacyRequestKinds, { error: privacyRequestMessages.kind }),
  lang: z.enum(["en", "es"]).default("en"),
});
export type PrivacyRequestInput = z.input<typeof privacyRequestSchema>;
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;

/** What the confirmation page shows before its button is pressed. */
export const privacyRequestPendingSchema = z.object({
  email: z.string(),
  kind: z.enum(privacyRequestKinds),
});

/** A confirmed request, as the confirmation page shows it once its button is pressed. */
export const privacyRequestConfirmedSchema = privacyRequestPendingSchema.extend({
  dueAt: z.iso.datetime(),
});

export const privacyRequestStatuses = ["open", "answered"] as const;
export type PrivacyRequestStatus = (typeof privacyRequestStatuses)[number];

/** A page of confirmed requests: open ones by due date (soonest first), answered ones newest first. */
export const privacyRequestsQuerySchema = z.object({
  status: z.enum(privacyRequestStatuses).default("open"),
  ...pageQueryShape(),
});
export type PrivacyRequestsQuery = z.infer<typeof privacyRequestsQuerySchema>;

export const privacyRequestRowSchema = z.object({
  id: z.uuid(),
  /** Null once the person's data was erased: the request stays, unnamed, as the record of it. */
  email: z.string().nullable(),
  kind: z.enum(privacyRequestKinds),
  lang: z.enum(["en", "es"]),
  confirmedAt: z.iso.datetime(),
  dueAt: z.iso.datetime(),
  answeredAt: z.iso.datetime().nullable(),
  answeredBy: z.string().nullable(),
});
export type PrivacyRequestRow = z.infer<typeof privacyRequestRowSchema>;

export const privacyRequestsPageSchema = pageOf(privacyRequestRowSchema).extend({
  /** Open requests in all, and how many of them are past their due date. */
  open: z.number().int(),
  overdue: z.number().int(),
});
export type PrivacyRequestsPage = z.infer<typeof privacyRequestsPageSchema>;
