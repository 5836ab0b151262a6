import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import pg from "pg";
import { dashboardTabs } from "../src/domain/admin";
import { startEmbeddedPostgres } from "../src/server/db/embedded-postgres";
import { hashAlertToken } from "../src/server/modules/alerts/alert-tokens";
import { chromiumArgs, chromiumPath } from "../tests/e2e/support/chromium";
import { projectRoot, type RunningApp } from "../tests/support/app-process";
import type { Check } from "./budgets";
import { benchAdmin, benchEnv, median, rssMb, sampleRss, startServer, stopServer } from "./server";
import { signIn } from "./uploads";

/**
 * The product at size: two instances of the build, each on a DATA_DIR of its own, one with the
 * demo content only and one with the demo content plus the scale seed (`npm run seed --
 * --scale=<factor>`, BENCH_SCALE_FACTOR, 1 by default: 2,000 buildings, 1,000,000 inquiries...).
 * Every list page and API is asked REQUESTS times of each, the two alternating, in the same run:
 * its status, bytes (as decoded) and median time at scale against at demo size (times under
 * 10 ms count as 10 ms). Then the back office in Chromium with the CPU slowed 4x: each tab's time
 * from navigation to its first rows, and the JS heap after it. Then (it sets the alert runner
 * going): creating an available unit, with the scale seed's instant alerts and with a handful.
 * The scale instance's RSS is sampled throughout. Last, with the scale instance stopped, its
 * listed units are set to 1,000 then 20,000 (triggers off: no alert is told) and a fresh instance
 * builds the XML feed cold for each; the units listed before are listed again at the end.
 *
 * BENCH_SCALE_DIR keeps the scale instance's DATA_DIR between runs: seeded once (the factor is
 * written beside it; another factor is refused), never removed by the bench. Each run adds a
 * building and a few units to it (the alert rounds) and their alert e-mails.
 *
 * Answers are measured whatever their shape (other work changes them): a status and bytes
 * for each, nothing parsed but a sitemap index's file list.
 */
export const scaleBudgets = {
  apiMaxBytes: 256_000,
  pageMaxBytes: 200_000,
  maxRatio: 4,
  /** Times under this count as this much in a ratio: below it, the noise is the figure. */
  floorMs: 10,
  sitemapMaxUrls: 50_000,
  sitemapMaxBytes: 50_000_000,
  tabMaxMs: 3000,
  tabMaxHeapMb: 150,
  /**
   * The XML feed built cold with the most listings may take this much more memory than with the
   * fewest: what it holds is a batch of listings, not the feed.
   */
  feedMaxExtraMb: 32,
};

const REQUESTS = 5;
const ALERT_ROUNDS = 3;
const HANDFUL = 5;
const TAB_TIMEOUT_MS = 60_000;
/** The listed units the XML feed is built with, cold, to show its memory flat (fewest first). */
const FEED_LISTINGS = [1_000, 20_000];
/**
 * The old-generation heap the feed's instances run with, as a small container's would. With
 * V8's default (a quarter of the machine's memory) garbage waits for as long as there is room: a
 * 20,000-listing build's RSS rose 270 MB, batches long written and dropped, and with a 256 MB
 * heap still 66 MB (26 MB at 1,000). Under this cap garbage cannot hide, and a feed that kept
 * its listings (about 200 MB of objects at 20,000) could not be built at all: the step's figure
 * is what the build holds, and its answer that it fits.
 */
const FEED_HEAP_MB = 128;

type Kind = "page" | "api" | "feed" | "sitemap";
const publicTargets: { path: string; kind: Kind }[] = [
  { path: "/properties", kind: "page" },
  { path: "/es/properties", kind: "page" },
  { path: "/", kind: "page" },
  { path: "/api/properties/buildings", kind: "api" },
  { path: "/sitemap.xml", kind: "sitemap" },
  { path: "/feeds/listings.xml", kind: "feed" },
  { path: "/feeds/listings.json", kind: "feed" },
];
const adminPaths = [
  "/api/admin/inquiries",
  "/api/admin/files",
  "/api/admin/files/stats",
  "/api/admin/properties/admin",
  "/api/admin/tenants",
  "/api/admin/maintenance",
  "/api/admin/alerts/summary",
  "/api/admin/alerts/subscribers",
  "/api/admin/outgoing-mail",
  "/api/admin/audit",
  "/api/admin/document-requests",
  "/api/admin/staff",
  "/api/admin/privacy/requests",
  "/api/admin/showings?days=7",
  "/api/admin/applications",
  "/api/admin/applications?status=submitted",
  "/api/admin/applications?q=garcia",
];
/** The dashboard's tabs, by their ?tab= value: every one is measured. */
const tabs = dashboardTabs;

