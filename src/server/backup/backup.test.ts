import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import {
  appendFile,
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  truncate,
  unlink,
  writeFile,
} from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { create, extract } from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { authApi } from "#domain/api/auth";
import { inquiriesApi } from "#domain/api/inquiries";
import { listingsApi } from "#domain/api/listings";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { composeInquiryMessage } from "#domain/inquiries";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import * as schema from "../db/schema";
import {
  filesUnder,
  makeImage,
  multipartBody,
} from "../modules/admin-properties/upload.test-helpers";
import { samples, sendForm } from "../modules/tenant-files/tenant-files.test-helpers";
import { projectRoot } from "../paths";
import { createFsStore } from "../storage/fs-store";
import { createTestS3Store } from "../storage/storage.test-helpers";
import { createBackup, defaultBackupPath } from "./backup";
import { listSequences, listTables } from "./catalog";
import { hashFile } from "./files";
import { MANIFEST_NAME, type Manifest } from "./manifest";
import { restoreBackup } from "./restore";
import { RestoreRefusedError } from "./verify";

const run = promisify(execFile);

let source: TestDatabase;
let sourceApp: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
let work: string;
let archive: string;
const targets: TestDatabase[] = [];

/** A fresh, migrated and empty database, dropped after the file. */
async function emptyDatabase() {
  const database = await createTestDb();
  targets.push(database);
  return database;
}

/** A DATA_DIR path that does not exist yet, as on a new machine. */
const freshDataDir = async () => path.join(await mkdtemp(path.join(work, "data-")), "data");

const restoreInto = (file: string, dataDir: string, database: TestDatabase) =>
  restoreBackup({
    file,
    dataDir,
    store: createFsStore(dataDir),
    withDatabase: (use) => use(database),
  });

/** A backup of the source app's database and DATA_DIR. */
const backUp = (out: string) =>
  createBackup({
    database: source,
    store: createFsStore(sourceApp.dataDir),
    dataDir: sourceApp.dataDir,
    out,
  });

/** Every table's rows as PostgreSQL writes them, and every sequence: the state to compare. */
async function databaseState(database: TestDatabase) {
  const client = await database.pool.connect();
  try {
    const tables: Record<string, string[]> = {};
    for (const table of await listTables(client)) {
      const order = table.primaryKey.map((c) => `t."${c}"`).join(", ");
      const { rows } = await client.query<{ row: string }>(
        `select row_to_json(t)::text as row from "${table.name}" t order by ${order}`,
      );
      tables[table.name] = rows.map((r) => r.row);
    }
    return { tables, sequences: await listSequences(client) };
  } finally {
    client.release();
  }
}

/** Every file of the uploads and tenant files folders, with its bytes. */
async function filesState(dataDir: string) {
  const state: Record<string, Buffer> = {};
  for (const root of ["uploads", "tenant-files"]) {
    for (const file of await filesUnder(path.join(dataDir, root))) {
      state[`${root}/${file}`] = await readFile(path.join(dataDir, root, file));
    }
  }
  return state;
}

