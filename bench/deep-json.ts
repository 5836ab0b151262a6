import http from "node:http";
import { inquiriesApi } from "../src/domain/api/inquiries";
import { loadConfig } from "../src/server/config";
import { budgets, type Check } from "./budgets";
import { median, startServer, stopServer } from "./server";

/**
 * A public read while one client floods the API with deep JSON. GET /api/properties/buildings/:id
 * is read at a steady pace on a quiet server, then again while another address sends, at the
 * app's global rate limit, two kinds of request in turn: POST /api/x (no such route) with 1 MB of
 * `[`, and POST /api/property-inquiry with nested brackets up to the form's body limit (64 KB).
 * The form's own limit (a few a minute) is raised to the global one for this step, so that every
 * deep body reaches the depth check rather than a 429. The figure is the reads'
 * median under attack over their median on the quiet server.
 *
 * The two clients are told apart as a server reached directly tells them apart: by the socket's
 * address. The reader connects from 127.0.0.1 and the attacker from 127.0.0.2 (all of 127/8 is
 * loopback on Linux), and the server runs with TRUST_PROXY off, as it does when no proxy stands in
 * front. So the attacker cannot pick the address it is counted under: it also sends a made-up
 * X-Forwarded-For on every request, which the server ignores.
 *
 * The server is started for this step with RATE_LIMIT_PER_MINUTE at the app's default (the bench's
 * other steps lift it): the attacker gets what a real single address gets. The reader stays at
 * half of it, so its own reads are never the ones refused.
 *
 * Phases: quiet for half the time, under attack for the whole time, quiet for the other half; the
 * quiet median pools both quiet halves, so a drift of the machine's speed weighs on both sides.
 */
export type Reads = { samples: number; p50Ms: number; p90Ms: number; failed: number };

export type AttackKind = {
  name: string;
  path: string;
  bytes: number;
  requests: number;
  /** Answers by status; `unanswered`: no status before the connection ended or 30 s passed. */
  statuses: Record<string, number>;
};

export type DeepJsonResult = {
  path: string;
  rateLimitPerMinute: number;
  readsPerSecond: number;
  attackPerSecond: number;
  /** Seconds under attack; the two quiet phases add up to as many. */
  seconds: number;
  quiet: Reads;
  underAttack: Reads;
  /** Median under attack over the quiet median: the budget's figure. */
  ratio: number;
  attack: AttackKind[];
};

const READER = "127.0.0.1";
const ATTACKER = "127.0.0.2";
const ATTACK_TIMEOUT_MS = 30_000;
const readHeaders = { "accept-encoding": "gzip, br", accept: "application/json" };