export type Timed = { status: number; bytes: number; medianMs: number; urls?: number };
export type ScaleRequest = {
  path: string;
  kind: Kind;
  admin: boolean;
  demo: Timed;
  scale: Timed;
  /** Scale over demo, both at least floorMs. */
  ratio: number;
};
export type TabResult = {
  tab: string;
  firstRowsMs: number | null;
  heapMb: number | null;
  error?: string;
};
export type ScaleResult = {
  factor: number;
  seedSeconds: number | null;
  keptDir: string | null;
  requests: ScaleRequest[];
  tabs: { demo: TabResult[]; scale: TabResult[] };
  alerts: {
    demo: { subscriptions: number; saveMs: number[]; medianMs: number };
    scale: { subscriptions: number; saveMs: number[]; medianMs: number };
    ratio: number;
  };
  rss: { idleMb: number; peakMb: number };
  /** The XML feed built cold at each of FEED_LISTINGS (as many as the seed's units allow). */
  feedBuild: ColdFeed[];
};

/** The XML feed's first request on an instance: built then, a batch of listings at a time. */
export type ColdFeed = { status: number; listings: number; ms: number; riseMb: number };

const floor = (ms: number) => Math.max(ms, scaleBudgets.floorMs);

/**
 * One request's status, decoded bytes and time to the last byte. No answer (a reset, or none
 * within two minutes) is status 0, so that one endpoint's failure is a figure, not the step's end.
 * With a `payload`, a POST of it as JSON (the few reads that take their question in a body).
 */
async function once(url: string, token?: string, payload?: unknown) {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: payload === undefined ? "GET" : "POST",
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(payload === undefined ? {} : { "content-type": "application/json" }),
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
      signal: AbortSignal.timeout(120_000),
    });
    const body = Buffer.from(await response.arrayBuffer());
    return { status: response.status, body, ms: performance.now() - started };
  } catch {
    return { status: 0, body: Buffer.alloc(0), ms: performance.now() - started };
  }
}

type Measured = Timed & { body: Buffer };

/**
 * A first request to each (not counted: caches and JIT), then REQUESTS to each in turn, demo and
 * scale alternating: a burst of load on the (shared) host falls on both sides alike.
 */
async function timedPair(
  demo: { url: string; token?: string; body?: unknown },
  scale: { url: string; token?: string; body?: unknown },
): Promise<{ demo: Measured; scale: Measured }> {
  await once(demo.url, demo.token, demo.body);
  await once(scale.url, scale.token, scale.body);
  const runs = {
    demo: [] as Awaited<ReturnType<typeof once>>[],
    scale: [] as Awaited<ReturnType<typeof once>>[],
  };
  for (let i = 0; i < REQUESTS; i++) {
    runs.demo.push(await once(demo.url, demo.token, demo.body));
    runs.scale.push(await once(scale.url, scale.token, scale.body));
  }
  const summary = (side: Awaited<ReturnType<typeof once>>[]): Measured => {
    const last = side[side.length - 1]!;
    return {
      status: last.status,
      bytes: last.body.length,
      medianMs: Math.round(median(side.map((r) => r.ms)) * 10) / 10,
      body: last.body,
    };
  };
  return { demo: summary(runs.demo), scale: summary(runs.scale) };
}