async function totalRows(database: TestDatabase) {
  const { tables } = await databaseState(database);
  return Object.values(tables).reduce((sum, rows) => sum + rows.length, 0);
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "rentals-backup-test-"));
  source = await createTestDb();
  sourceApp = await createTestApp(source, {
    env: { AUTH_ATTEMPTS_PER_MINUTE: "1000", INQUIRIES_PER_MINUTE: "1000" },
  });
  const { app } = sourceApp;
  const db = source.db;
  admin = await loginAs(app, db, "admin");
  const tenant = await loginAs(app, db, "tenant");

  // Values that a careless dump would bend: quotes, a line break, emoji, cents, a date.
  const building = await insertProperty(db, {
    title: 'Elm Court "Lofts" 🏠',
    description: "Two lines:\nthe second one.",
    featured: true,
    amenities: ["Heating", "Elevator", "Bike room, covered"],
  });
  const unit = await insertUnit(db, building.id, {
    unitNumber: "2B",
    rent: 1234.56,
    bathrooms: 1.5,
    availableFrom: "2025-09-01",
    features: ["Dishwasher"],
  });
  await insertProperty(db, { title: "Hidden House", active: false });
  // A building created and deleted: its id is used up, so the sequence is ahead of every row.
  const gone = await insertProperty(db, { title: "Sold" });
  await db.delete(schema.properties).where(eq(schema.properties.id, gone.id));

  // Photos through the real upload pipeline.
  const [png, jpeg] = await Promise.all([makeImage("png"), makeImage("jpeg", 900, 700)]);
  for (const [owner, image] of [
    [["propertyId", String(building.id)], { bytes: png, name: "front.png", type: "image/png" }],
    [["unitId", String(unit.id)], { bytes: jpeg, name: "kitchen.jpg", type: "image/jpeg" }],
  ] as const) {
    const body = await multipartBody([[...owner], ["files", image]]);
    const response = await call(app, adminPropertiesApi.uploadImages, {
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
  }

  const inquiry = await call(app, inquiriesApi.send, {
    payload: {
      name: "Dana Renter",
      email: "dana@example.com",
      phone: "(860) 555-0199",
      message: composeInquiryMessage("Parking", "Is there a parking space with the unit?"),
      propertyId: building.id,
    },
  });
  expect(inquiry.statusCode).toBe(201);

  // A tenant's own upload, and one through an e-mailed document request.
  const uploaded = await sendForm(
    app,
    tenantFilesApi.tenantUpload,
    [
      { name: "file", filename: "Lease 2025.pdf", content: samples.pdf() },
      { name: "category", value: "lease" },
    ],
    { headers: tenant.headers },
  );
  expect(uploaded.statusCode).toBe(201);
  const requested = await call(app, tenantFilesApi.createRequest, {
    headers: admin.headers,
    payload: {
      tenantName: "Dana Renter",
      tenantEmail: "dana@example.com",
      propertyId: building.id,
      unit: "2B",
      category: "maintenance",
      maintenanceRequest: "Leaking kitchen faucet",
      note: "A photo, please.",
    },
  });
  expect(requested.statusCode).toBe(201);
  const mail = (await sourceApp.outbox()).at(-1)!;
  const token = /\/upload\/([\w-]+\.[\w-]+\.[\w-]+)/.exec(mail.text)![1]!;
  const received = await sendForm(
    app,
    tenantFilesApi.uploadThroughRequest,
    [
      { name: "files", filename: "faucet.jpg", content: samples.jpeg() },
      { name: "files", filename: "invoice.docx", content: samples.docx() },
    ],
    { params: { token } },
  );
  expect(received.statusCode).toBe(201);

  // A pending verification code.
  await db.insert(schema.authCodes).values({
    userId: (await db.select().from(schema.users).where(eq(schema.users.role, "tenant")))[0]!.id,
    purpose: "verify",
    codeHash: "not-a-real-hash",
    expiresAt: new Date(Date.now() + 600_000),
  });

  // The app's own background work done first: the alert sender's pass deletes the unit changes
  // the saves above recorded (alert_unit_changes), and the mail queue marks its rows sent. Run
  // later, on a busy machine, either changed the source after its backup (on CI's PostgreSQL 15
  // run: 24 rows restored, 22 left in the source).
  await sourceApp.app.alertRunner.runOnce();
  await sourceApp.app.mailQueue.idle();
  archive = path.join(work, "backup.tar.gz");
  await backUp(archive);
}, 60_000);

