import { existsSync } from "node:fs";
import { mkdir, readdir, rm, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { type EmbeddedServer, startEmbeddedPostgres } from "#server/db/embedded-postgres";
import { type RunningApp, startBuiltApp, tempDataDir } from "../support/app-process";
import { databaseUrl } from "../support/database-url";
import { expect, test } from "./support/navigation";

/**
 * The built app killed with SIGKILL in the middle of a stream of admin writes, round after round:
 * every write it answered 2xx must be there after the restart, complete (row and files), and
 * nothing half-written may be visible: an upload's photos all or none, every visible photo's
 * variants served and decodable. Once with the embedded PostgreSQL (the restarted app adopts the
 * server the killed one left running), once with an external server through DATABASE_URL.
 */

const ROUNDS = 4;
const ADMIN = { email: "crash-admin@example.com", password: "Crash-admin-pass-1" };

type Acknowledged = { units: Map<string, number>; uploads: Map<string, string[]> };

type AdminImage = { id: number; filename: string; url: string; srcSet: string };
type AdminUnit = { id: number; unitNumber: string; images: AdminImage[] };
type AdminProperty = { id: number; title: string; units: AdminUnit[]; images: AdminImage[] };

/** A small pseudo-random sequence with a seed, so a failing round can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

async function jpeg(shade: number) {
  return sharp({
    create: { width: 1600, height: 1067, channels: 3, background: { r: shade, g: 90, b: 140 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function signIn(app: RunningApp) {
  const response = await fetch(`${app.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  expect(response.status).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

async function listProperties(app: RunningApp, auth: Record<string, string>) {
  const response = await fetch(`${app.url}/api/admin/properties/admin`, { headers: auth });
  expect(response.status).toBe(200);
  return (await response.json()) as AdminProperty[];
}

async function createBuilding(app: RunningApp, auth: Record<string, string>) {
  const response = await fetch(`${app.url}/api/admin/properties`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({
      title: "Crash Court",
      type: "apartment",
      address: "1 Durable Way",
      city: "Hartford",
      state: "CT",
      zipCode: "06103",
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/**
 * Writes until `signal` aborts: two writers, each alternating a new unit and an upload of two
 * photos to one of the units it created. Only answers with a 2xx are recorded.
 */
async function writeUntilKilled(
  app: RunningApp,
  auth: Record<string, string>,
  propertyId: number,
  round: number,
  acknowledged: Acknowledged,
  signal: AbortSignal,
) {
  const photos = [await jpeg(40 + round * 20), await jpeg(60 + round * 20)];
  const writer = async (name: string) => {
    const mine: number[] = [];
    for (let n = 0; !signal.aborted; n++) {
      try {
        if (n % 2 === 0 || mine.length === 0) {
          const unitNumber = `R${round}-${name}${n}`;
          const response = await fetch(`${app.url}/api/admin/units`, {
            method: "POST",
            headers: { ...auth, "content-type": "application/json" },
            body: JSON.stringify({ propertyId, unitNumber, rent: 1500 + n, bedrooms: 2 }),
            signal,
          });
          if (response.ok) {
            const { id } = (await response.json()) as { id: number };
            acknowledged.units.set(unitNumber, id);
            mine.push(id);
          }
        } else {
          const tag = `r${round}-${name}${n}`;
          const form = new FormData();
          form.append("unitId", String(mine.at(-1)));
          form.append("files", new Blob([photos[0]!], { type: "image/jpeg" }), `${tag}-a.jpg`);
          form.append("files", new Blob([photos[1]!], { type: "image/jpeg" }), `${tag}-b.jpg`);
          const response = await fetch(`${app.url}/api/upload`, {
            method: "POST",
            headers: auth,
            body: form,
            signal,
          });
          if (response.ok) {
            acknowledged.uploads.set(tag, [`${tag}-a.jpg`, `${tag}-b.jpg`]);
          }
        }
      } catch {
        // The process was killed under this request: no answer, no promise made.
      }
    }
  };
  await Promise.all([writer("a"), writer("b")]);
}

/** Every visible photo: each variant in its srcset is served and decodes as an image. */
async function expectComplete(app: RunningApp, image: AdminImage) {
  const urls = image.srcSet.split(",").map((entry) => entry.trim().split(" ")[0]!);
  expect(urls.length).toBeGreaterThan(1);
  for (const url of urls) {
    const response = await fetch(new URL(url, app.url));
    expect(response.status, `${image.filename}: ${url}`).toBe(200);
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(metadata.format).toBe("webp");
  }
}

async function verify(app: RunningApp, propertyId: number, acknowledged: Acknowledged) {
  const auth = await signIn(app);
  const building = (await listProperties(app, auth)).find((p) => p.id === propertyId)!;
  const units = new Map(building.units.map((unit) => [unit.unitNumber, unit]));
  for (const [unitNumber, id] of acknowledged.units) {
    expect(units.get(unitNumber)?.id, `unit ${unitNumber} was answered 201`).toBe(id);
  }
  const photos = building.units.flatMap((unit) => unit.images);
  const byName = new Map(photos.map((image) => [image.filename, image]));
  for (const [tag, names] of acknowledged.uploads) {
    for (const name of names) expect(byName.has(name), `${tag}: ${name}`).toBe(true);
  }
  // Nothing half-written: an upload's two photos are both visible or neither.
  const tags = new Set(photos.map((image) => image.filename.replace(/-[ab]\.jpg$/, "")));
  for (const tag of tags) {
    expect(
      [byName.has(`${tag}-a.jpg`), byName.has(`${tag}-b.jpg`)],
      `upload ${tag} is all or nothing`,
    ).toEqual([true, true]);
  }
  for (const image of photos) await expectComplete(app, image);
  return photos.length;
}

/** A photo folder a crash could have left without a row, written two hours ago. */
async function plantOrphan(dataDir: string) {
  const folder = path.join(dataDir, "uploads", "images", "crash-orphan");
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, "480.webp"), "left by a crash");
  const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
  await utimes(path.join(folder, "480.webp"), old, old);
  return folder;
}