/** The paths of a sitemap index's files (none when the answer is a plain sitemap). */
function sitemapFiles(xml: string): string[] {
  if (!xml.includes("<sitemapindex")) return [];
  return [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}
const urlCount = (xml: string) => (xml.match(/<url>/g) ?? []).length;

type Side = { app: RunningApp; token: string };

async function compare(
  demo: Side,
  scale: Side,
  target: { path: string; kind: Kind; admin: boolean; body?: unknown },
  demoPath = target.path,
): Promise<{ request: ScaleRequest; scaleBody: Buffer }> {
  const { body, ...shown } = target;
  const { demo: d, scale: s } = await timedPair(
    { url: `${demo.app.url}${demoPath}`, token: target.admin ? demo.token : undefined, body },
    { url: `${scale.app.url}${target.path}`, token: target.admin ? scale.token : undefined, body },
  );
  const strip = ({ body, ...rest }: Measured): Timed =>
    target.kind === "sitemap" ? { ...rest, urls: urlCount(body.toString("utf8")) } : rest;
  return {
    request: {
      ...shown,
      ...(body === undefined ? {} : { path: `POST ${target.path}` }),
      demo: strip(d),
      scale: strip(s),
      ratio: Math.round((floor(s.medianMs) / floor(d.medianMs)) * 100) / 100,
    },
    scaleBody: s.body,
  };
}

/**
 * The XML feed's first request (nothing has built it yet): its time, and how far the instance's
 * RSS rose above what it was just before, sampled every 20 ms while the feed was built and sent.
 */
async function coldFeed(side: { app: RunningApp }): Promise<ColdFeed> {
  const pid = side.app.process.pid!;
  const before = rssMb(pid);
  const sampler = sampleRss(pid, 20);
  const answer = await once(`${side.app.url}/feeds/listings.xml`);
  const peak = sampler.stop();
  return {
    status: answer.status,
    listings: (answer.body.toString("utf8").match(/<Listing /g) ?? []).length,
    ms: Math.round(answer.ms),
    riseMb: Math.max(0, Math.round(peak - before)),
  };
}

/**
 * Exactly `listed` units of active buildings available (the lowest ids), or as many as there
 * are; with session_replication_role = replica no trigger runs, so no alert hears of it. `restore`
 * lists exactly these ids again instead.
 */
async function setListed(url: string, change: { listed: number } | { restore: number[] }) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query("begin");
    await db.query("set local session_replication_role = replica");
    if ("restore" in change) {
      await db.query("update units set available = (id = any($1::int[]))", [change.restore]);
    } else {
      await db.query(
        `update units set available = (id in (
           select u.id from units u join properties p on p.id = u.property_id
           where p.active order by u.id limit $1))`,
        [change.listed],
      );
    }
    await db.query("commit");
  } catch (error) {
    await db.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    await db.end();
  }
}

async function listedIds(url: string): Promise<number[]> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: number }>("select id from units where available");
    return rows.map((row) => row.id);
  } finally {
    await db.end();
  }
}

/**
 * The XML feed built cold by a fresh instance on the (stopped) scale DATA_DIR with each of
 * FEED_LISTINGS units listed; the units listed before are listed again at the end, whatever
 * happened.
 */
async function measureFeedBuilds(dataDir: string): Promise<ColdFeed[]> {
  const before = await withDatabase(dataDir, listedIds);
  const builds: ColdFeed[] = [];
  try {
    for (const listed of FEED_LISTINGS) {
      await withDatabase(dataDir, (url) => setListed(url, { listed }));
      const app = await startServer(dataDir, 300_000, {
        NODE_OPTIONS: `--max-old-space-size=${FEED_HEAP_MB}`,
      });
      try {
        await new Promise((resolve) => setTimeout(resolve, 2000));
        builds.push(await coldFeed({ app }));
      } finally {
        await stopServer(app);
      }
    }
  } finally {
    await withDatabase(dataDir, (url) => setListed(url, { restore: before }));
  }
  return builds;
}

/** The app's database of a stopped instance, its server started for `use` and stopped after. */
async function withDatabase<T>(dataDir: string, use: (url: string) => Promise<T>): Promise<T> {
  const server = await startEmbeddedPostgres({ dataDir, mode: "borrow" });
  try {
    return await use(server.urlFor("rentals"));
  } finally {
    await server.stop();
  }
}

