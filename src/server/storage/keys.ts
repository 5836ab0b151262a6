/** Storage keys: "/"-separated names of objects, the same under every driver (see storage.ts). */

export class InvalidKeyError extends Error {
  override name = "InvalidKeyError";
  constructor(readonly key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
  }
}

const KEY_MAX_BYTES = 1024;

/** A key that names no parent, no root and nothing else than its own segments. */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || Buffer.byteLength(key) > KEY_MAX_BYTES) return false;
  // NUL and other control characters, and backslashes (a separator on some systems).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(key)) return false;
  // No leading or trailing "/", no empty segment, no "." or "..": one object, one spelling.
  return key.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

export function assertValidKey(key: string): string {
  if (!isValidKey(key)) throw new InvalidKeyError(key);
  return key;
}

/** Public photos' keys: a row's image path (relative to /uploads/) becomes `uploads/<path>`. */
export const UPLOADS_PREFIX = "uploads/";
/** Tenants' documents: never served under /uploads/, only through a download link. */
export const TENANT_FILES_PREFIX = "tenant-files/";

/**
 * Photos tenants attach to maintenance requests: private as documents are, one folder of WebP
 * variants per photo, reached only through a signed link.
 */
export const MAINTENANCE_PHOTOS_PREFIX = "maintenance-photos/";

export const uploadKey = (relativePath: string) => `${UPLOADS_PREFIX}${relativePath}`;
export const tenantFileKey = (filename: string) => `${TENANT_FILES_PREFIX}${filename}`;
export const maintenancePhotoKey = (folder: string, file: string) =>
  `${MAINTENANCE_PHOTOS_PREFIX}${folder}/${file}`;

/** A photo's name is random and never reused, so its bytes never change: a year, immutable. */
export const PHOTO_CACHE_CONTROL = `public, max-age=${365 * 24 * 60 * 60}, immutable`;

/**
 * What a shared cache may do with an object, stored with it in the bucket too: a CDN or anyone
 * serving the bucket directly gives the same caching headers as the app.
 */
export const cacheControlFor = (key: string) =>
  key.startsWith(UPLOADS_PREFIX) ? PHOTO_CACHE_CONTROL : "private, no-store";