afterAll(async () => {
  await sourceApp?.close();
  await source?.drop();
  await Promise.all(targets.map((t) => t.drop()));
  if (work) await rm(work, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("holds every table of the schema, every row and file, and no secret", async () => {
    const manifest = await readManifest(archive);
    const schemaTables = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table as PgTable));
    const dumped = manifest.database.tables.map((t) => t.name);
    expect(dumped).toEqual(expect.arrayContaining(schemaTables));
    // Parents before children: a restore inserts in this order.
    expect(dumped.indexOf("properties")).toBeLessThan(dumped.indexOf("units"));
    expect(dumped.indexOf("units")).toBeLessThan(dumped.indexOf("images"));
    expect(dumped.indexOf("document_requests")).toBeLessThan(dumped.indexOf("tenant_files"));

    const rows = Object.fromEntries(manifest.database.tables.map((t) => [t.name, t.rows]));
    expect(rows).toMatchObject({ properties: 2, units: 1, images: 2, inquiries: 1, users: 2 });
    expect(rows.tenant_files).toBe(3);
    expect(rows.document_requests).toBe(1);
    expect(rows.auth_codes).toBe(1);
    // Taken once the alert sender had read the saves' changes (see beforeAll).
    expect(rows.alert_unit_changes ?? 0).toBe(0);

    const paths = manifest.files.map((f) => f.path);
    expect(paths.filter((p) => p.startsWith("tenant-files/"))).toHaveLength(3);
    expect(paths.filter((p) => p.startsWith("uploads/images/")).length).toBeGreaterThanOrEqual(4);
    // The database dump and the two stored-file trees only, never DATA_DIR's jwt-secret,
    // outbox/ or pg/ (checked by first segment: random names inside the trees may spell anything).
    expect(new Set(paths.map((p) => p.split("/")[0]))).toEqual(
      new Set(["database", "tenant-files", "uploads"]),
    );
    expect(manifest.missingFiles).toEqual([]);
    expect(manifest.schema.migration).toMatch(/^\d{4}_/);
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
  });

  it("brings a fresh DATA_DIR and an empty database back to the same state", async () => {
    const target = await emptyDatabase();
    const dataDir = await freshDataDir();
    const result = await restoreInto(archive, dataDir, target);
    expect(result.rows).toBe(await totalRows(source));

    expect(await databaseState(target)).toEqual(await databaseState(source));
    const restoredFiles = await filesState(dataDir);
    expect(restoredFiles).toEqual(await filesState(sourceApp.dataDir));
    for (const name of Object.keys(restoredFiles).filter((n) => n.startsWith("tenant-files/"))) {
      expect((await stat(path.join(dataDir, name))).mode & 0o777).toBe(0o600);
    }
    expect((await stat(path.join(dataDir, "tenant-files"))).mode & 0o777).toBe(0o700);
    expect((await readdir(dataDir)).filter((n) => n.startsWith("."))).toEqual([]);
    expect(existsSync(path.join(dataDir, "app.pid"))).toBe(false);

    const restored = await createTestApp(target, {
      env: { DATA_DIR: dataDir, AUTH_ATTEMPTS_PER_MINUTE: "1000" },
    });
    try {
      const before = await call(sourceApp.app, listingsApi.listBuildings);
      const after = await call(restored.app, listingsApi.listBuildings);
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual(before.json());
      const photo = (after.json() as { images: string[] }[])
        .flatMap((building) => building.images)
        .find((url) => url.startsWith("/uploads/images/"));
      expect(photo).toBeDefined();
      const served = await restored.app.inject({ method: "GET", url: photo! });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(restoredFiles[photo!.slice(1)]!)).toBe(true);

      // Passwords came back; sessions did not (a new DATA_DIR signs with a new secret).
      const login = await call(restored.app, authApi.login, {
        payload: { email: admin.email, password: admin.password },
      });
      expect(login.statusCode).toBe(200);
      const me = await call(restored.app, authApi.me, { headers: admin.headers });
      expect(me.statusCode).toBe(401);

      // A tenant's document comes back through the office's download link, byte for byte.
      const office = { authorization: `Bearer ${login.json().token}` };
      const [document] = (await call(restored.app, tenantFilesApi.list, { headers: office })).json()
        .files as { id: string; filename: string }[];
      const link = await call(restored.app, tenantFilesApi.downloadLink, {
        params: { id: document!.id },
        headers: office,
      });
      const download = await restored.app.inject({ method: "GET", url: link.json().downloadUrl });
      expect(download.statusCode).toBe(200);
      const row = (await target.db.select().from(schema.tenantFiles)).find(
        (f) => f.id === document!.id,
      )!;
      expect(download.rawPayload.equals(restoredFiles[`tenant-files/${row.filename}`]!)).toBe(true);
    } finally {
      // Its own temporary DATA_DIR goes (unused: DATA_DIR above says where the data is).
      await restored.close();
    }

    // The next building takes the id after the last one ever used, as it would have.
    const [next] = await target.db
      .insert(schema.properties)
      .values({
        title: "New",
        type: "house",
        address: "1 A St",
        city: "X",
        state: "CT",
        zipCode: "1",
      })
      .returning();
    const sourceSequence = (await databaseState(source)).sequences.find(
      (s) => s.name === "properties_id_seq",
    );
    expect(next!.id).toBe(Number(sourceSequence!.lastValue) + 1);
  });

  it("round-trips through npm run backup and npm run restore", async () => {
    const tsx = path.join(projectRoot, "node_modules/.bin/tsx");
    const env = (dataDir: string, databaseUrl: string) => ({
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "silent",
    });
    const backup = await run(tsx, ["src/server/cli/backup.ts"], {
      cwd: projectRoot,
      env: env(sourceApp.dataDir, source.url),
    });
    const line = backup.stdout.trim();
    expect(line.split("\n")).toHaveLength(1);
    const match =
      /^Backup written: (\S+) \([\d.]+ [KMG]?B\): (\d+) tables, (\d+) rows, (\d+) files\.$/.exec(
        line,
      );
    expect(match, line).not.toBeNull();
    const file = match![1]!;
    expect(path.dirname(file)).toBe(path.join(sourceApp.dataDir, "backups"));
    expect(path.basename(file)).toMatch(/^rentals-\d{8}-\d{6}\.tar\.gz$/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Number(match![3])).toBe(await totalRows(source));

    const target = await emptyDatabase();
    const dataDir = await freshDataDir();
    const restore = await run(tsx, ["src/server/cli/restore.ts", file], {
      cwd: projectRoot,
      env: env(dataDir, target.url),
    });
    expect(restore.stdout).toMatch(
      /^Restored the backup of .* into .*: \d+ tables, \d+ rows, \d+ files\./,
    );
    expect(await databaseState(target)).toEqual(await databaseState(source));
    expect(await filesState(dataDir)).toEqual(await filesState(sourceApp.dataDir));

    // A refusal is one line on stderr and a non-zero exit.
    const again = await run(tsx, ["src/server/cli/restore.ts", file], {
      cwd: projectRoot,
      env: env(await freshDataDir(), target.url),
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect("code" in again && again.code).toBe(1);
    expect(again.stderr.trim()).toMatch(
      /^restore: The database \(.*\) already holds data \(.*\): restore into an empty database\.$/,
    );
    await rm(path.join(sourceApp.dataDir, "backups"), { recursive: true });
  }, 120_000);

  it("names its archives by the time they were made", () => {
    expect(defaultBackupPath("/data", new Date("2025-03-04T05:06:07.890Z"))).toBe(
      "/data/backups/rentals-20250304-050607.tar.gz",
    );
  });
});

