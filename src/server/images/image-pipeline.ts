import { randomBytes } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_MB } from "#domain/constants";
import { IMAGE_WIDTHS, type StoredPhoto } from "#domain/photos";
import { AppError } from "../http/errors";
import { isValidKey, uploadKey } from "../storage/keys";
import type { ObjectStore } from "../storage/object-store";

/**
 * Uploaded photos become WebP variants in a folder of their own under `uploads/` in the store.
 * The bytes are judged by their content, never by their name, and are re-encoded, so what is
 * served is always a plain image without the uploader's metadata (GPS position, camera, owner).
 */

export const imageMessages = {
  tooBig: `Each image must be ${UPLOAD_MAX_MB}MB or smaller.`,
  wrongType: "Only PNG, JPEG and WebP images can be uploaded.",
  tooLarge: "This image is too large to process.",
} as const;

/** One stored width of a photo, as its row keeps it (images.variants). */
type ImageVariant = StoredPhoto["variants"][number];

export type ProcessedImage = {
  /** The largest variant, relative to `uploads/` (its URL is /uploads/<path>), "/" separated. */
  path: string;
  filename: string;
  width: number;
  height: number;
  /** Ascending width; each path relative to `uploads/`. */
  variants: ImageVariant[];
};

const ACCEPTED_FORMATS = new Set(["png", "jpeg", "webp"]);
// A 12000 px side or 40 MP covers any camera; beyond that a small file can inflate to gigabytes.
const MAX_SIDE = 12_000;
const MAX_PIXELS = 40_000_000;
/**
 * WebP quality by variant. The smaller variants (480 and 768 px) are what phones download (a
 * 412 px wide screen at 1.75x takes the 768 px one for a full-width photo) and draw scaled down
 * on a dense screen, where quality 70 is hard to tell from 78; it makes them about 17 % smaller
 * (a demo building's 768 px photo 28.5 -> 23.9 KB), and that photo is the largest paint of its
 * page on a phone (Lighthouse's mobile LCP of the page, median of 5: 1.21 -> 1.07 s). A photo's
 * largest variant (1200 px, or the source's own width when narrower), drawn at full size on
 * wide screens, keeps 78.
 */
export function webpQuality(width: number, largest: number): number {
  return width >= largest ? 78 : 70;
}
const FILENAME_MAX_CHARS = 200;

type EncodedVariant = { width: number; height: number; bytes: Buffer };
export type WrittenVariant = { width: number; height: number; file: string };

const wrongType = () => new AppError(415, "unsupported_media_type", imageMessages.wrongType);
const tooLarge = () => new AppError(400, "bad_request", imageMessages.tooLarge);

export async function processImage(input: {
  bytes: Buffer;
  originalName: string;
  store: ObjectStore;
  folder?: string;
}): Promise<ProcessedImage> {
  const { bytes, store, folder = "images" } = input;
  if (bytes.length > UPLOAD_MAX_BYTES) {
    throw new AppError(413, "payload_too_large", imageMessages.tooBig);
  }
  const relativeDir = `${folder}/${randomBytes(16).toString("base64url")}`;
  const variants = await writeImageVariants(bytes, store, uploadKey(relativeDir));
  const largest = variants.at(-1)!;
  return {
    path: `${relativeDir}/${largest.file}`,
    filename: sanitizeFilename(input.originalName),
    width: largest.width,
    height: largest.height,
    variants: variants.map((v) => ({
      width: v.width,
      height: v.height,
      path: `${relativeDir}/${v.file}`,
    })),
  };
}

/**
 * Puts the WebP variants of an image under `prefix` (`<prefix>/<width>.webp`), ascending width.
 * Everything is checked and encoded in memory first, so a refused or corrupt image never writes
 * anything. The placeholder pool uses it too, so placeholders are encoded exactly like uploads.
 */
export async function writeImageVariants(
  bytes: Buffer,
  store: ObjectStore,
  prefix: string,
): Promise<WrittenVariant[]> {
  const sourceWidth = await checkedSourceWidth(bytes);
  const encoded = await oneImageAtATime(() => encodeVariants(bytes, variantWidths(sourceWidth)));
  return writeVariants(store, prefix, encoded);
}

