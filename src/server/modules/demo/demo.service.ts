import { randomBytes } from "node:crypto";
import type { Db } from "#server/db/client";
import { type ProcessedImage, processImage, removeImageFiles } from "#server/images/image-pipeline";
import { generatePhoto } from "#server/images/photo-generator";
import { addUser } from "#server/modules/users";
import type { ObjectStore } from "#server/storage/object-store";
import * as repository from "./demo.repository";
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

const imageRow = ({ photo, image }: Stored, position: number): repository.NewImage => ({
  path: image.path,
  filename: image.filename,
  alt: photo.alt,
  width: image.width,
  height: image.height,
  variants: image.variants,
  position,
});

/** A building's stored photos, and each unit's by its number. */
type StoredPhotos = { building: Stored[]; units: Map<string, Stored[]> };

/** One building's rows, naming the photos already stored. */
function rowsOf(building: DemoBuilding, photos: StoredPhotos, today: Date): repository.DemoRows {
  const { photos: _p, units: demoUnits, ...values } = building;
  return {
    property: { ...values, totalUnits: demoUnits.length },
    images: photos.building.map(imageRow),
    units: demoUnits.map(({ photos: _u, availableInDays, facts, ...unit }) => ({
      values: {
        ...unit,
        ...facts,
        description: unit.description ?? "",
        availableFrom: unit.available && availableInDays ? isoDateIn(availableInDays, today) : null,
      },
      images: (photos.units.get(unit.unitNumber) ?? []).map(imageRow),
    })),
  };
}

/** Every photo of a building and of its units, through the pipeline; `written` keeps them all. */
async function storeBuildingPhotos(
  building: DemoBuilding,
  store: ObjectStore,
  written: Stored[],
): Promise<StoredPhotos> {
  const photos: StoredPhotos = {
    building: await storePhotos(building.photos, building.type, store, written),
    units: new Map(),
  };
  for (const unit of building.units) {
    if (unit.photos)
      photos.units.set(
        unit.unitNumber,
        await storePhotos(unit.photos, building.type, store, written),
      );
  }
  return photos;
}

/** One building: files first, then its rows in one transaction; the files go if the rows fail. */
async function seedBuilding(deps: Deps, building: DemoBuilding): Promise<void> {
  const written: Stored[] = [];
  try {
    const photos = await storeBuildingPhotos(building, deps.store, written);
    await repository.insertDemoBuilding(
      deps.db,
      rowsOf(building, photos, deps.today ?? new Date()),
    );
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
  if ((await repository.countAdministrators(db)) > 0) return null;
  // Upper, lower and a digit are guaranteed, whatever the random part holds.
  const password = `Demo-${randomBytes(9).toString("base64url")}-7`;
  await addUser(
    { db },
    { email: DEMO_ADMIN_EMAIL, password, role: "admin", displayName: "Office Manager" },
  );
  return { email: DEMO_ADMIN_EMAIL, password };
}

export async function countBuildings({ db }: Pick<Deps, "db">): Promise<number> {
  return repository.countBuildings(db);
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