describe("a restore that must not happen changes nothing", () => {
  const tampered: [string, (dir: string) => Promise<void> | void, RegExp][] = [
    [
      "a tenant file altered",
      async (dir) => {
        const [name] = await readdir(path.join(dir, "tenant-files"));
        await appendFile(path.join(dir, "tenant-files", name!), "x");
      },
      /tenant-files\/[\w-]+ is not the listed size/,
    ],
    [
      "a photo replaced by another of the same size",
      async (dir) => {
        const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST_NAME), "utf8"));
        const photo = (manifest as Manifest).files.find((f) => f.path.startsWith("uploads/"))!;
        await writeFile(path.join(dir, photo.path), randomBytes(photo.size));
      },
      /uploads\/\S+ does not match its checksum/,
    ],
    [
      "a row removed from the dump",
      async (dir) => {
        const file = path.join(dir, "database/inquiries.jsonl");
        const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST_NAME), "utf8"));
        await writeFile(file, "");
        // Even with the checksum made to match, the row count gives it away.
        const entry = (manifest as Manifest).files.find(
          (f) => f.path === "database/inquiries.jsonl",
        )!;
        Object.assign(entry, await hashFile(file));
        await writeFile(path.join(dir, MANIFEST_NAME), JSON.stringify(manifest));
      },
      /database\/inquiries\.jsonl holds 0 rows, not 1/,
    ],
    [
      "a file slipped in",
      async (dir) => {
        await writeFile(path.join(dir, "uploads", "evil.html"), "<script>alert(1)</script>");
      },
      /an entry its manifest does not list \("uploads\/evil\.html"\)/,
    ],
    [
      "a schema version this app does not have",
      async (dir) => {
        const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST_NAME), "utf8"));
        manifest.schema = {
          migration: "9999_future",
          when: 9_999_999_999_999,
          hash: "0".repeat(64),
        };
        await writeFile(path.join(dir, MANIFEST_NAME), JSON.stringify(manifest));
      },
      /at 9999_future, this version of the app at \d{4}_\w+: restore it with version/,
    ],
  ];

  it.each(tampered)("refuses an archive with %s", async (_name, change, message) => {
    const file = await repack(archive, change);
    await expectRefusedUntouched(file, message);
  });

  it("refuses a truncated archive", async () => {
    const file = path.join(work, "truncated.tar.gz");
    await copyFile(archive, file);
    await truncate(file, Math.floor((await stat(file)).size / 2));
    await expectRefusedUntouched(
      file,
      /is not a usable backup: it is (damaged or cut short|incomplete)/,
    );
  });

  it("refuses an archive with a byte changed in its compressed stream", async () => {
    const file = path.join(work, "flipped.tar.gz");
    const bytes = await readFile(archive);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    await writeFile(file, bytes);
    await expectRefusedUntouched(file, /is not a usable backup: it is damaged or cut short/);
  });

  it("refuses a file that is not an archive, or a path that is no file", async () => {
    const file = path.join(work, "notes.txt");
    await writeFile(file, "not a backup\n".repeat(100));
    await expectRefusedUntouched(file, /is not a usable backup/);
    await expectRefusedUntouched(path.join(work, "nowhere.tar.gz"), /is not a file/);
  });

  it("refuses an archive whose manifest lies about its format", async () => {
    const file = await repack(archive, async (dir) => {
      await writeFile(path.join(dir, MANIFEST_NAME), JSON.stringify({ format: "zip" }));
    });
    await expectRefusedUntouched(file, /it is not a backup of this app/);
  });

  it("refuses a database that already holds data, and leaves it as it was", async () => {
    const before = await databaseState(source);
    const dataDir = await freshDataDir();
    await expect(restoreInto(archive, dataDir, source)).rejects.toThrow(
      /The database \(.*\) already holds data \(.*properties.*\): restore into an empty database\./,
    );
    expect(await databaseState(source)).toEqual(before);
    expect(existsSync(dataDir)).toBe(false);
  });

  it("refuses while the app runs on that DATA_DIR", async () => {
    const target = await emptyDatabase();
    const dataDir = await freshDataDir();
    await mkdir(dataDir);
    // A live process other than this one holds the app's lock: vitest's own parent.
    await writeFile(path.join(dataDir, "app.pid"), String(process.ppid));
    await expect(restoreInto(archive, dataDir, target)).rejects.toThrow(
      new RegExp(`\\(pid ${process.ppid}\\) is already running .* Stop it before restoring\\.`),
    );
    expect(await readdir(dataDir)).toEqual(["app.pid"]);
    expect(await totalRows(target)).toBe(0);
  });

  it("refuses a DATA_DIR that already holds files, but not one holding only placeholders", async () => {
    const target = await emptyDatabase();
    const dataDir = await freshDataDir();
    const stray = path.join(dataDir, "uploads/images/old/480.webp");
    await mkdir(path.dirname(stray), { recursive: true });
    await writeFile(stray, "old");
    await expect(restoreInto(archive, dataDir, target)).rejects.toThrow(
      /already holds 1 file in uploads or tenant-files \(uploads\/images\/old\/480\.webp\): restore into a fresh DATA_DIR\./,
    );
    expect(await totalRows(target)).toBe(0);

    await unlink(stray);
    const placeholder = path.join(dataDir, "uploads/placeholders/0/480.webp");
    await mkdir(path.dirname(placeholder), { recursive: true });
    await writeFile(placeholder, "drawn at start");
    await restoreInto(archive, dataDir, target);
    expect(await totalRows(target)).toBe(await totalRows(source));
  });
});