async function measureRequests(demo: Side, scale: Side): Promise<ScaleRequest[]> {
  const requests: ScaleRequest[] = [];
  for (const target of publicTargets) {
    const { request, scaleBody } = await compare(demo, scale, { ...target, admin: false });
    requests.push(request);
    if (target.kind !== "sitemap") continue;
    // Each file of the scale instance's index, against the demo's file of the same path (or its
    // first file, or its single sitemap, when the demo has fewer).
    const files = sitemapFiles(scaleBody.toString("utf8"));
    const demoIndex = await once(`${demo.app.url}/sitemap.xml`);
    const demoFiles = sitemapFiles(demoIndex.body.toString("utf8"));
    for (const file of files) {
      const counterpart = demoFiles.includes(file) ? file : (demoFiles[0] ?? "/sitemap.xml");
      const filed = await compare(
        demo,
        scale,
        { path: file, kind: "sitemap", admin: false },
        counterpart,
      );
      requests.push(filed.request);
    }
  }
  for (const adminPath of adminPaths) {
    requests.push(
      (await compare(demo, scale, { path: adminPath, kind: "api", admin: true })).request,
    );
  }
  // A person's data on request: every table read by one address (the trail's search of details
  // included), for the bench's administrator, whom the audit trail names most.
  for (const email of [benchAdmin.email, "nobody-at-all@example.com"]) {
    const target = { path: "/api/admin/privacy/lookup", kind: "api" as const, admin: true };
    requests.push((await compare(demo, scale, { ...target, body: { email } })).request);
  }
  return requests;
}

/**
 * A tab's first rows: its panel is there, nothing in it is loading (a "Loading..." status,
 * aria-busy, a pulsing skeleton), nothing failed to load, and it holds a row (a list item, a
 * table row, an article) or, for an empty list, some text.
 */
function firstRowsShown(): boolean {
  const panel = document.querySelector('[role="tabpanel"][data-state="active"]');
  if (!panel) return false;
  const loading =
    [...panel.querySelectorAll('[role="status"]')].some((e) =>
      /loading/i.test(e.textContent ?? ""),
    ) || panel.querySelector('[aria-busy="true"], .animate-pulse') !== null;
  if (loading) return false;
  // A list that failed to load is no first rows (its panel's text would pass for an empty list).
  if (/Could not load/.test(panel.textContent ?? "")) return false;
  return (
    panel.querySelector("li, tr, article") !== null || (panel.textContent ?? "").trim().length > 0
  );
}

async function measureTabs(baseUrl: string): Promise<TabResult[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      baseURL: baseUrl,
    });
    const login = await context.newPage();
    await login.goto("/login", { waitUntil: "networkidle" });
    await login.getByLabel("Email").fill(benchAdmin.email);
    await login.getByLabel("Password").fill(benchAdmin.password);
    await login.getByRole("button", { name: "Sign In", exact: true }).click();
    await login.waitForURL(/\/admin-dashboard/);
    await login.close();
    const results: TabResult[] = [];
    for (const tab of tabs) results.push(await measureTab(context.newPage(), tab));
    return results;
  } finally {
    await browser.close();
  }
}

/** A fresh page per tab: one tab's heap is not carried into the next's figure. */
async function measureTab(opening: Promise<Page>, tab: string): Promise<TabResult> {
  const page = await opening;
  let crashed = false;
  page.on("crash", () => {
    crashed = true;
  });
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const started = Date.now();
    await page.goto(`/admin-dashboard${tab === "overview" ? "" : `?tab=${tab}`}`, {
      waitUntil: "commit",
    });
    await page.waitForFunction(firstRowsShown, undefined, { timeout: TAB_TIMEOUT_MS, polling: 50 });
    const firstRowsMs = Date.now() - started;
    await cdp.send("HeapProfiler.collectGarbage").catch(() => undefined);
    const heap = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number };
    return { tab, firstRowsMs, heapMb: Math.round(heap.usedSize / 2 ** 20) };
  } catch (error) {
    const message = crashed ? "the page crashed" : (error as Error).message.split("\n")[0]!;
    return { tab, firstRowsMs: null, heapMb: null, error: message };
  } finally {
    await page.close().catch(() => undefined);
  }
}

