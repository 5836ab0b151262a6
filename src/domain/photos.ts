import type { Photo } from "./listings";

/** Where photos are served from, and the placeholders used when a building or unit has none. */

export type StoredPhoto = {
  path: string;
  alt: string;
  width: number;
  height: number;
  variants: { width: number; height: number; path: string }[];
};

export const PLACEHOLDER_POOL_SIZE = 10;
export const UNIT_GALLERY_PLACEHOLDERS = 3;
/** The widths every photo is stored at; placeholder URLs are built from them too. */
export const IMAGE_WIDTHS = [480, 768, 1200] as const;

/** Admin-uploaded images live under /uploads unless the path is already absolute. */
export function uploadUrl(path: string): string {
  if (/^(https?:)?\/\//.test(path) || path.startsWith("/")) return path;
  return `/uploads/${path}`;
}

export function toPhoto(stored: StoredPhoto): Photo {
  const variants = [...stored.variants].sort((a, b) => a.width - b.width);
  return {
    url: uploadUrl(stored.path),
    srcSet: variants.map((v) => `${uploadUrl(v.path)} ${v.width}w`).join(", "),
    width: stored.width,
    height: stored.height,
    alt: stored.alt,
  };
}

/** FNV-1a: a stable, well-spread pick from an id (consecutive ids get different photos). */
function hash(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function placeholderIndex(id: number | string): number {
  return hash(String(id)) % PLACEHOLDER_POOL_SIZE;
}

const PLACEHOLDERS_PATH = "/uploads/placeholders/";

export function placeholderPhoto(index: number, alt: string): Photo {
  const n = ((index % PLACEHOLDER_POOL_SIZE) + PLACEHOLDER_POOL_SIZE) % PLACEHOLDER_POOL_SIZE;
  const url = (w: number) => `${PLACEHOLDERS_PATH}${n}/${w}.webp`;
  return {
    url: url(1200),
    srcSet: IMAGE_WIDTHS.map((w) => `${url(w)} ${w}w`).join(", "),
    width: 1200,
    height: 800,
    alt,
  };
}

/** A building's photos, or one placeholder picked from its id. */
export function photosOrPlaceholder(photos: Photo[], id: number, name: string): Photo[] {
  return photos.length > 0
    ? photos
    : [placeholderPhoto(placeholderIndex(id), `${name} (illustrative photo)`)];
}

/** A unit's gallery, or three placeholder photos when it has none. */
export function unitGallery(photos: Photo[], id: number, title: string): Photo[] {
  if (photos.length > 0) return photos;
  const first = placeholderIndex(`unit-${id}`);
  return Array.from({ length: UNIT_GALLERY_PLACEHOLDERS }, (_, i) =>
    placeholderPhoto(
      first + i,
      `${title}, illustrative photo ${i + 1} of ${UNIT_GALLERY_PLACEHOLDERS}`,
    ),
  );
}

/** The gallery's index moves circularly: after the last comes the first, before the first the last. */
export function cycleIndex(current: number, step: 1 | -1, count: number): number {
  if (count <= 0) return 0;
  return (((current + step) % count) + count) % count;
}

/** Whether a photo is one of the site's illustrative placeholders, not a photo of the home. */
export const isPlaceholder = (photo: Pick<Photo, "url">): boolean =>
  photo.url.startsWith(PLACEHOLDERS_PATH);