describe("with the files in an S3 bucket (STORAGE=s3)", () => {
  it("restores into a bucket and backs up from it: the same rows, the same bytes", async () => {
    const bucket = await createTestS3Store();
    try {
      const target = await emptyDatabase();
      const dataDir = await freshDataDir();
      const restore = (database: TestDatabase, dir: string) =>
        restoreBackup({
          file: archive,
          dataDir: dir,
          store: bucket.store,
          withDatabase: (use) => use(database),
        });
      await restore(target, dataDir);
      const original = await readManifest(archive);
      const stored = original.files.filter((f) => !f.path.startsWith("database/"));
      expect(await bucket.keys()).toEqual(stored.map((f) => f.path).sort());
      // Nothing of the files stays on the local disk.
      expect(await filesState(dataDir)).toEqual({});

      const again = path.join(work, "from-bucket.tar.gz");
      await createBackup({ database: target, store: bucket.store, dataDir, out: again });
      const copy = await readManifest(again);
      expect(copy.files).toEqual(original.files);
      expect(copy.database).toEqual(original.database);

      await expect(restore(await emptyDatabase(), await freshDataDir())).rejects.toThrow(
        /^The bucket already holds \d+ files in uploads or tenant-files \(.*\): restore into a fresh bucket\.$/,
      );
    } finally {
      await bucket.close();
    }
  });
});

