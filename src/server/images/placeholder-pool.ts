import { IMAGE_WIDTHS, PLACEHOLDER_POOL_SIZE } from "#domain/photos";
import { uploadKey } from "../storage/keys";
import type { ObjectStore } from "../storage/object-store";
import { writeImageVariants } from "./image-pipeline";
import { generatePhoto } from "./photo-generator";
import type { PhotoKind } from "./photo-kinds";

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

/**
 * Creates the missing placeholders in the store (with `s3`, in the bucket every instance serves
 * from); one already complete is never redrawn.
 */
export async function ensurePlaceholderPool(store: ObjectStore): Promise<void> {
  await Promise.all(
    Array.from({ length: PLACEHOLDER_POOL_SIZE }, async (_, n) => {
      const prefix = uploadKey(`placeholders/${n}`);
      if (!(await isComplete(store, prefix))) {
        await writePlaceholder(store, prefix, POOL[n % POOL.length]!, n);
      }
    }),
  );
}

async function isComplete(store: ObjectStore, prefix: string): Promise<boolean> {
  const found = await Promise.all(IMAGE_WIDTHS.map((w) => store.head(`${prefix}/${w}.webp`)));
  return found.every((info) => info !== null);
}

/**
 * Each variant is put whole (see ObjectStore.put), so a crash leaves some variants complete and
 * others missing, never a half-written file; the next start sees the gap and redraws them all.
 */
async function writePlaceholder(
  store: ObjectStore,
  prefix: string,
  photo: (typeof POOL)[number],
  n: number,
) {
  const bytes = await generatePhoto({
    ...photo,
    seed: 1009 + n * 7919,
    width: SOURCE_WIDTH,
    height: SOURCE_HEIGHT,
  });
  await writeImageVariants(bytes, store, prefix);
}
