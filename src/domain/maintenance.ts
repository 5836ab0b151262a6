import { pageQueryShape } from "./api/paging";
import { type Locale, locales } from "./locale";
import { site } from "./site";
import { z } from "./zod";

/**
 * The tenant portal: staff invite a tenant to a unit, the tenant signs in by an e-mailed link
 * and reports repairs (maintenance requests with photos and a comment thread with the office)
 * and shares documents; staff run the requests from the back office's Maintenance tab.
 */

/** A sign-in link works this long, once. */
export const TENANT_SIGN_IN_LINK_MINUTES = 15;
/** An invitation's link works this long, once (a tenant may not read the e-mail at once). */
export const TENANT_INVITE_DAYS = 7;
/** Sign-in link requests per client address per minute. */
export const TENANT_LINK_REQUESTS_PER_MINUTE = 5;
/** Sign-in links e-mailed to one address per hour; past it, the request is answered the same and nothing is sent. */
export const TENANT_LINKS_PER_ADDRESS_PER_HOUR = 5;
/** Photos one request may carry, and the size of each before it is re-encoded. */
export const MAINTENANCE_PHOTOS_MAX = 5;
/** A request as one reads it: its newest comments, this many, and how many there are. */
export const MAINTENANCE_COMMENTS_SHOWN = 20;
/** A request in a list: its newest comments, this many (the request itself shows more). */
export const MAINTENANCE_COMMENTS_IN_LIST = 3;
export const MAINTENANCE_PHOTO_MAX_MB = 10;
export const MAINTENANCE_PHOTO_MAX_BYTES = MAINTENANCE_PHOTO_MAX_MB * 1024 * 1024;
/** How long a photo's signed link works. */
export const MAINTENANCE_PHOTO_LINK_MINUTES = 10;
/** New requests per tenant per hour (a tenant with a real emergency phones as well). */
export const MAINTENANCE_REQUESTS_PER_HOUR = 10;

export const maintenanceCategories = [
  "plumbing",
  "electrical",
  "heating_cooling",
  "appliance",
  "pests",
  "locks_doors",
  "other",
] as const;
export type MaintenanceCategory = (typeof maintenanceCategories)[number];

export const maintenanceCategoryLabels: Record<MaintenanceCategory, string> = {
  plumbing: "Plumbing",
  electrical: "Electrical",
  heating_cooling: "Heating and cooling",
  appliance: "Appliance",
  pests: "Pests",
  locks_doors: "Locks and doors",
  other: "Other",
};

/** In the order staff work them: emergencies first. */
export const maintenanceUrgencies = ["emergency", "urgent", "routine"] as const;
export type MaintenanceUrgency = (typeof maintenanceUrgencies)[number];

export const maintenanceUrgencyLabels: Record<MaintenanceUrgency, string> = {
  emergency: "Emergency",
  urgent: "Urgent",
  routine: "Routine",
};

/** What each urgency means, shown beside the choice. */
export const maintenanceUrgencyHints: Record<MaintenanceUrgency, string> = {
  emergency: "A danger to people or the building, now.",
  urgent: "Needs attention within a day or two.",
  routine: "Can wait for a scheduled visit.",
};

/** What counts as an emergency, and what to do about one first. */
export const emergencyNote = `An emergency is a danger to people or the building: flooding or a burst pipe, no heat in winter, a gas smell, sparking or burning wiring, a door that will not lock. Call the office at ${site.phone} as well. If anyone is in danger or you smell gas, leave and call 911.`;

export const maintenanceStatuses = [
  "submitted",
  "scheduled",
  "in_progress",
  "completed",
  "cancelled",
] as const;
export type MaintenanceStatus = (typeof maintenanceStatuses)[number];