describe("a backup made while the app works", () => {
  it("waits for a photo being saved, then holds its row and its files", async () => {
    const building = (await source.db.select().from(schema.properties))[0]!;
    const folder = `images/racing-${randomBytes(4).toString("hex")}`;
    await mkdir(path.join(sourceApp.dataDir, "uploads", folder), { recursive: true });
    await writeFile(path.join(sourceApp.dataDir, "uploads", folder, "480.webp"), "bytes");
    const writer = await source.pool.connect();
    try {
      await writer.query("begin");
      await writer.query(
        `insert into images (property_id, path, filename, width, height, variants)
         values ($1, $2, 'racing.jpg', 480, 320, $3)`,
        [
          building.id,
          `${folder}/480.webp`,
          JSON.stringify([{ width: 480, height: 320, path: `${folder}/480.webp` }]),
        ],
      );
      const out = path.join(work, "during-write.tar.gz");
      let settled = false;
      const backup = backUp(out).finally(() => {
        settled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(settled).toBe(false);
      await writer.query("commit");
      await backup;
      const manifest = await readManifest(out);
      expect(manifest.database.tables.find((t) => t.name === "images")!.rows).toBe(3);
      expect(manifest.files.map((f) => f.path)).toContain(`uploads/${folder}/480.webp`);
      expect(manifest.missingFiles).toEqual([]);
    } finally {
      writer.release();
    }
  });

  it("reports files that rows name but that are gone from DATA_DIR", async () => {
    const [image] = await source.db.select().from(schema.images);
    await unlink(path.join(sourceApp.dataDir, "uploads", image!.variants[0]!.path));
    const result = await backUp(path.join(work, "damaged.tar.gz"));
    expect(result.missingFiles).toEqual([`uploads/${image!.variants[0]!.path}`]);
  });
});

async function expectRefusedUntouched(file: string, message: RegExp) {
  const target = await emptyDatabase();
  const dataDir = await freshDataDir();
  const error = await restoreInto(file, dataDir, target).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RestoreRefusedError);
  expect((error as Error).message).toMatch(message);
  expect((error as Error).message).not.toContain("\n");
  expect(await totalRows(target)).toBe(0);
  expect(existsSync(dataDir)).toBe(false);
}

/** The archive's entries unpacked, changed by `change`, packed again in the same order. */
async function repack(file: string, change: (dir: string) => Promise<void> | void) {
  const dir = await mkdtemp(path.join(work, "repack-"));
  await extract({ file, cwd: dir });
  const manifest = (await readManifest(file)) as Manifest;
  await change(dir);
  const entries = [MANIFEST_NAME, ...manifest.files.map((f) => f.path)];
  for (const extra of await filesUnder(path.join(dir, "uploads"))) {
    if (!entries.includes(`uploads/${extra}`)) entries.push(`uploads/${extra}`);
  }
  const out = path.join(work, `tampered-${randomBytes(4).toString("hex")}.tar.gz`);
  await create({ gzip: true, cwd: dir, file: out, portable: true }, entries);
  return out;
}

async function readManifest(file: string): Promise<Manifest> {
  const dir = await mkdtemp(path.join(work, "manifest-"));
  await extract({ file, cwd: dir, filter: (p) => p === MANIFEST_NAME });
  return JSON.parse(await readFile(path.join(dir, MANIFEST_NAME), "utf8"));
}
