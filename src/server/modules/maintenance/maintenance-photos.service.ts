import { randomBytes } from "node:crypto";
import { MAINTENANCE_PHOTO_LINK_MINUTES, type MaintenancePhoto } from "#domain/maintenance";
import type { Executor } from "#server/db/client";
import { type WrittenVariant, writeImageVariants } from "#server/images/image-pipeline";
import { createExpiringLinks, type ExpiringLinks } from "#server/modules/tenant-files";
import { createUsersRepository, hasAccess } from "#server/modules/users";
import { isUuid } from "#server/shared/uuid";
import {
  isValidKey,
  MAINTENANCE_PHOTOS_PREFIX,
  maintenancePhotoKey as photoKey,
} from "#server/storage/keys";
import type { ObjectStore, StoredObject } from "#server/storage/storage";
import { photoLinkGone, photoNotFound } from "./maintenance.errors";
import { findPhoto, type PhotoVariant } from "./maintenance.repository";

/**
 * Maintenance photos are private: checked and re-encoded as the listing photos are (WebP
 * variants, no metadata such as a GPS position), but kept under `maintenance-photos/`, which no
 * public path serves. A photo is reached only through a signed link valid a few minutes, made
 * for someone allowed to see its request.
 */

const PHOTO_AUDIENCE = "rentals:maintenance-photo";
/** The variant the links name: wide enough for a phone's full screen, small enough for a list. */
const LINK_WIDTH = 1200;

/** The photo, its variant's width, and whom the link was made for (`v`): theirs while they have access. */
export type PhotoClaims = { pid: string; w: string; v: string };
export type PhotoLinks = ExpiringLinks<PhotoClaims>;

export const createPhotoLinks = (secret: Uint8Array): PhotoLinks =>
  createExpiringLinks<PhotoClaims>(secret, PHOTO_AUDIENCE, MAINTENANCE_PHOTO_LINK_MINUTES, [
    "pid",
    "w",
    "v",
  ]);

export type StoredPhoto = {
  folder: string;
  variants: PhotoVariant[];
  width: number;
  height: number;
};

/** Checks and re-encodes one photo into a folder of its own; refused photos write nothing. */
export async function storePhoto(store: ObjectStore, bytes: Buffer): Promise<StoredPhoto> {
  const folder = randomBytes(16).toString("base64url");
  const variants: WrittenVariant[] = await writeImageVariants(
    bytes,
    store,
    `${MAINTENANCE_PHOTOS_PREFIX}${folder}`,
  );
  const largest = variants.at(-1)!;
  return { folder, variants, width: largest.width, height: largest.height };
}

/** Removes a photo's files (best effort: the request's own error is the one to answer). */
export async function removePhoto(
  store: ObjectStore,
  photo: Pick<StoredPhoto, "folder" | "variants">,
): Promise<void> {
  await Promise.all(
    photo.variants.map((variant) =>
      store.delete(photoKey(photo.folder, variant.file)).catch(() => undefined),
    ),
  );
}

/** The variant a link shows: the widest not past LINK_WIDTH. */
function linkVariant(variants: PhotoVariant[]): PhotoVariant {
  const fitting = variants.filter((variant) => variant.width <= LINK_WIDTH);
  return fitting.at(-1) ?? variants[0]!;
}

/** A photo as `viewer`, allowed to see it, gets it: a signed link to its shown variant. */
export async function photoView(
  links: PhotoLinks,
  publicPath: (token: string) => string,
  row: { id: string; variants: PhotoVariant[] },
  viewer: string,
): Promise<MaintenancePhoto> {
  const variant = linkVariant(row.variants);
  const { token } = await links.sign({ pid: row.id, w: String(variant.width), v: viewer });
  return { id: row.id, url: publicPath(token), width: variant.width, height: variant.height };
}

/**
 * The bytes behind a photo link: the link must be ours, unexpired, made for someone who still
 * has access (a tenancy ended since kills the tenant's links), and name a photo that exists. An
 * expired link is told apart (410) so the page knows to reload for fresh ones.
 */
export async function openPhoto(
  deps: { db: Executor; store: ObjectStore; photoLinks: PhotoLinks },
  token: string,
): Promise<StoredObject> {
  const check = await deps.photoLinks.check(token);
  if (check.status === "expired") throw photoLinkGone();
  if (check.status === "invalid") throw photoNotFound();
  const { pid, w, v } = check.claims;
  if (!isUuid(pid)) throw photoNotFound();
  const viewer = await createUsersRepository(deps.db).findById(v);
  if (!viewer || !hasAccess(viewer)) throw photoNotFound();
  const row = await findPhoto(deps, pid);
  const variant = row?.variants.find((v) => String(v.width) === w);
  if (!row || !variant) throw photoNotFound();
  const key = photoKey(row.folder, variant.file);
  if (!isValidKey(key)) throw photoNotFound();
  const object = await deps.store.get(key);
  if (!object) throw photoNotFound();
  return object;
}