export const maintenanceStatusLabels: Record<MaintenanceStatus, string> = {
  submitted: "Submitted",
  scheduled: "Scheduled",
  in_progress: "In progress",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** A request still to be done: counted on the Maintenance tab. */
export const openMaintenanceStatuses = ["submitted", "scheduled", "in_progress"] as const;

/** The time windows a visit is scheduled in (office time). */
export const visitWindows = ["morning", "afternoon", "evening"] as const;
export type VisitWindow = (typeof visitWindows)[number];

export const visitWindowLabels: Record<VisitWindow, string> = {
  morning: "8 AM to 12 PM",
  afternoon: "12 PM to 4 PM",
  evening: "4 PM to 7 PM",
};

export const maintenanceMessages = {
  title: "Give the request a short title (3 to 120 characters).",
  description: "Describe the problem (10 to 2,000 characters).",
  category: "Choose what kind of problem it is.",
  urgency: "Choose how urgent it is.",
  permissionToEnter: "Say whether we may enter when you are not home.",
  preferredTimes: "Preferred times can be up to 200 characters.",
  tooManyPhotos: `Add up to ${MAINTENANCE_PHOTOS_MAX} photos.`,
  photoType: "Photos must be JPEG, PNG or WebP images.",
  photoTooBig: `Each photo must be ${MAINTENANCE_PHOTO_MAX_MB}MB or smaller.`,
  comment: "Write a comment (1 to 2,000 characters).",
  status: "Choose a status.",
  scheduledFor: "Choose the visit's date.",
  window: "Choose the visit's time window.",
  scheduleNeeded: "A scheduled visit needs a date and a time window.",
  submitted: "Your request is sent. The office will reply here and by e-mail.",
  commentSent: "Your comment is sent.",
  updated: "The request is updated.",
  notFound: "This request was not found.",
  closed: "This request is closed. Please open a new one if the problem is back.",
  noUnit: "Your account is not linked to a unit. Please contact the office.",
  tooManyRequests:
    "You have sent many requests in the last hour. Please call the office if it is urgent.",
  notMultipart: "Send the request as a form (multipart/form-data).",
  unreadable: "The form could not be read. Please try again.",
} as const;

const trimmed = (min: number, max: number, message: string) =>
  z.string({ error: message }).trim().min(min, message).max(max, message);

/** The form fields of a new request (multipart: every value arrives as text). */
export const maintenanceFieldsSchema = z.object({
  title: trimmed(3, 120, maintenanceMessages.title),
  description: trimmed(10, 2000, maintenanceMessages.description),
  category: z.enum(maintenanceCategories, { error: maintenanceMessages.category }),
  urgency: z.enum(maintenanceUrgencies, { error: maintenanceMessages.urgency }),
  /** `yes` or `no` (also `true` or `false`): may the office enter without the tenant home? */
  permissionToEnter: z
    .enum(["yes", "no", "true", "false"], { error: maintenanceMessages.permissionToEnter })
    .transform((value) => value === "yes" || value === "true"),
  preferredTimes: z
    .string({ error: maintenanceMessages.preferredTimes })
    .trim()
    .max(200, maintenanceMessages.preferredTimes)
    .optional()
    .default(""),
});
export type MaintenanceFieldsInput = z.input<typeof maintenanceFieldsSchema>;
export type MaintenanceFields = z.infer<typeof maintenanceFieldsSchema>;

export const maintenanceCommentSchema = z.object({
  body: trimmed(1, 2000, maintenanceMessages.comment),
});
export type MaintenanceCommentInput = z.input<typeof maintenanceCommentSchema>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Staff's change of a request: its status, and for a scheduled visit its date and window. */
export const maintenanceUpdateSchema = z
  .object({
    status: z.enum(maintenanceStatuses, { error: maintenanceMessages.status }),
    scheduledFor: z
      .string({ error: maintenanceMessages.scheduledFor })
      .regex(DATE, maintenanceMessages.scheduledFor)
      .refine((value) => !Number.isNaN(Date.parse(`${value}T12:00:00Z`)), {
        message: maintenanceMessages.scheduledFor,
      })
      .nullable()
      .optional(),
    window: z.enum(visitWindows, { error: maintenanceMessages.window }).nullable().optional(),
  })
  .superRefine((update, ctx) => {
    if (update.status === "scheduled" && (!update.scheduledFor || !update.window)) {
      ctx.addIssue({
        code: "custom",
        path: [update.scheduledFor ? "window" : "scheduledFor"],
        message: maintenanceMessages.scheduleNeeded,
      });
    }
  });
export type MaintenanceUpdateInput = z.input<typeof maintenanceUpdateSchema>;
export type MaintenanceUpdate = z.infer<typeof maintenanceUpdateSchema>;

/** The Maintenance tab's filters. */
export const maintenanceQuerySchema = z.object({
  status: z.enum([...maintenanceStatuses, "open"]).optional(),
  urgency: z.enum(maintenanceUrgencies).optional(),
  propertyId: z.coerce.number().int().positive().optional(),
  ...pageQueryShape(),
});
export type MaintenanceQuery = z.infer<typeof maintenanceQuerySchema>;

/** A page of the tenants list: the pickers' first page, and a building card's tenants. */
export const TENANTS_PAGE = 50;

const INT_MAX = 2_147_483_647;

/**
 * The tenants list's filters: the tenants of some units (a building card's units, as ids with
 * commas between, at most 100), or those whose name or address has the words typed (a picker's
 * finder), by address, a page at a time.
 */
export const tenantsQuerySchema = z.object({
  units: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, "Unit ids, with commas between (at most 100).")
    .refine((ids) => ids.split(",").every((id) => Number(id) <= INT_MAX), "Not a unit id.")
    .optional(),
  q: z.string().trim().max(200).optional(),
  ...pageQueryShape({ limit: TENANTS_PAGE }),
});
export type TenantsQuery = z.infer<typeof tenantsQuerySchema>;