const attackKinds = [
  { name: "unknown API path, 1 MB of [", path: "/api/x", body: "[".repeat(1024 * 1024) },
  {
    // As deep as the form's body limit allows (64 KB): refused unparsed for its depth.
    name: "inquiry, nested brackets up to the form's body limit",
    path: inquiriesApi.send.path,
    body: `${"[".repeat(inquiriesApi.send.bodyLimit / 2 - 8)}${"]".repeat(inquiriesApi.send.bodyLimit / 2 - 8)}`,
  },
].map((kind) => ({ ...kind, body: Buffer.from(kind.body) }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One GET on the reader's kept-alive connection: its status and milliseconds to the last byte. */
function read(url: URL, agent: http.Agent): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: readHeaders }, (response) => {
      response.resume();
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** Reads one after the other, starting one every `intervalMs` (at once if the last was late). */
async function readFor(url: URL, agent: http.Agent, intervalMs: number, ms: number) {
  const latencies: number[] = [];
  let failed = 0;
  const end = performance.now() + ms;
  for (let next = performance.now(); next < end; next += intervalMs) {
    await sleep(next - performance.now());
    const outcome = await read(url, agent).catch(() => ({ status: 0, ms: 0 }));
    if (outcome.status === 200) latencies.push(outcome.ms);
    else failed++;
    next = Math.max(next, performance.now() - intervalMs);
  }
  return { latencies, failed };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function summarise(parts: { latencies: number[]; failed: number }[]): Reads {
  const latencies = parts.flatMap((p) => p.latencies).sort((a, b) => a - b);
  return {
    samples: latencies.length,
    p50Ms: round2(median(latencies)),
    p90Ms: round2(latencies[Math.ceil(latencies.length * 0.9) - 1] ?? Number.NaN),
    failed: parts.reduce((n, p) => n + p.failed, 0),
  };
}

/** One attack request on a connection of its own: the status it got, or `unanswered`. */
function attack(baseUrl: string, kind: (typeof attackKinds)[number], n: number): Promise<string> {
  return new Promise((resolve) => {
    let status: string | undefined;
    const request = http.request(new URL(kind.path, baseUrl), {
      method: "POST",
      agent: false,
      localAddress: ATTACKER,
      headers: {
        "content-type": "application/json",
        "content-length": kind.body.length,
        "x-forwarded-for": `203.0.113.${n % 250}`,
      },
    });
    request.setTimeout(ATTACK_TIMEOUT_MS, () => request.destroy());
    request.on("response", (response) => {
      status = String(response.statusCode);
      response.resume();
      resolve(status);
    });
    // After an early answer the server may close while the body is still going out: the answer
    // has arrived, so the write's error is not a failure.
    request.on("error", () => resolve(status ?? "unanswered"));
    request.on("close", () => resolve(status ?? "unanswered"));
    request.end(kind.body);
  });
}

/** Sends the kinds in turn, one every 1000 / perSecond ms, whatever the answers take. */
function startAttack(baseUrl: string, perSecond: number) {
  const tallies: AttackKind[] = attackKinds.map((k) => ({
    name: k.name,
    path: k.path,
    bytes: k.body.length,
    requests: 0,
    statuses: {},
  }));
  const pending = new Set<Promise<void>>();
  let n = 0;
  const send = () => {
    const i = n % attackKinds.length;
    const tally = tallies[i]!;
    tally.requests++;
    const sent = attack(baseUrl, attackKinds[i]!, n++).then((status) => {
      tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
    });
    pending.add(sent);
    void sent.finally(() => pending.delete(sent));
  };
  send();
  const timer = setInterval(send, 1000 / perSecond);
  return {
    async stop(): Promise<AttackKind[]> {
      clearInterval(timer);
      await Promise.all(pending);
      return tallies;
    },
  };
}

/** Fails early, and says why, where 127.0.0.2 is not a loopback address a client can use. */
async function checkAttackerAddress(baseUrl: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    http
      .get(new URL("/api/health", baseUrl), { agent: false, localAddress: ATTACKER }, (r) => {
        r.resume();
        r.on("end", resolve);
      })
      .on("error", (error) =>
        reject(new Error(`cannot connect from ${ATTACKER} (loopback 127/8): ${error.message}`)),
      );
  });
}

export async function measureDeepJson(input: {
  /** The bench's DATA_DIR with the demo content; no other server on it. */
  dataDir: string;
  buildingId: number;
  seconds: number;
}): Promise<DeepJsonResult> {
  const { seconds } = input;
  const rateLimitPerMinute = loadConfig({}).rateLimitPerMinute;
  const attackPerSecond = rateLimitPerMinute / 60;
  const readsPerSecond = attackPerSecond / 2;
  const intervalMs = 1000 / readsPerSecond;
  const app = await startServer(input.dataDir, 120_000, {
    RATE_LIMIT_PER_MINUTE: String(rateLimitPerMinute),
    INQUIRIES_PER_MINUTE: String(rateLimitPerMinute),
    TRUST_PROXY: "false",
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: READER });
  try {
    await checkAttackerAddress(app.url);
    const url = new URL(`/api/properties/buildings/${input.buildingId}`, app.url);
    // Unrecorded: the first reads compile the route's code paths and fill its cache.
    await readFor(url, agent, intervalMs, 2000);
    const before = await readFor(url, agent, intervalMs, (seconds * 1000) / 2);
    const attacker = startAttack(app.url, attackPerSecond);
    let during: Awaited<ReturnType<typeof readFor>>;
    let sent: AttackKind[];
    try {
      during = await readFor(url, agent, intervalMs, seconds * 1000);
    } finally {
      sent = await attacker.stop();
    }
    const after = await readFor(url, agent, intervalMs, (seconds * 1000) / 2);
    const quiet = summarise([before, after]);
    const underAttack = summarise([during]);
    return {
      path: url.pathname,
      rateLimitPerMinute,
      readsPerSecond,
      attackPerSecond,
      seconds,
      quiet,
      underAttack,
      ratio: Number((underAttack.p50Ms / quiet.p50Ms).toFixed(3)),
      attack: sent,
    };
  } finally {
    agent.destroy();
    await stopServer(app);
  }
}

export function deepJsonChecks(result: DeepJsonResult): Check[] {
  const { quiet, underAttack } = result;
  const max = budgets.deepJson.maxLatencyRatio;
  const failed = quiet.failed + underAttack.failed;
  return [
    {
      section: "deepjson",
      measure:
        "GET /api/properties/buildings/:id median while one address sends deep JSON at the rate limit, ratio to quiet",
      measured: `${result.ratio.toFixed(2)}x (${quiet.p50Ms} ms -> ${underAttack.p50Ms} ms)`,
      budget: `<= ${max.toFixed(1)}x`,
      pass: result.ratio <= max,
    },
    {
      section: "deepjson",
      measure: "public reads answered other than 200 or not at all, quiet and under attack",
      measured: `${failed} of ${quiet.samples + underAttack.samples + failed}`,
      budget: "= 0",
      pass: failed === 0,
    },
  ];
}
