import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { images, properties, units, users } from "#server/db/schema";
import { type ProcessedImage, processImage, removeImageFiles } from "#server/images/image-pipeline";
import { generatePhoto } from "#server/images/photo-generator";
import type { ObjectStore } from "#server/storage/storage";
import { addUser } from "../users/users.service";
import { type DemoBuilding, type DemoPhoto, demoBuildings } from "./demo-content";

type Deps = { db: Db; store: ObjectStore; today?: Date };

type Stored = { photo: DemoPhoto; image: ProcessedImage };

/** Photos go through the same pipeline as staff uploads (variants, stripped metadata). */
async function storePhotos(
  photos: DemoPhoto[],
  style: string,
  store: ObjectStore,
  done: Stored[],
): Promise<Stored[]> {
  const stored: Stored[] = [];
  for (const photo of photos) {
    const bytes = await generatePhoto({
      kind: photo.kind,
      seed: photo.seed,
      style,
      width: 1200,
      height: 800,
    });
    const image = await processImage({
      bytes,
      originalName: `${photo.kind}-${photo.seed}.jpg`,
      store,
    });
    stored.push({ photo, image });
    done.push({ photo, image });
  }
  return stored;
}

function isoDateIn(days: number, today: Date): string {
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

const imageRow = ({ photo, image }: Stored, position: number) => ({
  path: image.path,
  filename: image.filename,
  alt: photo.alt,
  width: image.width,
  height: image.height,
  variants: image.variants,
  position,
});

/** One building: files first, then its rows in one transaction; the files go if the rows fail. */
async function seedBuilding(deps: Deps, building: DemoBuilding): Promise<void> {
  const written: Stored[] = [];
  try {
    const buildingPhotos = await storePhotos(building.photos, building.type, deps.store, written);
    const unitPhotos = new Map<string, Stored[]>();
    for (const unit of building.units) {
      if (unit.photos)
        unitPhotos.set(
          unit.unitNumber,
          await storePhotos(unit.photos, building.type, deps.store, written),
        );
    }
    const today = deps.today ?? new Date();
    await deps.db.transaction(async (tx) => {
      const { photos: _p, units: demoUnits, ...values } = building;
      const [property] = await tx
        .insert(properties)
        .values({ ...values, totalUnits: demoUnits.length })
        .returning();
      if (buildingPhotos.length > 0) {
        await tx
          .insert(images)
          .values(buildingPhotos.map((s, i) => ({ ...imageRow(s, i), propertyId: property!.id })));
      }
      for (const { photos: _u, availableInDays, facts, ...unit } of demoUnits) {
        const [row] = await tx
          .insert(units)
          .values({
            ...unit,
            ...facts,
            description: unit.description ?? "",
            propertyId: property!.id,
            availableFrom:
              unit.available && availableInDays ? isoDateIn(availableInDays, today) : null,
          })
          .returning();
        const stored = unitPhotos.get(unit.unitNumber) ?? [];
        if (stored.length > 0) {
          await tx
            .insert(images)
            .values(stored.map((s, i) => ({ ...imageRow(s, i), unitId: row!.id })));
        }
      }
    });
  } catch (error) {
    await Promise.all(
      written.map(({ image }) => removeImageFiles(deps.store, image).catch(() => undefined)),
    );
    throw error;
  }
}

export const DEMO_ADMIN_EMAIL = "admin@charteroakrentals.com";

/**
 * The demo's administrator, made with the demo content when there is no administrator yet. Its
 * password is random and shown once at start: a demo installation must not share one password.
 */
export async function createDemoAdministrator({
  db,
}: Pick<Deps, "db">): Promise<{ email: string; password: string } | null> {
  const [existing] = await db.select({ n: count() }).from(users).where(eq(users.role, "admin"));
  if ((existing?.n ?? 0) > 0) return null;
  // Upper, lower and a digit are guaranteed, whatever the random part holds.
  const password = `Demo-${randomBytes(9).toString("base64url")}-7`;
  await addUser(
    { db },
    { email: DEMO_ADMIN_EMAIL, password, role: "admin", displayName: "Office Manager" },
  );
  return { email: DEMO_ADMIN_EMAIL, password };
}

export async function countBuildings({ db }: Pick<Deps, "db">): Promise<number> {
  const [row] = await db.select({ n: count() }).from(properties);
  return row?.n ?? 0;
}

/** Loads the demo content into a database that has no buildings yet; never adds it twice. */
export async function seedDemoContent(
  deps: Deps,
): Promise<{ seeded: boolean; buildings: number; units: number }> {
  if ((await countBuildings(deps)) > 0) return { seeded: false, buildings: 0, units: 0 };
  for (const building of demoBuildings) await seedBuilding(deps, building);
  return {
    seeded: true,
    buildings: demoBuildings.length,
    units: demoBuildings.reduce((n, b) => n + b.units.length, 0),
  };
}
