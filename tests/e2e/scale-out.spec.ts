import { rm } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { type EmbeddedServer, startEmbeddedPostgres } from "#server/db/embedded-postgres";
import { startTestBucket, type TestBucket } from "#server/storage/storage.test-helpers";
import {
  freePort,
  type RunningApp,
  startBuiltApp,
  stopApp,
  tempDataDir,
} from "../support/app-process";
import { databaseUrl } from "../support/database-url";
import { startNginx } from "../support/nginx";
import { type RedisServer, startRedisServer } from "../support/redis-server";
import { expect, test } from "./support/navigation";

/**
 * Scale-out as it is deployed: two instances of the built app behind nginx (round robin), one
 * PostgreSQL, one Redis, one S3-compatible bucket (s3rver). Needs Debian's nginx and
 * redis-server (.ci/run installs both); without them it fails saying so.
 */
const ADMIN = { email: "scale-admin@example.com", password: "Scale-admin-pass-1" };

type Stack = {
  balancer: string;
  instances: RunningApp[];
  stop(): Promise<void>;
};

async function startStack(
  root: string,
  peers: { database: string; redis: RedisServer; s3: TestBucket },
) {
  const balancerPort = await freePort();
  const ports = [await freePort(), await freePort()];
  const env = (n: number) => ({
    DATA_DIR: path.join(root, `instance-${n}`),
    DATABASE_URL: peers.database,
    REDIS_URL: peers.redis.url,
    ...peers.s3.env,
    JWT_SECRET: "a-secret-every-instance-shares-0123456789",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: "false",
    TRUST_PROXY: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${balancerPort}`,
    PORT: String(ports[n]),
  });
  // Both at once on an empty database: one migrates, the other waits for it.
  const instances = await Promise.all([startBuiltApp(env(0)), startBuiltApp(env(1))]);
  const nginx = await startNginx(path.join(root, "nginx"), balancerPort, ports);
  return {
    balancer: nginx.url,
    instances,
    async stop() {
      await nginx.stop();
      await Promise.all(instances.map((instance) => stopApp(instance)));
    },
  } satisfies Stack;
}

async function signIn(base: string) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  expect(response.status).toBe(200);
  return { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

const buildingNames = async (base: string) =>
  ((await (await fetch(`${base}/api/properties/buildings`)).json()) as { name: string }[]).map(
    (b) => b.name,
  );

/**
 * How long after now a visitor could still see the old answer: the start of the first request
 * that sees the new one. Timed by when a request starts, not when it ends, so a slow machine
 * answering slowly does not count as staleness.
 */
async function staleFor<T>(read: () => Promise<T>, isFresh: (value: T) => boolean) {
  const since = Date.now();
  for (;;) {
    const started = Date.now();
    if (isFresh(await read())) return started - since;
    if (started - since > 10_000) throw new Error("still stale after 10 s");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

test.describe("two instances behind a load balancer", () => {
  test.describe.configure({ mode: "serial", timeout: 180_000 });

  let root: string;
  let postgres: EmbeddedServer | undefined;
  let adminClient: pg.Client;
  let databaseName: string;
  let redis: RedisServer;
  let s3: TestBucket;
  let stack: Stack;
  let auth: Record<string, string>;

  test.beforeAll(async () => {
    root = await tempDataDir();
    let serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) {
      postgres = await startEmbeddedPostgres({ dataDir: path.join(root, "postgres"), mode: "own" });
      serverUrl = postgres.adminUrl;
    }
    databaseName = `scale_${process.pid}_${Date.now().toString(36)}`;
    adminClient = new pg.Client({ connectionString: serverUrl });
    await adminClient.connect();
    await adminClient.query(`create database "${databaseName}"`);
    redis = await startRedisServer();
    s3 = await startTestBucket();
    stack = await startStack(root, { database: databaseUrl(serverUrl, databaseName), redis, s3 });
    auth = await signIn(stack.balancer);
  });

  test.afterAll(async () => {
    await stack?.stop();
    await s3?.close();
    await redis?.stop();
    await adminClient?.query(`drop database if exists "${databaseName}" with (force)`);
    await adminClient?.end();
    await postgres?.stop();
    await rm(root, { recursive: true, force: true });
  });

  test("both started together without a migration error", () => {
    for (const instance of stack.instances) {
      expect(instance.output()).not.toMatch(/error|cannot start/i);
    }
  });

  test("a building written through one instance is served by the other at once, and so is its deletion", async () => {
    const [a, b] = stack.instances.map((instance) => instance.url) as [string, string];
    // The other instance has the list cached from before the write.
    expect(await buildingNames(b)).not.toContain("Harbor View");
    const created = await fetch(`${a}/api/admin/properties`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({
        title: "Harbor View",
        type: "apartment",
        address: "9 Wharf Street",
        city: "New London",
        state: "CT",
        zipCode: "06320",
        active: true,
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect(
      await staleFor(
        () => buildingNames(b),
        (names) => names.includes("Harbor View"),
      ),
    ).toBeLessThan(1_000);
    // Every answer through the balancer agrees.
    for (let n = 0; n < 4; n++)
      expect(await buildingNames(stack.balancer)).toContain("Harbor View");

    const deleted = await fetch(`${b}/api/admin/properties/admin/${id}`, {
      method: "DELETE",
      headers: auth,
    });
    expect(deleted.ok).toBe(true);
    expect(
      await staleFor(
        () => buildingNames(a),
        (names) => !names.includes("Harbor View"),
      ),
    ).toBeLessThan(1_000);
  });

  test("a photo uploaded through one instance is served by the other", async () => {
    const [a, b] = stack.instances.map((instance) => instance.url) as [string, string];
    const created = await fetch(`${a}/api/admin/properties`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({
        title: "Photo Court",
        type: "condo",
        address: "3 Lens Lane",
        city: "Mystic",
        state: "CT",
        zipCode: "06355",
      }),
    });
    const { id } = (await created.json()) as { id: number };
    const jpeg = await sharp({
      create: { width: 1600, height: 1067, channels: 3, background: "#36c" },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append("propertyId", String(id));
    form.append("files", new Blob([jpeg], { type: "image/jpeg" }), "front.jpg");
    const uploaded = await fetch(`${a}/api/upload`, { method: "POST", headers: auth, body: form });
    expect(uploaded.status).toBe(201);
    const { files } = (await uploaded.json()) as { files: { url: string; srcSet: string }[] };
    for (const entry of files[0]!.srcSet.split(",")) {
      const url = entry.trim().split(" ")[0]!;
      const [fromA, fromB] = await Promise.all([fetch(new URL(url, a)), fetch(new URL(url, b))]);
      expect(fromB.status, url).toBe(200);
      expect(fromB.headers.get("cache-control")).toContain("immutable");
      expect(Buffer.from(await fromB.arrayBuffer())).toEqual(
        Buffer.from(await fromA.arrayBuffer()),
      );
    }
  });

  test("a burst of sign-ins spread over both instances meets one shared limit", async () => {
    // AUTH_ATTEMPTS_PER_MINUTE is 10 per client address; nginx alternates the instances, so
    // each alone would have let all twelve through.
    const statuses: number[] = [];
    for (let n = 0; n < 12; n++) {
      const response = await fetch(`${stack.balancer}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.77" },
        body: JSON.stringify({ email: `burst-${n}@example.com`, password: "wrong-password" }),
      });
      statuses.push(response.status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  test("stopping one instance mid-traffic loses no acknowledged write; the other keeps answering", async () => {
    const created = await fetch(`${stack.balancer}/api/admin/properties`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({
        title: "Steady Terrace",
        type: "townhouse",
        address: "5 Calm Road",
        city: "Hartford",
        state: "CT",
        zipCode: "06103",
      }),
    });
    const { id: propertyId } = (await created.json()) as { id: number };
    const acknowledged: string[] = [];
    const failures: number[] = [];
    let done = false;
    const writer = async (name: string) => {
      for (let n = 0; !done; n++) {
        const unitNumber = `${name}-${n}`;
        const response = await fetch(`${stack.balancer}/api/admin/units`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ propertyId, unitNumber, rent: 1200, bedrooms: 1 }),
        }).catch(() => null);
        if (response?.status === 201) acknowledged.push(unitNumber);
        else failures.push(response?.status ?? 0);
      }
    };
    const writing = Promise.all([writer("w1"), writer("w2")]);
    await expect.poll(() => acknowledged.length, { timeout: 20_000 }).toBeGreaterThan(20);
    // SIGTERM: the instance finishes what it has in flight and stops; traffic goes on meanwhile.
    expect(await stopApp(stack.instances[0]!)).toBe(0);
    const atStop = acknowledged.length;
    await expect.poll(() => acknowledged.length, { timeout: 20_000 }).toBeGreaterThan(atStop + 20);
    done = true;
    await writing;

    // The survivor answers every request through the balancer.
    for (let n = 0; n < 6; n++) {
      expect((await fetch(`${stack.balancer}/api/health`)).status).toBe(200);
    }
    const survivor = stack.instances[1]!.url;
    const listing = (await (
      await fetch(`${survivor}/api/admin/properties/admin`, { headers: auth })
    ).json()) as { id: number; units: { unitNumber: string }[] }[];
    const stored = new Set(
      listing.find((p) => p.id === propertyId)!.units.map((u) => u.unitNumber),
    );
    for (const unitNumber of acknowledged) expect(stored.has(unitNumber), unitNumber).toBe(true);
    console.log(
      `scale-out: ${acknowledged.length} units acknowledged across the stop, all present; ` +
        `${failures.length} requests failed (${[...new Set(failures)].join(", ") || "none"}).`,
    );
  });
});