export type MaintenancePhoto = { id: string; url: string; width: number; height: number };

/** The name on a comment from a staff member who has no display name. */
export const OFFICE_AUTHOR_NAME = "The office";

export type MaintenanceComment = {
  id: string;
  body: string;
  author: { name: string; role: "tenant" | "staff" };
  createdAt: string;
};

export type MaintenanceRequest = {
  id: string;
  title: string;
  description: string;
  category: MaintenanceCategory;
  urgency: MaintenanceUrgency;
  status: MaintenanceStatus;
  permissionToEnter: boolean;
  preferredTimes: string;
  scheduledFor: string | null;
  window: VisitWindow | null;
  createdAt: string;
  updatedAt: string;
  tenant: { id: string | null; name: string; email: string };
  property: { id: number | null; name: string; unit: string; unitId: number | null };
  photos: MaintenancePhoto[];
  /** The newest comments (MAINTENANCE_COMMENTS_SHOWN, or _IN_LIST in a list), oldest first. */
  comments: MaintenanceComment[];
  /** How many comments the request has, shown or not. */
  commentCount: number;
};

// ---- Tenants -----------------------------------------------------------------------------

export const tenantMessages = {
  name: "Enter the tenant's name (1 to 100 characters).",
  email: "Please enter a valid email address.",
  invited: "Invitation sent.",
  staffAddress: "This address belongs to a staff account.",
  alreadyTenant: "This tenant already has access. Move them to this unit instead.",
  moved: "The tenant is moved.",
  ended: "The tenant's access is ended.",
  unitNotFound: "Unit not found",
  tenantNotFound: "Tenant not found",
  /** The same answer whatever the address. */
  linkSent: `If this address belongs to a tenant, we sent a sign-in link. It works for ${TENANT_SIGN_IN_LINK_MINUTES} minutes, once.`,
  linkInvalid:
    "This sign-in link is not valid, was already used or has expired. Ask for a new one.",
} as const;

const email = z
  .string({ error: tenantMessages.email })
  .trim()
  .max(254, tenantMessages.email)
  .pipe(z.email({ error: tenantMessages.email }))
  .transform((value) => value.toLowerCase());

