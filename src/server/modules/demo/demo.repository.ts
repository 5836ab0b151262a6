import { count, eq } from "drizzle-orm";
import type { Db, Executor } from "#server/db/client";
import { images, properties, units } from "#server/modules/properties/properties.table";
import { users } from "#server/modules/users/users.table";

/** The demo content's rows: a building, its units and the photos of both. */

type NewProperty = typeof properties.$inferInsert;
type NewUnit = Omit<typeof units.$inferInsert, "propertyId">;
export type NewImage = Omit<typeof images.$inferInsert, "propertyId" | "unitId">;

export type DemoRows = {
  property: NewProperty;
  images: NewImage[];
  units: { values: NewUnit; images: NewImage[] }[];
};

async function insertImages(
  tx: Executor,
  rows: NewImage[],
  owner: { propertyId: number } | { unitId: number },
) {
  if (rows.length > 0) await tx.insert(images).values(rows.map((row) => ({ ...row, ...owner })));
}

/** One building and all it holds, in one transaction: all of it is stored, or none. */
export async function insertDemoBuilding(db: Db, rows: DemoRows): Promise<void> {
  await db.transaction(async (tx) => {
    const [property] = await tx.insert(properties).values(rows.property).returning();
    const propertyId = property!.id;
    await insertImages(tx, rows.images, { propertyId });
    for (const unit of rows.units) {
      const [row] = await tx
        .insert(units)
        .values({ ...unit.values, propertyId })
        .returning();
      await insertImages(tx, unit.images, { unitId: row!.id });
    }
  });
}

export async function countBuildings(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(properties);
  return row?.n ?? 0;
}

export async function countAdministrators(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, "admin"));
  return row?.n ?? 0;
}
