import { pageQueryShape } from "./api/paging";
import { messages } from "./messages";
import { z } from "./zod";

/**
 * Tenant files (listed, counted and downloaded in the admin Files tab) and the document
 * requests that let a tenant without a sign-in upload them (a link e-mailed by staff, 14 days).
 */

export const fileCategories = ["maintenance", "lease", "property", "other"] as const;
export type FileCategory = (typeof fileCategories)[number];

export const fileCategoryLabels: Record<FileCategory, string> = {
  maintenance: "Maintenance",
  lease: "Lease",
  property: "Property",
  other: "Other",
};

/** The badge variant of each category: maintenance stands out, other is an outline. */
export const fileCategoryBadges = {
  maintenance: "destructive",
  lease: "default",
  property: "secondary",
  other: "outline",
} as const satisfies Record<FileCategory, string>;

export const TENANT_FILE_MAX_MB = 20;
export const TENANT_FILE_MAX_BYTES = TENANT_FILE_MAX_MB * 1024 * 1024;
export const TENANT_FILES_PER_REQUEST_MAX = 20;
export const UPLOAD_LINK_DAYS = 14;
export const DOWNLOAD_URL_MINUTES = 5;
/** What one upload link may receive in all: a forwarded link cannot fill the disk. */
export const UPLOAD_LINK_MAX_FILES = 50;
export const UPLOAD_LINK_MAX_MB = 500;
/** What one signed-in tenant's own uploads may hold in all, whatever the number of requests. */
export const TENANT_MAX_FILES = 100;
export const TENANT_MAX_MB = 500;
/**
 * A Word document is a ZIP: what it may unpack to, read from its directory and checked by
 * unpacking, so that a small file cannot expand to fill the memory or disk of whoever opens it.
 * Real documents stay far below (a 20MB one with photos unpacks to about as much).
 */
export const DOCX_MAX_PARTS = 1000;
export const DOCX_MAX_UNPACKED_MB = 100;
/**
 * How many times its packed size a Word document may unpack to, part by part and in all, once
 * past DOCX_RATIO_GRACE_KB: text compresses about tenfold and photos not at all, so a real one
 * stays far below, while a bomb's zeros pack a thousandfold. Small parts are spared the ratio
 * (an empty one packs poorly) but not the archive as a whole, or a thousand parts of 100 KB
 * would make 100 MB from a few hundred KB.
 */
export const DOCX_MAX_RATIO = 100;
export const DOCX_RATIO_GRACE_KB = 100;
/** What the Word documents of one upload request may unpack to between them. */
export const DOCX_REQUEST_UNPACK_MB = 200;
/** "Recent Uploads" counts files uploaded in this many days. */
export const RECENT_UPLOAD_DAYS = 7;

/** What a tenant may upload, judged by content: the names shown to people. */
export const acceptedDocumentKinds = ["PDF", "JPEG", "PNG", "WebP", "HEIC", "DOCX"] as const;
/** For the file picker only; the server decides by the bytes. */
export const documentAccept =
  ".pdf,.jpg,.jpeg,.png,.webp,.heic,.heif,.docx,application/pdf,image/jpeg,image/png,image/webp,image/heic,image/heif,application/vnd.openxmlformats-officedocument.wordprocessingml.document";

const requestFailed = "Failed to send the document request";

export const filesMessages = {
  loadFailed: "Failed to load files. Please try again.",
  loadFailedTitle: "Failed to load files",
  fetchFailed: (status: number) => `Failed to fetch files: ${status}`,
  downloadFailed: "Failed to download file",
  downloading: "Downloading...",
  loading: "Loading files...",
  empty: "No files found matching your criteria",
  errorTitle: "Error Loading Files",
  searchPlaceholder: "Search by tenant name or email...",
  wrongType: `Only ${acceptedDocumentKinds.join(", ")} files can be uploaded.`,
  tooBig: `Each file must be ${TENANT_FILE_MAX_MB}MB or smaller.`,
  linkInvalid: "This upload link is not valid. Please ask the office for a new one.",
  linkExpired: "This upload link has expired. Please ask the office for a new one.",
  linkFull: `This upload link has received as many files as it can take (${UPLOAD_LINK_MAX_FILES} files or ${UPLOAD_LINK_MAX_MB}MB). Please contact the office.`,
  tenantFull: `Your account holds as many files as it can (${TENANT_MAX_FILES} files or ${TENANT_MAX_MB}MB). Please contact the office.`,
  unpacksTooLarge: `Word documents must unpack to ${DOCX_MAX_UNPACKED_MB}MB or less, in at most ${DOCX_MAX_PARTS} parts. Please save the document as a PDF and send that instead.`,
  requestSent: (email: string) => `Document request sent to ${email}.`,
  requestFailed,
  requestBuildingMissing: "This building does not exist.",
  uploadReceived: "Thank you! The office has received your file.",
  fileNotFound: "This file no longer exists.",
  downloadLinkExpired: "This download link has expired. Please download the file again.",
  downloadLinkInvalid: "This download link is not valid. Please download the file again.",
  tenantRequired: "Tenant name must be between 2 and 100 characters.",
  tenantEmail: "Please enter a valid email address.",
  buildingRequired: "Please choose a building.",
} as const;