export const tenantInviteSchema = z.object({
  name: trimmed(1, 100, tenantMessages.name),
  email,
  /** The language of the invitation and of the tenant's e-mails after it; English if not given. */
  language: z.enum(locales).default("en"),
});
export type TenantInviteInput = z.input<typeof tenantInviteSchema>;

/** The address, and the language of the page it was asked from (the link's page and e-mail's). */
export const tenantSignInLinkSchema = z.object({ email, lang: z.enum(locales).default("en") });
export type TenantSignInLinkInput = z.input<typeof tenantSignInLinkSchema>;

/**
 * A link's token, and the language of the page that opened it: the tenant's e-mails follow the
 * language they read the portal in (only the bearer of an e-mailed link can set it).
 */
export const tenantSignInSchema = z.object({
  token: z.string().min(1).max(200),
  lang: z.enum(locales).optional(),
});

export const tenantMoveSchema = z.object({ unitId: z.number().int().positive() });

/** A tenant with access, as staff see them. */
export type Tenant = {
  id: string;
  name: string;
  email: string;
  unit: { id: number; unitNumber: string; propertyId: number; propertyName: string } | null;
  invitedAt: string;
  lastSignInAt: string | null;
  /** The language of their e-mails and notifications. */
  language: Locale;
};

/** What a signed-in tenant's home shows. */
export type TenantHome = {
  name: string;
  email: string;
  unit: {
    id: number;
    unitNumber: string;
    bedrooms: number;
    bathrooms: number;
    propertyId: number;
    propertyName: string;
    address: string;
  } | null;
  office: { phone: string; email: string; address: string };
  openRequests: number;
};

// ---- The back office's words -------------------------------------------------------------

/** The Maintenance tab's status filter: the open ones (the default), one status, or all. */
export const maintenanceStatusFilters = ["open", ...maintenanceStatuses, "all"] as const;
export type MaintenanceStatusFilter = (typeof maintenanceStatusFilters)[number];

export const maintenanceStatusFilterLabels: Record<MaintenanceStatusFilter, string> = {
  open: "All open",
  ...maintenanceStatusLabels,
  all: "All statuses",
};

/** The staff side's words: the Maintenance tab, tenants on a unit row, shared documents. */
export const maintenanceStaffMessages = {
  loading: "Loading maintenance requests...",
  loadFailed: "Failed to load maintenance requests",
  empty: "No maintenance requests",
  emptyOpen: "No open maintenance requests. Requests tenants send appear here.",
  emptyFiltered: "No requests match these filters. Choose other filters to see the others.",
  requestLoadFailed: "Failed to load the request",
  updateFailed: "Failed to update the request",
  commentFailed: "Failed to send the comment",
  commentSent: "Comment sent. The tenant is told by e-mail.",
  noPhotos: "No photos.",
  noComments: "No comments yet.",
  inviteFailed: "Failed to send the invitation",
  moveFailed: "Failed to move the tenant",
  endFailed: "Failed to end the tenant's access",
  endConfirm:
    "They can no longer sign in to the tenant portal; their sessions and links stop working at once. Their requests and documents stay.",
  chooseUnit: "Choose the unit to move the tenant to.",
  tenantsLoadFailed: "Failed to load the tenants",
  noTenants: "No tenants with access yet. Invite one from a unit on the Properties tab.",
  chooseTenant: "Choose a tenant.",
  noTenantMatches: "No tenant's name or address has these words.",
  /** Under a building's units when they have more tenants than the card lists. */
  moreTenants: (shown: number, total: number) =>
    `The first ${shown} of these units' ${total} tenants by address are shown.`,
  chooseFiles: "Choose at least one file.",
  tooManyFiles: (max: number) => `Share up to ${max} files at once.`,
  shareFailed: "Failed to share the document",
  shared: (name: string) => `Shared with ${name}.`,
  sharedMarker: "Shared with tenant",
} as const;
