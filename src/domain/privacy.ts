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
  "alerts",
  "account",
  "documents",
  "documentRequests",
  "maintenance",
  "mails",
  "auditEntries",
] as const;
export type HeldKind = (typeof heldKinds)[number];

export const heldKindLabels: Record<HeldKind, string> = {
  inquiries: "Inquiries",
  alerts: "Listing alerts",
  account: "Account (tenant portal or staff)",
  documents: "Documents",
  documentRequests: "Document requests",
  maintenance: "Maintenance requests",
  mails: "E-mail sent",
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
