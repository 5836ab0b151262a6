import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { type AlertCriteria, matchesCriteria } from "../src/domain/alerts";
import { adminPropertiesApi } from "../src/domain/api/admin-properties";
import type { Contract } from "../src/domain/api/contract";
import { buildUrl } from "../src/domain/api/wire";
import { startEmbeddedPostgres } from "../src/server/db/embedded-postgres";
import { outboxDir, readOutbox } from "../src/server/mail/outbox";
import { createManageTokens, hashAlertToken } from "../src/server/modules/alerts/alert-tokens";
import { databaseUrl } from "../tests/support/database-url";
import { budgets, type Check } from "./budgets";
import { getJson, median, startServer, stopServer } from "./server";
import { signIn } from "./uploads";

/**
 * Listing alerts: 1,000 confirmed instant subscriptions, 300 of which match the unit an
 * administrator opens. Each round times the admin's save (the answer does not wait for the
 * alerts) and the time from the save's start to all 300 alert e-mails in the outbox, with where
 * that time went: the runner queues each e-mail (outgoing_mail.created_at, its transaction's
 * start), the mail worker delivers it to the outbox (sent_at). Rounds open a unit by creating it
 * available, by switching an unavailable one to available, and by creating one again; each new
 * unit is news to the same 300. Before the subscriptions exist, the same saves are timed on the
 * empty list: the save's cost must not grow with the subscribers.
 *
 * A database of its own (bench_alerts) on the DATA_DIR's embedded PostgreSQL, borrowed once the
 * other servers have stopped, and one instance with a DATA_DIR of its own (its outbox holds only
 * this step's mail). The subscriptions are written by SQL as confirming them leaves them
 * (active, confirmed): subscribing through the API is rate limited per address and client, and
 * is not what is measured.
 */
export type AlertsRound = {
  /** How the unit was opened. */
  write: "created available" | "switched to available";
  saveMs: number;
  /** From the save's start to the first and the last alert file in the outbox. */
  firstInOutboxMs: number;
  allInOutboxMs: number;
  /** From the save's start: the first and last e-mail queued by the runner, the last sent. */
  queuedFirstMs: number;
  queuedLastMs: number;
  sentLastMs: number;
  /** Alert e-mails this round: one per matching subscription, each to a different one. */
  alerts: number;
  distinctRecipients: number;
};

export type AlertsResult = {
  subscriptions: number;
  matching: number;
  /** Saves that open a unit while no subscription exists. */
  saveWithoutSubscribersMs: number[];
  rounds: AlertsRound[];
  saveMedianMs: number;
  saveMaxMs: number;
  allInOutboxMedianMs: number;
  allInOutboxMaxMs: number;
};

const SUBSCRIPTIONS = budgets.alerts.subscriptions;
const MATCHING = budgets.alerts.matching;
const ROUNDS: AlertsRound["write"][] = [
  "created available",
  "switched to available",
  "created available",
];
/** Settings of this step's instance on top of the bench's. */
const JWT_SECRET = "bench-alerts-secret-0123456789-abcdefghij";
const DATABASE = "bench_alerts";

/** The unit each round opens: 2 bedrooms at $1,650 in Hartford. */
const opened = { bedrooms: 2, rent: 1650, city: "Hartford", availableFrom: null };

/** What the 300 ask for (each matches `opened`), and what the other 700 ask for (none does). */
const matching: AlertCriteria[] = [
  {},
  { towns: ["Hartford"] },
  { bedroomsMin: 2, rentMax: 1800, towns: ["Hartford"] },
  { rentMax: 2000 },
  { bedroomsMin: 1, towns: ["Hartford", "New Britain"] },
];
const others: AlertCriteria[] = [
  { towns: ["New Britain"] },
  { bedroomsMin: 3 },
  { rentMax: 1500 },
  { bedroomsMin: 2, rentMax: 1600, towns: ["Hartford"] },
  { bedroomsMin: 4, towns: ["Hartford"] },
  { rentMax: 1200, towns: ["New Britain"] },
  { bedroomsMin: 3, rentMax: 2500 },
];