async function kill(app: RunningApp) {
  const exited = new Promise((resolve) => app.process.once("exit", resolve));
  app.process.kill("SIGKILL");
  await exited;
}

async function crashRounds(env: Record<string, string>, dataDir: string, seed: number) {
  const next = random(seed);
  const acknowledged: Acknowledged = { units: new Map(), uploads: new Map() };
  let app = await startBuiltApp(env);
  const propertyId = await createBuilding(app, await signIn(app));
  let survived = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const auth = await signIn(app);
    const stop = new AbortController();
    const writing = writeUntilKilled(app, auth, propertyId, round, acknowledged, stop.signal);
    await new Promise((resolve) => setTimeout(resolve, 400 + Math.floor(next() * 1600)));
    // An upload (two photos and their variants) can take longer than that on a loaded machine:
    // the last round waits until one is answered, so that every run kills after an answered
    // upload (seen once: four rounds, no upload answered, the check of them vacuous).
    for (let waited = 0; round === ROUNDS && acknowledged.uploads.size === 0 && waited < 30_000; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      waited += 100;
    }
    await kill(app);
    stop.abort();
    await writing;
    const orphan = round === ROUNDS ? await plantOrphan(dataDir) : null;
    app = await startBuiltApp(env);
    await verify(app, propertyId, acknowledged);
    if (orphan) {
      // The sweep at start removes what no row names.
      await expect
        .poll(
          () =>
            readdir(orphan).then(
              () => true,
              () => false,
            ),
          { timeout: 10_000 },
        )
        .toBe(false);
    }
    survived++;
  }
  const photos = await verify(app, propertyId, acknowledged);
  await kill(app);
  return { survived, units: acknowledged.units.size, uploads: acknowledged.uploads.size, photos };
}

test.describe("crashes", () => {
  test.describe.configure({ timeout: 240_000 });
  let dataDir: string;
  let external: EmbeddedServer | undefined;

  test.beforeEach(async () => {
    dataDir = await tempDataDir();
  });

  test.afterEach(async () => {
    await external?.stop();
    external = undefined;
    // The embedded server the last kill orphaned: stop it before removing its directory.
    if (existsSync(path.join(dataDir, "pg"))) {
      await (await startEmbeddedPostgres({ dataDir, mode: "own" })).stop();
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  const common = {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: "false",
    RATE_LIMIT_PER_MINUTE: "100000",
  };

  test("SIGKILL during writes loses no answered write (embedded PostgreSQL)", async () => {
    const result = await crashRounds({ ...common, DATA_DIR: dataDir }, dataDir, 7);
    expect(result.survived).toBe(ROUNDS);
    expect(result.units).toBeGreaterThan(ROUNDS);
    expect(result.uploads).toBeGreaterThan(0);
    console.log(`crash rounds (embedded): ${JSON.stringify(result)}`);
  });

  test("SIGKILL during writes loses no answered write (external PostgreSQL)", async () => {
    let serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) {
      external = await startEmbeddedPostgres({
        dataDir: path.join(dataDir, "external"),
        mode: "own",
      });
      serverUrl = external.adminUrl;
    }
    const name = `crash_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    try {
      const env = {
        ...common,
        DATA_DIR: path.join(dataDir, "app"),
        DATABASE_URL: databaseUrl(serverUrl, name),
      };
      const result = await crashRounds(env, env.DATA_DIR, 11);
      expect(result.survived).toBe(ROUNDS);
      console.log(`crash rounds (external): ${JSON.stringify(result)}`);
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
