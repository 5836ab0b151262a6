import { alertMessages } from "#domain/alerts";
import { authMessages } from "#domain/auth";
import { contactFormSchema, contactMessages, tourRequestSchema } from "#domain/inquiries";
import { maintenanceMessages, tenantMessages } from "#domain/maintenance";
import { messages } from "#domain/messages";
import { notificationPreferencesMessages } from "#domain/notification-preferences";
import { privacyRequestMessages } from "#domain/privacy";
import { showingMessages } from "#domain/showings";
import { documentUploadMessages, filesMessages } from "#domain/tenant-files";
import { connectionFailed, tryAgainLater } from "#web/lib/api-client";

/**
 * The words the shared zod schemas and the server's refusals are written in are English, in the
 * domain (the API answers them). A renter's page shows each in its own language: the English
 * text is looked up here, and its translation is the catalogue's `form.<group>.<name>`. Only the
 * texts a renter can meet are here (the back office is English: its texts pass unchanged). Texts
 * built from values (a function in the domain) are not here: their page passes its own message.
 * `translateMessage` (translate-message.ts) looks the texts up in the English `form` catalogue,
 * which holds exactly these: components import it from there, without the domain's schemas.
 */

/** A field's refusal of a text too long for it, in the schema's own words. */
function tooLong(field: {
  safeParse(value: unknown): { error?: { issues: { message: string }[] } };
}) {
  return field.safeParse("a".repeat(10_000)).error?.issues[0]?.message ?? "";
}

const groups = {
  /** The contact and Schedule Tour forms, their toasts, and the server's refusals of an inquiry. */
  contact: {
    ...contactMessages,
    nameTooLong: tooLong(contactFormSchema.shape.name),
    subjectTooLong: tooLong(contactFormSchema.shape.subject),
    messageTooLong: tooLong(contactFormSchema.shape.message),
    /** zod's own English (the schema gives none): the English page shows it as it always has. */
    preferredTimesTooLong: tooLong(tourRequestSchema.shape.preferredTimes),
  },
  /** Listing alerts: the subscribe form, the manage page and the server's answers. */
  alerts: alertMessages,
  /** A showing booked from the unit page's Schedule Tour dialog. */
  showings: {
    start: showingMessages.start,
    note: showingMessages.note,
    slotTaken: showingMessages.slotTaken,
  },
  /** A renter's privacy request: the privacy page's form and the e-mailed link's page. */
  privacy: {
    kind: privacyRequestMessages.kind,
    checkEmail: privacyRequestMessages.checkEmail,
    linkInvalid: privacyRequestMessages.linkInvalid,
    linkUsed: privacyRequestMessages.linkUsed,
  },
  /** A tenant's upload through the link the office e-mailed: the page's and the server's words. */
  files: {
    wrongType: filesMessages.wrongType,
    tooBig: filesMessages.tooBig,
    linkInvalid: filesMessages.linkInvalid,
    linkExpired: filesMessages.linkExpired,
    linkFull: filesMessages.linkFull,
    tenantFull: filesMessages.tenantFull,
    unpacksTooLarge: filesMessages.unpacksTooLarge,
    uploadReceived: filesMessages.uploadReceived,
    fileNotFound: filesMessages.fileNotFound,
  },
  upload: documentUploadMessages,
  /** The tenant portal's repair requests and comments: the form's rules and the server's answers. */
  maintenance: {
    title: maintenanceMessages.title,
    description: maintenanceMessages.description,
    category: maintenanceMessages.category,
    urgency: maintenanceMessages.urgency,
    permissionToEnter: maintenanceMessages.permissionToEnter,
    preferredTimes: maintenanceMessages.preferredTimes,
    tooManyPhotos: maintenanceMessages.tooManyPhotos,
    photoType: maintenanceMessages.photoType,
    photoTooBig: maintenanceMessages.photoTooBig,
    comment: maintenanceMessages.comment,
    submitted: maintenanceMessages.submitted,
    commentSent: maintenanceMessages.commentSent,
    notFound: maintenanceMessages.notFound,
    closed: maintenanceMessages.closed,
    noUnit: maintenanceMessages.noUnit,
    tooManyRequests: maintenanceMessages.tooManyRequests,
    unreadable: maintenanceMessages.unreadable,
  },
  /** The tenant portal's sign-in by e-mailed link, and its Devices tab. */
  tenant: {
    linkSent: tenantMessages.linkSent,
    linkInvalid: tenantMessages.linkInvalid,
    sessionNotFound: authMessages.sessionNotFound,
  },
  /** The refusals any request of a renter's page may meet (not those no browser form can cause). */
  server: {
    internal: messages.server.internal,
    tooManyRequests: messages.server.tooManyRequests,
    unavailable: messages.server.unavailable,
    storageUnavailable: messages.server.storageUnavailable,
    storageFull: messages.server.storageFull,
    notFound: messages.server.notFound,
    badRequest: messages.server.badRequest,
    bodyTooLarge: messages.server.bodyTooLarge,
    bodyTimeout: messages.server.bodyTimeout,
    badData: messages.server.badData,
    uploadTooManyParts: messages.server.uploadTooManyParts,
  },
  /**
   * The browser's own words: the server cannot be reached (the upload page and the portal show
   * them), and a failure that came without words of its own.
   */
  client: { connectionFailed, tryAgainLater },
  /** The notification settings' quiet hours (a renter's page, shown through the form field). */
  preferences: { timeOfDay: notificationPreferencesMessages.timeOfDay },
} as const;

let byText: Map<string, string> | undefined;

/** The catalogue id of each English text of the groups above. */
export function validationIds(): Map<string, string> {
  if (!byText) {
    byText = new Map();
    for (const [group, texts] of Object.entries(groups)) {
      for (const [name, text] of Object.entries(texts)) {
        if (typeof text === "string" && text && !byText.has(text)) {
          byText.set(text, `form.${group}.${name}`);
        }
      }
    }
  }
  return byText;
}