/** The server's refusals of a documents upload (a tenant's own, or through an upload link). */
export const documentUploadMessages = {
  noFile: "Please choose at least one file to upload.",
  tooMany: `At most ${TENANT_FILES_PER_REQUEST_MAX} files can be sent at once.`,
  tooManyParts: messages.server.uploadTooManyParts,
  notMultipart: "Files must be sent as a multipart form (multipart/form-data).",
  unreadable: "The upload could not be read. Please try again.",
  unexpectedField: (expected: string) => `Send the files in the form field "${expected}".`,
} as const;

/** GET /api/admin/files query: category omitted for 'all'; tenant searches name or e-mail. */
export const filesQuerySchema = z.object({
  category: z.enum(fileCategories).optional(),
  tenant: z.string().trim().max(200).optional(),
  ...pageQueryShape(),
});
export type FilesQuery = z.output<typeof filesQuerySchema>;

export type TenantFile = {
  id: string;
  filename: string;
  originalName: string;
  category: FileCategory;
  size: number;
  mime: string;
  /** ISO timestamp. */
  uploadDate: string;
  tenant: { name: string; email: string };
  property: { id: number | null; name: string; unit: string };
  maintenanceRequest: { title: string } | null;
  /** A document the office shared with the tenant, rather than one the tenant sent. */
  fromOffice: boolean;
};

export type FilesResponse = { files: TenantFile[] };
/** A page of the Files tab: its files and where the next page starts (null on the last). */
export type FilesPage = FilesResponse & { nextCursor: string | null };

/** The document requests the Files tab shows: the newest, as many as this. */
export const DOCUMENT_REQUESTS_SHOWN = 50;

export type FileStats = {
  totalFiles: number;
  /** Display text, e.g. '12.34 MB'. */
  totalSize: string;
  totalBytes: number;
  categoryCounts: Record<FileCategory, number>;
  /** Files uploaded in the last RECENT_UPLOAD_DAYS days. */
  recentUploads: number;
};

export type DownloadResponse = { downloadUrl: string; expiresAt: string };

/** Sizes in Bytes, KB, MB, GB: base 1024, two decimals. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const units = ["Bytes", "KB", "MB", "GB", "TB"];
  const i = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  return `${Number.parseFloat((bytes / 1024 ** i).toFixed(2))} ${units[i]}`;
}

const monthNames = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/** 'MMM dd, yyyy' in the agency's time zone (Connecticut), whatever the viewer's. */
export function formatFileDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/New_York",
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(date);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return `${monthNames[part("month") - 1]} ${String(part("day")).padStart(2, "0")}, ${part("year")}`;
}

/**
 * The languages a document request's e-mail and upload page can be in (the renter-facing site's
 * languages): English at /upload/{token}, Spanish at /es/upload/{token}.
 */
export const documentRequestLanguages = ["en", "es"] as const;
export type DocumentRequestLanguage = (typeof documentRequestLanguages)[number];

/** POST /api/admin/document-requests: staff ask a tenant for documents. */
export const documentRequestSchema = z.object({
  tenantName: z
    .string()
    .trim()
    .min(2, filesMessages.tenantRequired)
    .max(100, filesMessages.tenantRequired),
  tenantEmail: z.string().trim().toLowerCase().max(254).pipe(z.email(filesMessages.tenantEmail)),
  propertyId: z
    .number({ error: filesMessages.buildingRequired })
    .int()
    .positive(filesMessages.buildingRequired)
    .max(2_147_483_647, filesMessages.buildingRequired),
  unit: z.string().trim().max(20).default(""),
  category: z.enum(fileCategories),
  maintenanceRequest: z.string().trim().max(200).default(""),
  note: z.string().trim().max(1000).default(""),
  /** The language of the e-mail and of the upload page its link opens; English if not given. */
  language: z.enum(documentRequestLanguages).default("en"),
});
export type DocumentRequestInput = z.input<typeof documentRequestSchema>;

export type DocumentRequest = {
  id: string;
  tenantName: string;
  tenantEmail: string;
  property: { id: number | null; name: string; unit: string };
  category: FileCategory;
  maintenanceRequest: string | null;
  createdAt: string;
  expiresAt: string;
  filesReceived: number;
};

/** GET /api/upload-requests/{token}: what the tenant's upload page shows. */
export type UploadRequestInfo = {
  tenantName: string;
  propertyName: string;
  unit: string;
  category: FileCategory;
  maintenanceRequest: string | null;
  note: string;
  expiresAt: string;
  filesReceived: { originalName: string; size: number; uploadDate: string }[];
};

/** Multipart text fields sent with a tenant's own upload (POST /api/tenant/files). */
export const tenantUploadFieldsSchema = z.object({
  category: z.enum(fileCategories).default("other"),
  maintenanceRequest: z.string().trim().max(200).default(""),
});