function subscriptions() {
  const manageToken = createManageTokens(new TextEncoder().encode(JWT_SECRET));
  return Array.from({ length: SUBSCRIPTIONS }, (_, i) => {
    const id = randomUUID();
    const criteria = i < MATCHING ? matching[i % matching.length]! : others[i % others.length]!;
    return {
      id,
      email: `renter-${i}@example.com`,
      criteria,
      lang: i % 4 === 3 ? "es" : "en",
      manageTokenHash: hashAlertToken(manageToken(id)),
    };
  });
}

async function send(
  baseUrl: string,
  token: string,
  contract: Contract,
  body: unknown,
  params = {},
) {
  return getJson<{ id: number }>(`${baseUrl}${buildUrl(contract, params)}`, {
    method: contract.method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

const alertFiles = async (dir: string) =>
  (await readdir(dir).catch(() => [] as string[])).filter((name) => /^\d.*\.json$/.test(name));

export async function measureAlerts(input: {
  /** The bench's DATA_DIR: its embedded server is borrowed (no other server may be on it). */
  dataDir: string;
}): Promise<AlertsResult> {
  const server = await startEmbeddedPostgres({ dataDir: input.dataDir, mode: "borrow" });
  const admin = new pg.Client({ connectionString: server.adminUrl });
  let db: pg.Client | undefined;
  let app: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await admin.connect();
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.query(`create database ${DATABASE}`);
    const url = databaseUrl(server.adminUrl, DATABASE);
    const appDir = path.join(input.dataDir, "alerts");
    app = await startServer(appDir, 120_000, {
      DATABASE_URL: url,
      JWT_SECRET,
      SEED_DEMO: "false",
    });
    const outbox = outboxDir(appDir);
    db = new pg.Client({ connectionString: url });
    await db.connect();
    const token = await signIn(app.url);
    const building = await send(app.url, token, adminPropertiesApi.createProperty, {
      title: "Alert Court",
      type: "apartment",
      address: "1 Bench Street",
      city: "Hartford",
      state: "CT",
      zipCode: "06103",
      active: true,
    });
    let units = 0;
    const unit = (unitNumber: string, available: boolean) => ({
      unitNumber,
      bedrooms: opened.bedrooms,
      rent: opened.rent,
      available,
    });
    const create = (available: boolean) =>
      send(app!.url, token, adminPropertiesApi.createUnit, {
        propertyId: building.id,
        ...unit(`A${++units}`, available),
      });
    const timedSave = async (write: AlertsRound["write"]) => {
      // A unit to switch is created unavailable first: nothing to send for it.
      const closed = write === "switched to available" ? await create(false) : undefined;
      const started = performance.now();
      const startedAt = Date.now();
      if (closed)
        await send(app!.url, token, adminPropertiesApi.updateUnit, unit(`A${units}`, true), {
          id: closed.id,
        });
      else await create(true);
      return { started, startedAt, saveMs: Math.round(performance.now() - started) };
    };

    // The same saves with no subscriber at all.
    const saveWithoutSubscribersMs: number[] = [];
    for (const write of ROUNDS) saveWithoutSubscribersMs.push((await timedSave(write)).saveMs);

    // Confirmed as following the e-mailed link leaves them: what is listed now is known. One
    // transaction, so that no pass of the runner sees the subscriptions without what they know.
    const rows = subscriptions();
    const wanted = rows.filter((row) => matchesCriteria(row.criteria, opened, "2000-01-01"));
    if (wanted.length !== MATCHING)
      throw new Error(`${wanted.length} subscriptions match the unit, not ${MATCHING}`);
    await db.query("begin");
    await db.query(
      `insert into alert_subscriptions
         (id, email, criteria, frequency, lang, status, manage_token_hash, confirmed_at)
       select id, email, criteria, 'instant', lang, 'active', hash, now()
       from unnest($1::uuid[], $2::text[], $3::jsonb[], $4::text[], $5::text[])
         as s(id, email, criteria, lang, hash)`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.email),
        rows.map((r) => JSON.stringify(r.criteria)),
        rows.map((r) => r.lang),
        rows.map((r) => r.manageTokenHash),
      ],
    );
    await db.query(
      `insert into alert_deliveries (subscription_id, unit_id, state)
       select s.id, u.id, 'known' from alert_subscriptions s cross join units u`,
    );
    await db.query("commit");
    const recipients = new Set(wanted.map((row) => row.email));

    const rounds: AlertsRound[] = [];
    for (const write of ROUNDS) {
      const before = new Set(await alertFiles(outbox));
      const { started, startedAt, saveMs } = await timedSave(write);
      let firstInOutboxMs: number | undefined;
      let fresh: string[] = [];
      const deadline = started + 60_000;
      while (fresh.length < MATCHING) {
        if (performance.now() > deadline)
          throw new Error(`${fresh.length} of ${MATCHING} alerts in the outbox after 60 s`);
        await new Promise((resolve) => setTimeout(resolve, 10));
        fresh = (await alertFiles(outbox)).filter((name) => !before.has(name));
        if (fresh.length > 0) firstInOutboxMs ??= Math.round(performance.now() - started);
      }
      const allInOutboxMs = Math.round(performance.now() - started);
      const messages = (await readOutbox(appDir)).filter((m) =>
        fresh.includes(path.basename(m.file)),
      );
      const { rows: times } = await db.query<{ first: Date; last: Date; sent: Date }>(
        `select min(created_at) as first, max(created_at) as last, max(sent_at) as sent
         from outgoing_mail where kind = 'listing_alert' and created_at >= $1`,
        [new Date(startedAt)],
      );
      const since = (moment: Date) => moment.getTime() - startedAt;
      rounds.push({
        write,
        saveMs,
        firstInOutboxMs: firstInOutboxMs ?? allInOutboxMs,
        allInOutboxMs,
        queuedFirstMs: since(times[0]!.first),
        queuedLastMs: since(times[0]!.last),
        sentLastMs: since(times[0]!.sent),
        alerts: messages.length,
        distinctRecipients: new Set(messages.map((m) => m.to).filter((to) => recipients.has(to)))
          .size,
      });
      // The worker marks the last message sent just after writing its file.
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const saves = rounds.map((r) => r.saveMs);
    const totals = rounds.map((r) => r.allInOutboxMs);
    return {
      subscriptions: SUBSCRIPTIONS,
      matching: MATCHING,
      saveWithoutSubscribersMs,
      rounds,
      saveMedianMs: Math.round(median(saves)),
      saveMaxMs: Math.max(...saves),
      allInOutboxMedianMs: Math.round(median(totals)),
      allInOutboxMaxMs: Math.max(...totals),
    };
  } finally {
    await db?.end().catch(() => undefined);
    if (app) await stopServer(app);
    await admin.query(`drop database if exists ${DATABASE} with (force)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
    await server.stop();
  }
}

export function alertsChecks(result: AlertsResult): Check[] {
  const b = budgets.alerts;
  const complete = result.rounds.every(
    (r) => r.alerts === result.matching && r.distinctRecipients === result.matching,
  );
  return [
    {
      section: "alerts",
      measure: `admin save that opens a unit to all ${result.matching} alerts in the outbox, ${result.subscriptions} subscriptions (slowest of ${result.rounds.length})`,
      measured: `${result.allInOutboxMaxMs} ms`,
      budget: `<= ${b.maxAllInOutboxMs} ms`,
      pass: result.allInOutboxMaxMs <= b.maxAllInOutboxMs,
    },
    {
      section: "alerts",
      measure: `each matching subscription e-mailed once per unit (${result.rounds.length} units)`,
      measured: result.rounds.map((r) => `${r.distinctRecipients} of ${r.alerts}`).join(", "),
      budget: `${result.matching} of ${result.matching}`,
      pass: complete,
    },
    {
      section: "alerts",
      measure: `the admin's save, ${result.subscriptions} subscriptions (slowest of ${result.rounds.length})`,
      measured: `${result.saveMaxMs} ms`,
      budget: `<= ${b.maxSaveMs} ms`,
      pass: result.saveMaxMs <= b.maxSaveMs,
    },
    {
      section: "alerts",
      measure: `the admin's save, no subscription (slowest of ${result.saveWithoutSubscribersMs.length})`,
      measured: `${Math.max(...result.saveWithoutSubscribersMs)} ms`,
      budget: `<= ${b.maxSaveMs} ms`,
      pass: Math.max(...result.saveWithoutSubscribersMs) <= b.maxSaveMs,
    },
  ];
}
