import type { Readable } from "node:stream";

/**
 * The object store's interface, apart from the drivers that implement it (fs-store.ts,
 * s3-store.ts) and from storage.ts, which picks one: the drivers import it, it imports neither.
 *
 * Keys are "/"-separated, as in S3, and the same under both drivers:
 *   uploads/images/<random>/<width>.webp     staff photos (public, under /uploads/)
 *   uploads/placeholders/<n>/<width>.webp    the placeholder pool (public)
 *   tenant-files/<uuid>                      tenants' documents (never public)
 * A row names its bytes by such a key (images.path is the key without "uploads/", a tenant
 * file's filename the key without "tenant-files/").
 */

export type PutOptions = {
  contentType: string;
  /** The body's length in bytes: required for a stream (S3 needs it before the first byte). */
  size?: number;
};

export type ObjectInfo = {
  size: number;
  /** Quoted, as HTTP sends it: a strong S3 ETag, or a weak one from the file's size and time. */
  etag?: string;
  lastModified?: Date;
};

export type StoredObject = ObjectInfo & { stream: Readable };

export type ListedObject = { key: string; size: number; lastModified: Date };

export type DownloadUrlOptions = {
  /** The Content-Disposition the bucket answers with: an attachment, so it is never rendered. */
  contentDisposition: string;
  contentType: string;
  expiresInSeconds: number;
};

export interface ObjectStore {
  readonly driver: "fs" | "s3";
  /**
   * Stores the bytes under `key`, replacing what was there. Durable when it resolves: on the
   * disk (fsync of the file and of the folders that name it) or acknowledged by the bucket.
   * Atomic: a reader sees the old bytes or the new ones, never half of them.
   */
  put(key: string, body: Buffer, options: PutOptions): Promise<void>;
  put(key: string, body: Readable, options: PutOptions & { size: number }): Promise<void>;
  /**
   * Moves a finished local file (a temporary under DATA_DIR) into the store, as `put` does; the
   * local file is gone once this resolves. The fs driver renames it: no second copy is written.
   */
  putFile(key: string, file: string, options: Pick<PutOptions, "contentType">): Promise<void>;
  /** The bytes and what is known of them, or null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; one already gone is what was wanted anyway. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in no promised order. */
  list(prefix: string): AsyncIterable<ListedObject>;
  /**
   * s3 only: a presigned GET of the object that the browser follows directly, for a short time,
   * saving it as an attachment. The fs driver has none: its bytes go through the app.
   */
  downloadUrl?(key: string, options: DownloadUrlOptions): Promise<string>;
  /** Releases connections (s3); the store is not used afterwards. */
  close(): Promise<void>;
}
