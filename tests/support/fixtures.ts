import type { Db } from "#server/db/client";
import { images, outgoingMail, properties, units } from "#server/db/schema";

/** Typed seed rows for tests: sensible defaults, override what the test is about. */
let counter = 0;

export async function insertProperty(db: Db, values: Partial<typeof properties.$inferInsert> = {}) {
  counter++;
  const [row] = await db
    .insert(properties)
    .values({
      title: `Test Building ${counter}`,
      type: "apartment",
      address: `${counter} Main Street`,
      city: "Hartford",
      state: "CT",
      zipCode: "06103",
      description: "A test building.",
      amenities: ["Heating", "Elevator"],
      ...values,
    })
    .returning();
  return row!;
}

export async function insertUnit(
  db: Db,
  propertyId: number,
  values: Partial<typeof units.$inferInsert> = {},
) {
  counter++;
  const [row] = await db
    .insert(units)
    .values({ propertyId, unitNumber: `${counter}A`, rent: 1500, ...values })
    .returning();
  return row!;
}

export async function insertImage(
  db: Db,
  owner: { propertyId: number } | { unitId: number },
  values: Partial<typeof images.$inferInsert> = {},
) {
  counter++;
  const base = `images/test${counter}`;
  const [row] = await db
    .insert(images)
    .values({
      ...owner,
      path: `${base}/1200.webp`,
      filename: `photo-${counter}.jpg`,
      width: 1200,
      height: 800,
      variants: [
        { width: 480, height: 320, path: `${base}/480.webp` },
        { width: 1200, height: 800, path: `${base}/1200.webp` },
      ],
      ...values,
    })
    .returning();
  return row!;
}

/** A message whose sending failed (the Outgoing mail tab's Retry aims at it). */
export async function insertFailedMail(db: Db) {
  const [mail] = await db
    .insert(outgoingMail)
    .values({
      kind: "inquiry_notice",
      toAddress: "office@example.com",
      subject: "A message that failed",
      sealedBody: "v1.not.a.box",
      status: "failed",
      failedAt: new Date(),
    })
    .returning();
  return mail!;
}
