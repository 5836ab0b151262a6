import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retention } from "#domain/retention";
import {
  applicants,
  applications,
  documentRequests,
  inquiries,
  maintenanceComments,
  maintenancePhotos,
  maintenanceRequests,
  notificationEvents,
  privacyRequests,
  properties,
  showings,
  tenantFiles,
  units,
  users,
} from "#server/db/schema";
import { maintenanceNoticeUrl } from "#server/modules/maintenance";
import { maintenancePhotoKey, tenantFileKey } from "#server/storage/keys";
import {
  createTestFsStore,
  readObject,
  type TestStore,
} from "#server/storage/storage.test-helpers";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { retentionPurges } from "./retention.purges";

/**
 * The retention table's purges, each kind at its edge, on a fake clock: data one day past its
 * period goes (with its stored files), data one day short of it stays.
 */
let database: TestDatabase;
let files: TestStore;
const now = new Date("2026-12-03T15:00:00Z");
const DAY = 86_400_000;
/** `days` before the fake now. */
const ago = (days: number) => new Date(now.getTime() - days * DAY);
/** One day past a kind's period, and one day short of it. */
const past = (kind: keyof typeof retention) => ago(retention[kind].days + 1);
const short = (kind: keyof typeof retention) => ago(retention[kind].days - 1);

beforeAll(async () => {
  database = await createTestDb();
  files = await createTestFsStore();
});

afterAll(async () => {
  await files.close();
  await database.drop();
});

async function purgeAll() {
  for (const purge of retentionPurges({ db: database.db, store: files.store, now: () => now }))
    await purge.run();
}

const inquiry = (email: string, createdAt: Date) =>
  database.db
    .insert(inquiries)
    .values({ name: "R", email, phone: "", message: "Hello", createdAt })
    .returning({ id: inquiries.id })
    .then(([row]) => row!.id);

async function user(values: Partial<typeof users.$inferInsert>) {
  const [row] = await database.db
    .insert(users)
    .values({ email: `${randomUUID()}@example.com`, passwordHash: "x", ...values })
    .returning({ id: users.id });
  return row!.id;
}

async function storedFile(tenantId: string | null, uploadedAt: Date) {
  const filename = `${randomUUID()}.pdf`;
  await files.store.put(tenantFileKey(filename), Buffer.from("%PDF-1.4"), {
    contentType: "application/pdf",
  });
  await database.db.insert(tenantFiles).values({
    tenantId,
    tenantName: "T",
    tenantEmail: "t@example.com",
    category: "lease",
    filename,
    originalName: "lease.pdf",
    size: 8,
    mime: "application/pdf",
    uploadedAt,
  });
  return filename;
}

async function request(tenantId: string) {
  const [row] = await database.db
    .insert(maintenanceRequests)
    .values({
      tenantId,
      tenantName: "T",
      tenantEmail: "t@example.com",
      title: "Leak",
      description: "Under the sink",
      category: "plumbing",
      urgency: "routine",
      permissionToEnter: true,
    })
    .returning({ id: maintenanceRequests.id });
  const folder = randomUUID();
  await files.store.put(maintenancePhotoKey(folder, "640.webp"), Buffer.from("RIFF"), {
    contentType: "image/webp",
  });
  await database.db.insert(maintenancePhotos).values({
    requestId: row!.id,
    folder,
    variants: [{ width: 640, height: 480, file: "640.webp" }],
    width: 640,
    height: 480,
  });
  await database.db
    .insert(maintenanceComments)
    .values({ requestId: row!.id, authorName: "T", authorRole: "tenant", body: "Still leaking" });
  return { id: row!.id, photo: maintenancePhotoKey(folder, "640.webp") };
}

