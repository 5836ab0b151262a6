import { randomBytes } from "node:crypto";
import { access, rename, rm } from "node:fs/promises";
import path from "node:path";
import { IMAGE_WIDTHS, PLACEHOLDER_POOL_SIZE } from "../../domain/photos";
import { syncDirectory } from "../storage/durable";
import { writeImageVariants } from "./image-pipeline";
import { generatePhoto, type PhotoKind } from "./photo-generator";

/**
 * The photos shown when a building or unit has none. The web app builds their URLs itself
 * (`/uploads/placeholders/${n}/${width}.webp`, see domain/photos.ts), so this layout is a contract.
 */

// Re-exported so the server has one name for the pool size; the number itself lives in domain.
export { PLACEHOLDER_POOL_SIZE };

// Facades and rooms alternate, so a unit's three consecutive placeholders mix outside and inside.
const POOL: readonly { kind: PhotoKind; style?: string }[] = [
  { kind: "facade", style: "apartment" },
  { kind: "living-room" },
  { kind: "facade", style: "house" },
  { kind: "kitchen" },
  { kind: "facade", style: "townhouse" },
  { kind: "bedroom" },
  { kind: "facade", style: "condo" },
  { kind: "bathroom" },
  { kind: "facade", style: "multi-family" },
  { kind: "facade", style: "loft" },
];

// 1600x1067 gives exactly 3:2 variants: 1200x800, 768x512, 480x320.
const SOURCE_WIDTH = 1600;
const SOURCE_HEIGHT = 1067;

/** Creates the missing placeholders; one already complete on disk is never redrawn. */
export async function ensurePlaceholderPool(uploadsDir: string): Promise<void> {
  await Promise.all(
    Array.from({ length: PLACEHOLDER_POOL_SIZE }, async (_, n) => {
      const dir = path.join(uploadsDir, "placeholders", String(n));
      if (!(await isComplete(dir))) await writePlaceholder(dir, POOL[n % POOL.length]!, n);
    }),
  );
}

async function isComplete(dir: string): Promise<boolean> {
  try {
    await Promise.all(IMAGE_WIDTHS.map((w) => access(path.join(dir, `${w}.webp`))));
    return true;
  } catch {
    return false;
  }
}

/**
 * Written beside the final folder and renamed into place, so a crash never leaves a folder
 * whose files look complete but are half written.
 */
async function writePlaceholder(dir: string, photo: (typeof POOL)[number], n: number) {
  const bytes = await generatePhoto({
    ...photo,
    seed: 1009 + n * 7919,
    width: SOURCE_WIDTH,
    height: SOURCE_HEIGHT,
  });
  const staging = `${dir}.staging-${randomBytes(6).toString("hex")}`;
  try {
    await writeImageVariants(bytes, staging);
    await rm(dir, { recursive: true, force: true });
    await rename(staging, dir);
    await syncDirectory(path.dirname(dir));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