/** Instant, active, confirmed subscriptions that want every home (the demo's handful). */
async function addHandful(url: string): Promise<void> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const ids = Array.from({ length: HANDFUL }, () => randomUUID());
    await db.query(
      `insert into alert_subscriptions
         (id, email, criteria, frequency, lang, status, manage_token_hash, confirmed_at)
       select id, 'handful-' || n || '@example.com', '{}'::jsonb, 'instant', 'en', 'active', hash, now()
       from unnest($1::uuid[], $2::text[]) with ordinality as s(id, hash, n)`,
      [ids, ids.map((id) => hashAlertToken(id))],
    );
    // Told about what is listed now, as confirming records: only new units are news.
    await db.query(
      `insert into alert_deliveries (subscription_id, unit_id, state)
       select s.id, u.id, 'known' from alert_subscriptions s cross join units u
       where s.id = any($1::uuid[])`,
      [ids],
    );
  } finally {
    await db.end();
  }
}

async function instantSubscriptions(url: string): Promise<number> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: string }>(
      `select count(*) as n from alert_subscriptions
       where frequency = 'instant' and status = 'active' and confirmed_at is not null`,
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await db.end();
  }
}

/** The app's database on a running instance's embedded PostgreSQL (client.ts's name). */
async function appDatabaseUrl(dataDir: string): Promise<string> {
  const server = await startEmbeddedPostgres({ dataDir, mode: "borrow" });
  return server.urlFor("rentals");
}

async function post(side: Side, url: string, body: unknown) {
  const started = performance.now();
  const response = await fetch(`${side.app.url}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${side.token}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as { id?: number };
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}`);
  return { id: answer.id, ms: Math.round(performance.now() - started) };
}

/** ALERT_ROUNDS available units created in a building of their own, each save timed. */
async function timeUnitSaves(side: Side): Promise<number[]> {
  const building = await post(side, "/api/admin/properties", {
    title: `Scale Court ${randomUUID().slice(0, 8)}`,
    type: "apartment",
    address: "1 Bench Street",
    city: "Hartford",
    state: "CT",
    zipCode: "06103",
    active: true,
  });
  const saves: number[] = [];
  for (let n = 1; n <= ALERT_ROUNDS; n++) {
    const unit = {
      propertyId: building.id,
      unitNumber: `S${n}`,
      bedrooms: 2,
      rent: 1650,
      available: true,
    };
    saves.push((await post(side, "/api/admin/units", unit)).ms);
  }
  return saves;
}

async function measureAlertSaves(demo: Side & { dir: string }, scale: Side & { dir: string }) {
  const demoUrl = await appDatabaseUrl(demo.dir);
  await addHandful(demoUrl);
  const scaleUrl = await appDatabaseUrl(scale.dir);
  const counts = {
    demo: await instantSubscriptions(demoUrl),
    scale: await instantSubscriptions(scaleUrl),
  };
  const demoSaves = await timeUnitSaves(demo);
  const scaleSaves = await timeUnitSaves(scale);
  const d = median(demoSaves);
  const s = median(scaleSaves);
  return {
    demo: { subscriptions: counts.demo, saveMs: demoSaves, medianMs: d },
    scale: { subscriptions: counts.scale, saveMs: scaleSaves, medianMs: s },
    ratio: Math.round((floor(s) / floor(d)) * 100) / 100,
  };
}

/** `npm run seed -- --scale=<factor>` on a stopped instance's DATA_DIR, as the bench runs it. */
async function seed(dataDir: string, factor: number): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...benchEnv(dataDir) };
  for (const key of ["DATABASE_URL", "JWT_SECRET", "STORAGE", "PUBLIC_URL"]) delete env[key];
  const tsx = path.join(projectRoot, "node_modules/.bin/tsx");
  await new Promise<void>((resolve, reject) => {
    const child = spawn(tsx, ["src/server/cli/seed.ts", `--scale=${factor}`], {
      cwd: projectRoot,
      env,
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`the scale seed exited with ${code}`)),
    );
  });
}

/**
 * The scale instance's DATA_DIR, seeded: a kept one (BENCH_SCALE_DIR) is seeded on its first
 * use and reused after; a temporary one (under the bench's own DATA_DIR) every run.
 */