describe("the retention's purges", () => {
  it("forget a person's inquiries two years after their last message, not before", async () => {
    const silent = await inquiry("silent@example.com", ago(3 * 365));
    // The same person, who typed their address with capitals then.
    const olderOfActive = await inquiry("Active@Example.com", ago(3 * 365));
    const recentOfActive = await inquiry("active@example.com", ago(30));
    const edge = await inquiry("edge@example.com", short("inquiries"));
    const justPast = await inquiry("past@example.com", past("inquiries"));
    await purgeAll();
    const kept = await database.db
      .select({ id: inquiries.id })
      .from(inquiries)
      .where(inArray(inquiries.id, [silent, olderOfActive, recentOfActive, edge, justPast]));
    expect(kept.map((row) => row.id).sort()).toEqual([olderOfActive, recentOfActive, edge].sort());
  });

  it("remove document requests two years after their link ended, and files sent through one", async () => {
    const values = {
      tenantName: "R",
      tenantEmail: "r@example.com",
      propertyName: "Elm",
      category: "lease" as const,
    };
    const [old] = await database.db
      .insert(documentRequests)
      .values({ ...values, expiresAt: past("documentRequests") })
      .returning({ id: documentRequests.id });
    const [recent] = await database.db
      .insert(documentRequests)
      .values({ ...values, expiresAt: short("documentRequests") })
      .returning({ id: documentRequests.id });
    const oldFile = await storedFile(null, past("requestedFiles"));
    const recentFile = await storedFile(null, short("requestedFiles"));
    // An old file in an active tenant's account stays with the tenancy.
    const tenant = await user({ role: "tenant" });
    const tenantsOld = await storedFile(tenant, ago(5 * 365));
    await purgeAll();
    const requests = await database.db
      .select({ id: documentRequests.id })
      .from(documentRequests)
      .where(inArray(documentRequests.id, [old!.id, recent!.id]));
    expect(requests).toEqual([{ id: recent!.id }]);
    const left = await database.db
      .select({ filename: tenantFiles.filename })
      .from(tenantFiles)
      .where(inArray(tenantFiles.filename, [oldFile, recentFile, tenantsOld]));
    expect(left.map((row) => row.filename).sort()).toEqual([recentFile, tenantsOld].sort());
    expect(await readObject(files.store, tenantFileKey(oldFile))).toBeNull();
    expect(await readObject(files.store, tenantFileKey(recentFile))).not.toBeNull();
  });

  it("remove a former tenant with their documents and requests two years after their access ended", async () => {
    const gone = await user({ role: "tenant", accessEndedAt: past("formerTenants") });
    const stays = await user({ role: "tenant", accessEndedAt: short("formerTenants") });
    const goneFile = await storedFile(gone, ago(4 * 365));
    const staysFile = await storedFile(stays, ago(4 * 365));
    const goneRequest = await request(gone);
    const staysRequest = await request(stays);
    // The office's notices of each request: they name the tenant, and go with the request.
    // (Held here by the tenant who stays: whoever holds one, it goes with its request.)
    const staff = stays;
    const notice = (requestId: string) =>
      database.db
        .insert(notificationEvents)
        .values({
          userId: staff,
          title: "New maintenance request: Leak",
          message: "T, Elm Court unit 2",
          type: "info",
          category: "maintenance",
          priority: "medium",
          actionUrl: maintenanceNoticeUrl(requestId),
          createdAt: ago(10),
        })
        .returning({ id: notificationEvents.id })
        .then(([row]) => row!.id);
    const goneNotice = await notice(goneRequest.id);
    const staysNotice = await notice(staysRequest.id);
    await purgeAll();
    const notices = await database.db
      .select({ id: notificationEvents.id })
      .from(notificationEvents)
      .where(inArray(notificationEvents.id, [goneNotice, staysNotice]));
    expect(notices).toEqual([{ id: staysNotice }]);
    const accounts = await database.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [gone, stays]));
    expect(accounts).toEqual([{ id: stays }]);
    const requests = await database.db
      .select({ id: maintenanceRequests.id })
      .from(maintenanceRequests)
      .where(inArray(maintenanceRequests.id, [goneRequest.id, staysRequest.id]));
    expect(requests).toEqual([{ id: staysRequest.id }]);
    const comments = await database.db
      .select()
      .from(maintenanceComments)
      .where(eq(maintenanceComments.requestId, goneRequest.id));
    expect(comments).toEqual([]);
    expect(await readObject(files.store, tenantFileKey(goneFile))).toBeNull();
    expect(await readObject(files.store, goneRequest.photo)).toBeNull();
    expect(await readObject(files.store, tenantFileKey(staysFile))).not.toBeNull();
    expect(await readObject(files.store, staysRequest.photo)).not.toBeNull();
  });

  it("remove staff accounts unused for two years, but never the office's last ones", async () => {
    const stale = await user({ role: "admin", lastSignInAt: past("staffAccounts") });
    const neverSignedIn = await user({ role: "admin", createdAt: past("staffAccounts") });
    // Every administrator stale: all are kept, or nobody could sign in to the back office.
    await purgeAll();
    const before = await database.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [stale, neverSignedIn]));
    expect(before).toHaveLength(2);

    const edge = await user({ role: "admin", lastSignInAt: short("staffAccounts") });
    await purgeAll();
    const after = await database.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [stale, neverSignedIn, edge]));
    expect(after).toEqual([{ id: edge }]);
  });

  it("remove privacy requests never confirmed after 7 days, and answered ones two years after the answer", async () => {
    const request = (values: Partial<typeof privacyRequests.$inferInsert>) =>
      database.db
        .insert(privacyRequests)
        .values({ email: "ana@example.com", kind: "access", expiresAt: now, ...values })
        .returning({ id: privacyRequests.id })
        .then(([row]) => row!.id);
    const confirmed = (at: Date) => ({ confirmedAt: at, dueAt: new Date(at.getTime() + 45 * DAY) });
    const unconfirmedGone = await request({ createdAt: past("privacyRequestsUnconfirmed") });
    const unconfirmedStays = await request({ createdAt: short("privacyRequestsUnconfirmed") });
    const answeredGone = await request({
      createdAt: ago(900),
      ...confirmed(ago(900)),
      answeredAt: past("privacyRequests"),
    });
    const answeredStays = await request({
      createdAt: ago(900),
      ...confirmed(ago(900)),
      answeredAt: short("privacyRequests"),
    });
    // Open, however old: the office has not answered it yet.
    const openStays = await request({ createdAt: ago(900), ...confirmed(ago(900)) });
    await purgeAll();
    const left = await database.db
      .select({ id: privacyRequests.id })
      .from(privacyRequests)
      .where(
        inArray(privacyRequests.id, [
          unconfirmedGone,
          unconfirmedStays,
          answeredGone,
          answeredStays,
          openStays,
        ]),
      );
    expect(left.map((row) => row.id).sort()).toEqual(
      [unconfirmedStays, answeredStays, openStays].sort(),
    );
  });

  it("remove notifications older than 180 days", async () => {
    const person = await user({ role: "tenant" });
    const notice = (createdAt: Date) =>
      database.db
        .insert(notificationEvents)
        .values({
          userId: person,
          title: "Document shared",
          message: "A lease",
          type: "info",
          category: "communication",
          priority: "low",
          createdAt,
        })
        .returning({ id: notificationEvents.id })
        .then(([row]) => row!.id);
    const gone = await notice(past("notifications"));
    const stays = await notice(short("notifications"));
    await purgeAll();
    const left = await database.db
      .select({ id: notificationEvents.id })
      .from(notificationEvents)
      .where(inArray(notificationEvents.id, [gone, stays]));
    expect(left).toEqual([{ id: stays }]);
  });

  it("remove showings two years after their time", async () => {
    const [building] = await database.db
      .insert(properties)
      .values({
        title: "Kept Court",
        type: "apartment",
        address: "1 Elm St",
        city: "Hartford",
        state: "CT",
        zipCode: "06103",
      })
      .returning({ id: properties.id });
    const [home] = await database.db
      .insert(units)
      .values({
        propertyId: building!.id,
        unitNumber: "1",
        bedrooms: 1,
        bathrooms: 1,
        squareFeet: 500,
        rent: 1000,
        deposit: 1000,
      })
      .returning({ id: units.id });
    const showing = (startsAt: Date, tokenHash: string) =>
      database.db
        .insert(showings)
        .values({
          unitId: home!.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 30 * 60_000),
          status: "completed",
          name: "Ana Ruiz",
          email: "ana@example.com",
          phone: "8605550100",
          tokenHash,
        })
        .returning({ id: showings.id })
        .then(([row]) => row!.id);
    const gone = await showing(past("showings"), "old");
    const stays = await showing(short("showings"), "recent");
    await purgeAll();
    const left = await database.db
      .select({ id: showings.id })
      .from(showings)
      .where(inArray(showings.id, [gone, stays]));
    expect(left).toEqual([{ id: stays }]);
  });

  it("remove applications two years after their last step, with their adults and notices", async () => {
    const application = (updatedAt: Date, email: string) =>
      database.db
        .insert(applications)
        .values({ place: "Kept Court, unit 1", status: "denied", updatedAt })
        .returning({ id: applications.id })
        .then(async ([row]) => {
          await database.db.insert(applicants).values({
            applicationId: row!.id,
            primary: true,
            name: "Ana Ruiz",
            email,
            tokenHash: email,
            linkExpiresAt: updatedAt,
          });
          return row!.id;
        });
    const gone = await application(past("applications"), "old-applicant@example.com");
    const stays = await application(short("applications"), "new-applicant@example.com");
    await purgeAll();
    const left = await database.db
      .select({ id: applications.id })
      .from(applications)
      .where(inArray(applications.id, [gone, stays]));
    expect(left).toEqual([{ id: stays }]);
    const adults = await database.db
      .select({ email: applicants.email })
      .from(applicants)
      .where(inArray(applicants.applicationId, [gone, stays]));
    expect(adults).toEqual([{ email: "new-applicant@example.com" }]);
  });
});
