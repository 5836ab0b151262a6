import { rm } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { type AlertCriteria, matchesCriteria } from "#domain/alerts";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { alertsApi } from "#domain/api/alerts";
import { authApi } from "#domain/api/auth";
import type { Contract } from "#domain/api/contract";
import { buildUrl } from "#domain/api/wire";
import { type EmbeddedServer, startEmbeddedPostgres } from "#server/db/embedded-postgres";
import { type OutboxMessage, readOutbox } from "#server/mail/outbox";
import { type RunningApp, startBuiltApp, stopApp, tempDataDir } from "../support/app-process";
import { databaseUrl } from "../support/database-url";
import { expect, test } from "./support/navigation";

/**
 * Listing alerts survive a crash and a second instance (issue 17): the built app against a
 * PostgreSQL server of the test's own (or TEST_DATABASE_URL's), a database per test, so that the
 * test can watch and hold the locks the sending transaction takes.
 *
 * - Killed (SIGKILL) while its runner holds a subscription and its pending alert, blocked on the
 *   mail queue's table by a lock the test took: after the restart the subscriber has exactly one
 *   e-mail for that unit.
 * - Two instances on one database, both sending at once: every (subscription, unit) pair that
 *   matches is e-mailed exactly once across both outboxes, none missing.
 */

const ADMIN = { email: "alerts-admin@example.com", password: "Alerts-admin-pass-1" };
const HARTFORD = { city: "Hartford", zipCode: "06103" };
const NEW_BRITAIN = { city: "New Britain", zipCode: "06051" };

type Auth = Record<string, string>;

/** A contract's URL on one running app. */
const at = (app: RunningApp, contract: Contract, params?: Record<string, string | number>) =>
  `${app.url}${buildUrl(contract, params)}`;