// A 12-megapixel photo decodes to ~36 MB, and each variant pipeline holds its own buffers:
// several at once took the server past 800 MB. One at a time keeps the peak near 300 MB and,
// on two cores, leaves a core for visitors; libvips still uses threads within the one image.
// No operation cache either: every upload is a new image.
sharp.cache(false);
let imageQueue: Promise<unknown> = Promise.resolve();

function oneImageAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = imageQueue.then(work, work);
  imageQueue = run.catch(() => undefined);
  return run;
}

/** The header alone decides: a decompression bomb is refused before any pixel is decoded. */
async function checkedSourceWidth(bytes: Buffer): Promise<number> {
  let metadata: Metadata;
  try {
    // Reading the header decodes no pixels; without the limit here the size check below can
    // tell "too large" apart from "not an image".
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw wrongType();
  }
  if (!ACCEPTED_FORMATS.has(metadata.format)) throw wrongType();
  const { width, height } = metadata;
  if (!width || !height) throw wrongType();
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) throw tooLarge();
  return metadata.autoOrient.width;
}

/** Never upscales: a source narrower than the smallest width gets one variant at its own width. */
function variantWidths(sourceWidth: number): number[] {
  const widths = IMAGE_WIDTHS.filter((w) => w <= sourceWidth);
  return widths.length > 0 ? widths : [sourceWidth];
}

async function encodeVariants(bytes: Buffer, widths: number[]): Promise<EncodedVariant[]> {
  // The pixel limit is a second guard in case a header lied about the size.
  const source = sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate();
  try {
    return await Promise.all(
      widths.map(async (width) => {
        // sharp writes no metadata unless asked, and converts to sRGB by default.
        const { data, info } = await source
          .clone()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: webpQuality(width, Math.max(...widths)) })
          .toBuffer({ resolveWithObject: true });
        return { width: info.width, height: info.height, bytes: data };
      }),
    );
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooLarge();
    throw wrongType();
  }
}

/**
 * All or nothing: a failed put removes the variants already put, so no half image stays. Each
 * put is durable when it resolves (see ObjectStore.put), that is before the caller commits the
 * row that names them.
 */
async function writeVariants(
  store: ObjectStore,
  prefix: string,
  encoded: EncodedVariant[],
): Promise<WrittenVariant[]> {
  const keys = encoded.map(({ width }) => `${prefix}/${width}.webp`);
  // allSettled: the clean-up starts only once no put is still under way.
  const results = await Promise.allSettled(
    encoded.map(async ({ width, height, bytes }, i) => {
      await store.put(keys[i]!, bytes, { contentType: "image/webp" });
      return { width, height, file: `${width}.webp` };
    }),
  );
  const failure = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failure) {
    await Promise.all(keys.map((key) => store.delete(key).catch(() => undefined)));
    throw failure.reason;
  }
  return results.map((r) => (r as PromiseFulfilledResult<WrittenVariant>).value);
}

function sanitizeFilename(name: string): string {
  const base = name.split(/[/\\]/).at(-1) ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f]/g, "").trim();
  // Array.from counts code points, so the cut never splits a surrogate pair.
  const short = Array.from(clean).slice(0, FILENAME_MAX_CHARS).join("");
  return short || "image";
}

/**
 * Deletes an image's variants from the store. Every path is checked before anything is deleted:
 * one that would leave `uploads/` means the row is corrupt.
 */
export async function removeImageFiles(
  store: ObjectStore,
  image: { path: string; variants: ImageVariant[] },
): Promise<void> {
  const keys = [...new Set([image.path, ...image.variants.map((v) => v.path)])].map(insideUploads);
  await Promise.all(keys.map((key) => store.delete(key)));
}

function insideUploads(relative: string): string {
  // A valid key has no ".." nor empty segment, so `uploads/<path>` cannot name anything else.
  const key = uploadKey(relative);
  if (!isValidKey(key)) {
    throw new Error(`Refusing to delete a path outside the uploads directory: ${relative}`);
  }
  return key;
}