async function scaleDataDir(root: string, factor: number) {
  const kept = process.env.BENCH_SCALE_DIR ? path.resolve(process.env.BENCH_SCALE_DIR) : null;
  const dir = kept ?? path.join(root, "scale");
  const marker = path.join(dir, "bench-scale.json");
  if (kept && existsSync(marker)) {
    const loaded = JSON.parse(await readFile(marker, "utf8")) as { factor: number };
    if (loaded.factor !== factor) {
      throw new Error(
        `${dir} holds the scale seed at factor ${loaded.factor}, not ${factor}: remove it or set BENCH_SCALE_FACTOR=${loaded.factor}`,
      );
    }
    return { dir, kept, seedSeconds: null };
  }
  await mkdir(dir, { recursive: true });
  await chmod(dir, 0o755);
  // The first start makes the database and the demo content; the seed then adds the rest.
  await stopServer(await startServer(dir, 300_000));
  const started = performance.now();
  await seed(dir, factor);
  const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
  await writeFile(marker, `${JSON.stringify({ factor, seededAt: new Date().toISOString() })}\n`);
  return { dir, kept, seedSeconds };
}

export async function measureScale(input: { root: string }): Promise<ScaleResult> {
  const factor = Number(process.env.BENCH_SCALE_FACTOR ?? 1);
  if (!(factor > 0 && factor <= 10))
    throw new Error(`BENCH_SCALE_FACTOR=${factor}: above 0, at most 10`);
  await mkdir(input.root, { recursive: true });
  const demoDir = path.join(input.root, "demo");
  await mkdir(demoDir, { recursive: true });
  await chmod(demoDir, 0o755);
  const { dir: scaleDir, kept, seedSeconds } = await scaleDataDir(input.root, factor);
  let demoApp: RunningApp | undefined;
  let scaleApp: RunningApp | undefined;
  try {
    demoApp = await startServer(demoDir, 300_000);
    scaleApp = await startServer(scaleDir, 300_000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idleMb = Math.round(rssMb(scaleApp.process.pid!));
    const rss = sampleRss(scaleApp.process.pid!, 200);
    const demo = { app: demoApp, token: await signIn(demoApp.url), dir: demoDir };
    const scale = { app: scaleApp, token: await signIn(scaleApp.url), dir: scaleDir };
    const requests = await measureRequests(demo, scale);
    const demoTabs = await measureTabs(demoApp.url);
    const scaleTabs = await measureTabs(scaleApp.url);
    const alerts = await measureAlertSaves(demo, scale);
    const peakMb = rss.stop();
    await stopServer(scaleApp);
    scaleApp = undefined;
    const feedBuild = await measureFeedBuilds(scaleDir);
    return {
      factor,
      seedSeconds,
      keptDir: kept,
      requests,
      tabs: { demo: demoTabs, scale: scaleTabs },
      alerts,
      rss: { idleMb, peakMb },
      feedBuild,
    };
  } finally {
    if (demoApp) await stopServer(demoApp);
    if (scaleApp) await stopServer(scaleApp);
  }
}

export function scaleChecks(r: ScaleResult): Check[] {
  const b = scaleBudgets;
  const at = `at scale ${r.factor}`;
  const checks: Check[] = [];
  for (const q of r.requests) {
    const ok = q.scale.status === 200 && q.demo.status === 200;
    if (q.kind === "api" || q.kind === "page") {
      const max = q.kind === "api" ? b.apiMaxBytes : b.pageMaxBytes;
      checks.push({
        section: "scale",
        measure: `${q.path} bytes ${at} (${q.kind === "api" ? "API answer" : "HTML"})`,
        measured: `${q.scale.status}, ${kb(q.scale.bytes)}`,
        budget: `200, <= ${kb(max)}`,
        pass: ok && q.scale.bytes <= max,
      });
    }
    if (q.kind === "sitemap") {
      checks.push({
        section: "scale",
        measure: `${q.path} ${at}: URLs and bytes in one file`,
        measured: `${q.scale.status}, ${q.scale.urls} URLs, ${kb(q.scale.bytes)}`,
        budget: `200, <= ${b.sitemapMaxUrls} URLs, <= ${kb(b.sitemapMaxBytes)}`,
        pass: ok && (q.scale.urls ?? 0) <= b.sitemapMaxUrls && q.scale.bytes <= b.sitemapMaxBytes,
      });
    }
    checks.push({
      section: "scale",
      measure: `${q.path} time ${at} / demo size (median of ${REQUESTS})`,
      measured: `${q.ratio}x (${q.scale.medianMs} / ${q.demo.medianMs} ms)`,
      budget: `<= ${b.maxRatio}x`,
      pass: ok && q.ratio <= b.maxRatio,
    });
  }
  for (const t of r.tabs.scale) {
    checks.push({
      section: "scale",
      measure: `back office ${t.tab} tab ${at}: first rows, JS heap (4x CPU slowdown)`,
      measured: t.error ? `failed: ${t.error}` : `${t.firstRowsMs} ms, ${t.heapMb} MB`,
      budget: `<= ${b.tabMaxMs} ms, <= ${b.tabMaxHeapMb} MB`,
      pass:
        !t.error &&
        (t.firstRowsMs ?? Infinity) <= b.tabMaxMs &&
        (t.heapMb ?? Infinity) <= b.tabMaxHeapMb,
    });
  }
  const fewest = r.feedBuild[0];
  const most = r.feedBuild.at(-1);
  if (fewest && most) {
    checks.push({
      section: "scale",
      measure: `/feeds/listings.xml built cold ${at}: RSS rise with ${most.listings} listings / ${fewest.listings}`,
      measured: `+${most.riseMb} MB / +${fewest.riseMb} MB (${most.ms} / ${fewest.ms} ms)`,
      budget: `200, <= the fewest's + ${b.feedMaxExtraMb} MB`,
      pass:
        r.feedBuild.every((build) => build.status === 200) &&
        most.riseMb <= fewest.riseMb + b.feedMaxExtraMb,
    });
  }
  const a = r.alerts;
  checks.push({
    section: "scale",
    measure: `create an available unit: ${a.scale.subscriptions} instant alerts / ${a.demo.subscriptions} (median of ${ALERT_ROUNDS})`,
    measured: `${a.ratio}x (${a.scale.medianMs} / ${a.demo.medianMs} ms)`,
    budget: `<= ${b.maxRatio}x`,
    pass: a.ratio <= b.maxRatio,
  });
  return checks;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const row = (cells: (string | number)[]) =>
  `| ${cells.map((c) => String(c).replaceAll("|", "\\|")).join(" | ")} |`;

/** The step's detail for latest.md. */
export function scaleSection(r: ScaleResult): string[] {
  const tabRows = r.tabs.scale.map((t) => {
    const d = r.tabs.demo.find((x) => x.tab === t.tab);
    const show = (x?: TabResult) =>
      !x ? "-" : x.error ? `failed: ${x.error}` : `${x.firstRowsMs} ms, ${x.heapMb} MB`;
    return row([t.tab, show(t), show(d)]);
  });
  return [
    `## At scale (scale seed factor ${r.factor}${r.seedSeconds !== null ? `, seeded in ${r.seedSeconds} s` : ", a kept DATA_DIR"})`,
    "",
    `The scale instance's RSS: ${r.rss.idleMb} MB idle after start, ${r.rss.peakMb} MB at its peak during the requests, the back office and the alert saves.`,
    "",
    `The XML feed's first request on a fresh instance, built then a batch at a time: ${r.feedBuild.map((build) => `${build.listings} listings in ${build.ms} ms, RSS +${build.riseMb} MB`).join("; ")}.`,
    "",
    row([
      "request",
      "at scale: status, bytes, median",
      "demo size: status, bytes, median",
      "ratio",
    ]),
    "|---|---|---|---|",
    ...r.requests.map((q) =>
      row([
        q.path,
        `${q.scale.status}, ${kb(q.scale.bytes)}${q.scale.urls !== undefined ? `, ${q.scale.urls} URLs` : ""}, ${q.scale.medianMs} ms`,
        `${q.demo.status}, ${kb(q.demo.bytes)}${q.demo.urls !== undefined ? `, ${q.demo.urls} URLs` : ""}, ${q.demo.medianMs} ms`,
        `${q.ratio}x`,
      ]),
    ),
    "",
    "Back office, Chromium with the CPU slowed 4x: navigation to the tab's first rows, JS heap after it.",
    "",
    row(["tab", "at scale", "demo size"]),
    "|---|---|---|",
    ...tabRows,
    "",
    `Creating an available unit (admin API): ${r.alerts.scale.saveMs.join(", ")} ms with ${r.alerts.scale.subscriptions} instant alerts, ${r.alerts.demo.saveMs.join(", ")} ms with ${r.alerts.demo.subscriptions}.`,
  ];
}