async function post(app: RunningApp, contract: Contract, body: unknown, headers: Auth = {}) {
  return fetch(at(app, contract), {
    method: contract.method,
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function signIn(app: RunningApp): Promise<Auth> {
  const response = await post(app, authApi.login, ADMIN);
  expect(response.status).toBe(200);
  return { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

async function createBuilding(app: RunningApp, auth: Auth, town: typeof HARTFORD, title: string) {
  const response = await post(
    app,
    adminPropertiesApi.createProperty,
    { title, type: "apartment", address: "1 Alert Way", state: "CT", active: true, ...town },
    auth,
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

type NewUnit = { unitNumber: string; bedrooms: number; rent: number };

/** The admin write that opens a unit: created available. */
async function openUnit(app: RunningApp, auth: Auth, propertyId: number, unit: NewUnit) {
  const response = await post(
    app,
    adminPropertiesApi.createUnit,
    { propertyId, available: true, ...unit },
    auth,
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** POST /api/alerts as a renter would, from a client address of its own (TRUST_PROXY). */
async function subscribe(app: RunningApp, email: string, criteria: AlertCriteria, client: string) {
  const response = await post(
    app,
    alertsApi.subscribe,
    { email, criteria, frequency: "instant", lang: "en" },
    { "x-forwarded-for": client },
  );
  expect(response.status).toBe(202);
}

/**
 * Confirms each address the way its renter does: by opening the link in its confirmation e-mail
 * (a page that asks, and changes nothing) and pressing its button (`POST
 * /api/alerts/confirm/<token>`). Run before any unit is listed, so the service's "what is listed
 * now is known" step has nothing to record. The links are opened on the given instances in turn.
 * Checks that each subscription is then active.
 */
async function confirmByLink(
  apps: RunningApp[],
  dataDirs: string[],
  db: pg.Client,
  emails: string[],
) {
  const messages = await outboxes(dataDirs);
  for (const [i, email] of emails.entries()) {
    const app = apps[i % apps.length]!;
    const confirmation = messages.find((m) => m.to === email && !isAlert(m));
    const link = /https?:\/\/\S+\/alerts\/confirm\/([\w-]{43})/.exec(confirmation?.text ?? "");
    expect(link, `a confirmation link e-mailed to ${email}`).not.toBeNull();
    const page = await fetch(`${app.url}${new URL(link![0]).pathname}`);
    expect(page.status).toBe(200);
    const pressed = await fetch(`${app.url}${buildUrl(alertsApi.confirm, { token: link![1]! })}`, {
      method: "POST",
    });
    expect(pressed.status).toBe(200);
  }
  const { rows } = await db.query<{ active: string }>(
    "select count(*) as active from alert_subscriptions where email = any($1) and status = 'active'",
    [emails],
  );
  expect(Number(rows[0]!.active)).toBe(emails.length);
}

/** Every message across the outboxes of the given DATA_DIRs. */
async function outboxes(dataDirs: string[]): Promise<OutboxMessage[]> {
  return (await Promise.all(dataDirs.map((dir) => readOutbox(dir)))).flat();
}

/** An alert e-mail: of the messages these tests send, the only ones with List-Unsubscribe. */
const isAlert = (message: OutboxMessage) => message.headers["List-Unsubscribe"] !== undefined;

/** The units an alert e-mail lists, by the ids in their links. */
const unitsOf = (message: OutboxMessage) =>
  [...new Set([...message.text.matchAll(/\/properties\/(\d+)\b/g)].map((m) => Number(m[1])))]
    .sort((a, b) => a - b)
    .map(String);

/**
 * Resolves once every message queued so far is marked sent: the mail worker's own write to
 * outgoing_mail is then done, and cannot be what waits on the test's lock.
 */
async function mailSettled(db: pg.Client) {
  await expect
    .poll(
      async () => (await db.query("select 1 from outgoing_mail where status <> 'sent'")).rowCount,
      { timeout: 20_000 },
    )
    .toBe(0);
}

/**
 * Every backend of one database that waits for a lock: its instance (application_name), what
 * it waits for (a table, or the kind of lock) and the start of its statement.
 */
async function lockWaits(db: pg.Client) {
  const { rows } = await db.query<{ pid: number; app: string; waitsFor: string; query: string }>(
    `select a.pid, a.application_name as app,
            coalesce(l.relation::regclass::text, l.locktype) as "waitsFor", a.query
     from pg_stat_activity a
     join pg_locks l on l.pid = a.pid and not l.granted
     where a.datname = current_database()
     order by a.application_name`,
  );
  return rows;
}

/** A wait as the assertions read it: "instance waits for table: the statement's first words". */
const described = (wait: Awaited<ReturnType<typeof lockWaits>>[number]) =>
  `${wait.app} waits for ${wait.waitsFor}: ${wait.query.trim().split(/\s+/).slice(0, 3).join(" ")}`;

/** The sending transaction's write that the test's lock holds. */
const queueingWait = (instance: string) =>
  `${instance} waits for outgoing_mail: insert into "outgoing_mail"`;

/** The relation locks a backend holds, as "table:mode". */
async function heldLocks(db: pg.Client, pid: number) {
  const { rows } = await db.query<{ lock: string }>(
    `select c.relname || ':' || l.mode as lock
     from pg_locks l join pg_class c on c.oid = l.relation
     where l.pid = $1 and l.granted and l.locktype = 'relation'`,
    [pid],
  );
  return rows.map((r) => r.lock);
}

/** Whether another transaction holds a lock on a subscription's row (the sender's FOR NO KEY UPDATE). */
async function subscriptionLocked(db: pg.Client, id: string) {
  const exists = await db.query("select 1 from alert_subscriptions where id = $1", [id]);
  expect(exists.rowCount).toBe(1);
  const free = await db.query(
    "select 1 from alert_subscriptions where id = $1 for update skip locked",
    [id],
  );
  return free.rowCount === 0;
}

async function kill(app: RunningApp) {
  const exited = new Promise((resolve) => app.process.once("exit", resolve));
  app.process.kill("SIGKILL");
  await exited;
}

test.describe("listing alerts across a crash and two instances", () => {
  // One after the other in one worker, each starting its own processes on a shared machine.
  test.describe.configure({ mode: "default", timeout: 120_000 });

  let root: string;
  let postgres: EmbeddedServer | undefined;
  let serverUrl: string;
  let admin: pg.Client;

  test.beforeAll(async () => {
    root = await tempDataDir();
    serverUrl = process.env.TEST_DATABASE_URL ?? "";
    if (!serverUrl) {
      postgres = await startEmbeddedPostgres({
        dataDir: path.join(root, "postgres"),
        mode: "own",
      });
      serverUrl = postgres.adminUrl;
    }
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
  });

  test.afterAll(async () => {
    await admin?.end();
    await postgres?.stop();
    await rm(root, { recursive: true, force: true });
  });

  /**
   * A database of its own for one test, and the app's settings for it: `instance` names the
   * process's connections (application_name), so the test can tell whose backend is whose.
   */
  async function freshDatabase(label: string) {
    const name = `alerts_${label}_${process.pid}_${Date.now().toString(36)}`;
    await admin.query(`create database "${name}"`);
    const url = databaseUrl(serverUrl, name);
    const db = new pg.Client({ connectionString: url });
    return {
      url,
      db,
      env: (instance: string, dataDir: string) => ({
        DATA_DIR: dataDir,
        DATABASE_URL: `${url}?application_name=${instance}`,
        // One secret for every instance: a message one seals, another's mail worker opens.
        JWT_SECRET: "one-secret-for-every-instance-0123456789",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SEED_DEMO: "false",
        RATE_LIMIT_PER_MINUTE: "100000",
        // Each subscriber's request comes from an address of its own (X-Forwarded-For).
        TRUST_PROXY: "127.0.0.1",
      }),
      async drop() {
        await db.end().catch(() => undefined);
        await admin.query(`drop database if exists "${name}" with (force)`);
      },
    };
  }

  test("kills the app between picking an alert and recording it sent, restarts, and the subscriber still receives exactly one e-mail for that unit", async () => {
    const database = await freshDatabase("crash");
    const dataDir = path.join(root, "crash-app");
    const apps: RunningApp[] = [];
    const holder = new pg.Client({ connectionString: database.url });
    const email = "kept@example.com";
    try {
      let app = await startBuiltApp(database.env("alerts-first", dataDir));
      apps.push(app);
      await database.db.connect();
      await holder.connect();
      const auth = await signIn(app);
      const building = await createBuilding(app, auth, HARTFORD, "Asylum Hill Flats");

      await subscribe(
        app,
        email,
        { bedroomsMin: 2, rentMax: 1800, towns: ["Hartford"] },
        "10.1.0.1",
      );
      await expect
        .poll(async () => (await readOutbox(dataDir)).filter((m) => m.to === email).length, {
          timeout: 20_000,
        })
        .toBe(1);
      await confirmByLink([app], [dataDir], database.db, [email]);
      await mailSettled(database.db);
      const {
        rows: [subscription],
      } = await database.db.query<{ id: string }>(
        "select id from alert_subscriptions where email = $1",
        [email],
      );

      // The mail queue's table, held: the runner can read and lock all it wants, but the
      // transaction that queues the alert and marks it sent cannot write its message.
      await holder.query("begin");
      await holder.query("lock table outgoing_mail in exclusive mode");
      const unit = await openUnit(app, auth, building, {
        unitNumber: "2B",
        bedrooms: 2,
        rent: 1750,
      });

      // Picked: a backend of the app waits on outgoing_mail inside the sending transaction,
      // having locked the subscription's row and read its pending deliveries, while the
      // delivery is still pending and no message exists.
      await expect
        .poll(async () => (await lockWaits(database.db)).map(described), { timeout: 20_000 })
        .toEqual([queueingWait("alerts-first")]);
      const [blocked] = await lockWaits(database.db);
      const held = await heldLocks(database.db, blocked!.pid);
      expect(held).toContain("alert_subscriptions:RowShareLock");
      expect(held).toContain("alert_deliveries:AccessShareLock");
      expect(await subscriptionLocked(database.db, subscription!.id)).toBe(true);
      const state = () =>
        database.db
          .query<{ state: string }>(
            "select state from alert_deliveries where subscription_id = $1 and unit_id = $2",
            [subscription!.id, unit],
          )
          .then((r) => r.rows.map((row) => row.state));
      expect(await state()).toEqual(["pending"]);

      await kill(app);
      await holder.query("rollback");
      // The killed process's backend gets its lock, finds its client gone and rolls back: its
      // transaction leaves nothing behind.
      await expect
        .poll(
          async () =>
            (
              await database.db.query("select 1 from pg_stat_activity where pid = $1", [
                blocked!.pid,
              ])
            ).rowCount,
          { timeout: 20_000 },
        )
        .toBe(0);
      expect(await state()).toEqual(["pending"]);
      const queuedAlerts = () =>
        database.db
          .query<{ status: string }>(
            "select status from outgoing_mail where kind = 'listing_alert' and to_address = $1",
            [email],
          )
          .then((r) => r.rows.map((row) => row.status));
      expect(await queuedAlerts()).toEqual([]);
      expect((await readOutbox(dataDir)).filter(isAlert)).toEqual([]);

      app = await startBuiltApp(database.env("alerts-restarted", dataDir));
      apps.push(app);
      const alertsTo = async () =>
        (await readOutbox(dataDir)).filter((m) => m.to === email && isAlert(m)).map(unitsOf);
      // The first pass after the start sends what the killed one had picked.
      await expect.poll(alertsTo, { timeout: 30_000 }).toEqual([[String(unit)]]);
      expect(await state()).toEqual(["sent"]);

      // A later pass (woken by the next listing) sends the new unit only, not the first again.
      const next = await openUnit(app, await signIn(app), building, {
        unitNumber: "2C",
        bedrooms: 3,
        rent: 1700,
      });
      await expect.poll(alertsTo, { timeout: 30_000 }).toEqual([[String(unit)], [String(next)]]);
      expect(await queuedAlerts()).toHaveLength(2);
    } finally {
      await holder.end().catch(() => undefined);
      for (const app of apps) await stopApp(app);
      await database.drop();
    }
  });

  test("with two instances on one database each alert is sent once", async () => {
    const database = await freshDatabase("pair");
    const dataDirs = [path.join(root, "pair-a"), path.join(root, "pair-b")];
    const apps: RunningApp[] = [];
    const holder = new pg.Client({ connectionString: database.url });
    try {
      // Both at once on an empty database: one migrates, the other waits for it. One that started
      // is stopped at the end even if the other did not.
      const started = await Promise.allSettled([
        startBuiltApp(database.env("alerts-a", dataDirs[0]!)),
        startBuiltApp(database.env("alerts-b", dataDirs[1]!)),
      ]);
      for (const outcome of started) if (outcome.status === "fulfilled") apps.push(outcome.value);
      for (const outcome of started) if (outcome.status === "rejected") throw outcome.reason;
      await database.db.connect();
      await holder.connect();
      const auth = await signIn(apps[0]!);
      const hartford = await createBuilding(apps[0]!, auth, HARTFORD, "Asylum Hill Flats");
      const newBritain = await createBuilding(apps[1]!, auth, NEW_BRITAIN, "Walnut Hill Homes");

      // Renters looking for different things, through either instance.
      const wishes: AlertCriteria[] = [
        {},
        { towns: ["Hartford"] },
        { towns: ["New Britain"] },
        { bedroomsMin: 2 },
        { bedroomsMin: 3, towns: ["Hartford", "New Britain"] },
        { rentMax: 1500 },
        { rentMax: 1800, towns: ["Hartford"] },
        { bedroomsMin: 1, rentMax: 2000 },
        { bedroomsMin: 4 },
        { rentMax: 1200, towns: ["New Britain"] },
        { bedroomsMin: 2, rentMax: 1900 },
        { towns: ["Hartford"], bedroomsMin: 1 },
      ];
      const emails = wishes.map((_, i) => `renter${i}@example.com`);
      for (const [i, criteria] of wishes.entries())
        await subscribe(apps[i % 2]!, emails[i]!, criteria, `10.2.0.${i + 1}`);
      await expect
        .poll(async () => (await outboxes(dataDirs)).length, { timeout: 20_000 })
        .toBe(wishes.length);
      await confirmByLink(apps, dataDirs, database.db, emails);
      await mailSettled(database.db);
      const { rows: subscriptions } = await database.db.query<{
        id: string;
        email: string;
        criteria: AlertCriteria;
      }>("select id, email, criteria from alert_subscriptions");

      const homes = [
        { propertyId: hartford, city: "Hartford", unitNumber: "1A", bedrooms: 1, rent: 1150 },
        { propertyId: hartford, city: "Hartford", unitNumber: "2A", bedrooms: 2, rent: 1650 },
        { propertyId: hartford, city: "Hartford", unitNumber: "3A", bedrooms: 3, rent: 2100 },
        { propertyId: newBritain, city: "New Britain", unitNumber: "1", bedrooms: 1, rent: 1100 },
        { propertyId: newBritain, city: "New Britain", unitNumber: "2", bedrooms: 2, rent: 1450 },
        { propertyId: newBritain, city: "New Britain", unitNumber: "4", bedrooms: 4, rent: 1890 },
      ];

      // Both runners held at the same point: the test keeps the mail queue's table until each
      // instance has a sending transaction waiting on it (one subscription each), so both are
      // sending at once when it lets go. Each write goes through the instance it wakes.
      await holder.query("begin");
      await holder.query("lock table outgoing_mail in exclusive mode");
      const opened: { id: number; city: string; bedrooms: number; rent: number }[] = [];
      for (const [i, { propertyId, city, ...unit }] of homes.entries()) {
        const id = await openUnit(apps[i % 2]!, auth, propertyId, unit);
        opened.push({ id, city, ...unit });
      }
      await expect
        .poll(async () => (await lockWaits(database.db)).map(described), { timeout: 20_000 })
        .toEqual([queueingWait("alerts-a"), queueingWait("alerts-b")]);
      await holder.query("commit");

      const expected = subscriptions
        .flatMap((s) =>
          opened
            .filter((u) => matchesCriteria(s.criteria, { ...u, availableFrom: null }, "2000-01-01"))
            .map((u) => `${s.email} ${u.id}`),
        )
        .sort();
      expect(expected.length).toBeGreaterThan(homes.length);
      const sentPairs = async () =>
        (await outboxes(dataDirs))
          .filter(isAlert)
          .flatMap((m) => unitsOf(m).map((unit) => `${m.to} ${unit}`))
          .sort();
      // Every pair once: a pair twice, or one that does not match, fails here too.
      await expect.poll(sentPairs, { timeout: 30_000 }).toEqual(expected);

      // Nothing more can come: no delivery is pending and no message waits in the queue (a
      // delivery is marked sent in the transaction that queues its message). Polled: the last
      // message's row is marked sent a moment after its file is written to the outbox.
      const left = async () =>
        (
          await database.db.query<{ pending: number; queued: number }>(
            `select (select count(*)::int from alert_deliveries where state = 'pending') as pending,
                    (select count(*)::int from outgoing_mail where status = 'queued') as queued`,
          )
        ).rows;
      await expect.poll(left, { timeout: 10_000 }).toEqual([{ pending: 0, queued: 0 }]);
      expect(await sentPairs()).toEqual(expected);
      const { rows: sent } = await database.db.query<{ n: number }>(
        "select count(*)::int as n from alert_deliveries where state = 'sent'",
      );
      expect(sent[0]!.n).toBe(expected.length);
      const perInstance = await Promise.all(
        dataDirs.map(async (dir) => (await readOutbox(dir)).filter(isAlert).length),
      );
      console.log(
        `two instances: ${expected.length} alerts in ${perInstance[0]! + perInstance[1]!} e-mails (outboxes ${perInstance.join(" + ")})`,
      );
    } finally {
      await holder.end().catch(() => undefined);
      await Promise.all(apps.map((app) => stopApp(app)));
      await database.drop();
    }
  });
});
