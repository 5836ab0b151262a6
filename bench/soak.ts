import autocannon from "autocannon";
import sharp from "sharp";
import { budgets, type Check } from "./budgets";
import { benchAdmin, rssMb } from "./server";
import { createProperty, signIn } from "./uploads";

/**
 * The soak: mixed traffic at 50 connections on loopback for BENCH_SOAK_SECONDS
 * (60), after a warm-up of the same mix (BENCH_SOAK_WARMUP_SECONDS, 30), while the server's RSS
 * is read every second.
 * Each kind of traffic is an autocannon instance of its own, all running at once, so each has
 * its own status counts and latencies; the overall p50/p99 merge their histograms.
 *
 * The costly writes run at a capped rate, as a site sees them: sign-ins (argon2 is slow on
 * purpose) and inquiries (each a row and an e-mail); photo uploads a few per second. Pages and
 * API reads take what is left.
 *
 * A 429 is the app's rate limits at work, counted apart and never a failure; a 5xx, a reset or a
 * timeout is. With TRUST_PROXY on, sign-ins and inquiries come from many X-Forwarded-For
 * addresses, as through a load balancer (the per-address limits then count per client; the
 * per-account sign-in throttle is not address-based: each connection follows its right password
 * with a wrong one, on fewer connections than the throttle's 5 failures, so it never locks).
 */
export const SOAK_CONNECTIONS = 50;
/**
 * A fresh server's RSS climbs during its first seconds of traffic while V8's heap, the database
 * pool and the allocator's arenas grow to their working size; the windows compare the running
 * server, so the warm-up runs the same mix first (its readings are reported too). It lasts 30 s:
 * on the two-core bench machine RSS climbed through the first half minute of this mix (193 MB at
 * start, 391 at 15 s, 400-420 from about 30 s on), so a 15 s warm-up let the settling show as
 * +13.6 % "growth" while a 240 s soak after it grew 0.7 %; after 30 s, -0.2 % and +4.8 % in two
 * runs.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_SOAK_WARMUP_SECONDS ?? 30);

type KindSpec = {
  name: string;
  connections: number;
  /** Requests per second over all of this kind's connections; none = as fast as answered. */
  rate?: number;
  /** The answers this traffic should get; anything else is shown as unexpected. */
  expected: number[];
  requests: autocannon.Request[];
};

export type SoakKind = {
  name: string;
  connections: number;
  rate: number | null;
  requests: number;
  rps: number;
  statuses: Record<string, number>;
  "2xx": number;
  /** 4xx answers other than 429. */
  "4xx": number;
  "429": number;
  "5xx": number;
  /** Answers that are none of the expected statuses (429 excepted). */
  unexpected: number;
  /** Requests that got no answer: connection errors, timeouts included. */
  errors: number;
  /** Of those, the timeouts (autocannon's 10 s). */
  timeouts: number;
  p50Ms: number;
  p99Ms: number;
};

export type SoakResult = {
  seconds: number;
  warmupSeconds: number;
  connections: number;
  trustProxy: boolean;
  kinds: SoakKind[];
  overall: Omit<SoakKind, "name" | "connections" | "rate">;
  rss: {
    /** Before the warm-up (the server as started), in MB. */
    beforeWarmupMb: number;
    /** One reading a second during the warm-up, in MB. */
    warmupSamplesMb: number[];
    /** One reading a second during the soak (after the warm-up), in MB. */
    samplesMb: number[];
    /** How many seconds each of the two windows covers (10, or half a shorter soak). */
    windowSeconds: number;
    firstMb: number;
    lastMb: number;
    growthPct: number;
    peakMb: number;
  };
};

const html = { "accept-encoding": "gzip, br", accept: "text/html,application/xhtml+xml" };
const json = { "accept-encoding": "gzip, br", accept: "application/json" };
const jsonBody = { ...json, "content-type": "application/json" };

/** A photo-like 1600x1067 JPEG (~0.8 MB): deterministic noise over gradients. */
async function soakJpeg(): Promise<Buffer> {
  const width = 1600;
  const height = 1067;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 0x2545f491;
  for (let i = 0; i < raw.length; i += 3) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    raw[i] = ((x * 255) / width + (seed & 0xff)) / 2;
    raw[i + 1] = ((y * 255) / height + ((seed >>> 8) & 0xff)) / 2;
    raw[i + 2] = (((x + y) & 0xff) + ((seed >>> 16) & 0xff)) / 2;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** One multipart body (propertyId, then one file), as a browser's FormData sends it. */
function multipart(propertyId: number, jpeg: Buffer): { body: Buffer; contentType: string } {
  const boundary = "----soak-boundary-7d3f9a1c";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="propertyId"\r\n\r\n${propertyId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="soak.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A different client address for each request: 10.0.0.1, 10.0.0.2, ... */
function forwardedFor(): (request: autocannon.Request) => autocannon.Request {
  let n = 0;
  return (request) => {
    n = (n % 0xfffffe) + 1;
    const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    return { ...request, headers: { ...request.headers, "x-forwarded-for": address } };
  };
}

async function kindsOfTraffic(input: {
  baseUrl: string;
  buildingId: number;
  unitId: number;
  trustProxy: boolean;
}): Promise<KindSpec[]> {
  const { baseUrl, buildingId, unitId, trustProxy } = input;
  const token = await signIn(baseUrl);
  const propertyId = await createProperty(baseUrl, token, "Soak Test House");
  const upload = multipart(propertyId, await soakJpeg());
  const fromMany = trustProxy ? { setupRequest: forwardedFor() } : {};
  const login = (password: string): autocannon.Request => ({
    method: "POST",
    path: "/api/auth/login",
    headers: jsonBody,
    body: JSON.stringify({ email: benchAdmin.email, password }),
    ...fromMany,
  });
  return [
    {
      name: "public pages (SSR): /, /properties, a building, a unit",
      connections: 20,
      expected: [200],
      requests: ["/", "/properties", `/buildings/${buildingId}`, `/properties/${unitId}`].map(
        (path) => ({ method: "GET", path, headers: html }),
      ),
    },
    {
      name: "API reads: building list, a building, a unit",
      connections: 18,
      expected: [200],
      requests: [
        "/api/properties/buildings",
        `/api/properties/buildings/${buildingId}`,
        `/api/properties/${unitId}`,
      ].map((path) => ({ method: "GET", path, headers: json })),
    },
    {
      name: "sign-ins: the right password, then a wrong one",
      connections: 4,
      rate: 20,
      expected: [200, 401],
      // Right first: a connection's next wrong password comes only after its right one has
      // cleared the account's failures, so there are never more failures than connections (4),
      // even when a run ends between the two and the next run starts.
      requests: [login(benchAdmin.password), login(`wrong-${benchAdmin.password}`)],
    },
    {
      name: "inquiries: POST /api/property-inquiry about a unit",
      connections: 6,
      rate: 50,
      expected: [201],
      requests: [
        {
          method: "POST",
          path: "/api/property-inquiry",
          headers: jsonBody,
          body: JSON.stringify({
            name: "Soak Tester",
            email: "soak.tester@example.com",
            phone: "(860) 555-0142",
            message: "Subject: Viewing\n\nIs this unit still available next month?",
            propertyId: buildingId,
            unitId,
          }),
          ...fromMany,
        },
      ],
    },
    {
      name: "photo uploads: a 1600x1067 JPEG of 0.8 MB through POST /api/upload (admin)",
      connections: 2,
      rate: 2,
      expected: [201],
      requests: [
        {
          method: "POST",
          path: "/api/upload",
          headers: { authorization: `Bearer ${token}`, "content-type": upload.contentType },
          body: upload.body,
        },
      ],
    },
  ];
}

type RawResult = autocannon.Result & {
  totalCompletedRequests: number;
  statusCodeStats: Record<string, { count?: number }>;
};

/** autocannon's merge of raw results (encoded histograms); absent from its type definitions. */
const aggregate = (
  autocannon as unknown as {
    aggregateResult: (results: RawResult[], opts: object) => autocannon.Result;
  }
).aggregateResult;

function runKind(baseUrl: string, kind: KindSpec, seconds: number): Promise<RawResult> {
  return autocannon({
    url: baseUrl,
    connections: kind.connections,
    duration: seconds,
    requests: kind.requests,
    // autocannon's correction for coordinated omission under a rate takes 1/rate as the expected
    // interval in milliseconds (it is in seconds), filling the histogram with made-up samples;
    // the latencies of a capped kind are the measured ones.
    ...(kind.rate ? { overallRate: kind.rate, ignoreCoordinatedOmission: true } : {}),
    // Raw results keep their latency histograms, so the kinds can be merged for overall figures.
    skipAggregateResult: true,
  } as autocannon.Options) as unknown as Promise<RawResult>;
}

function summarise(
  raws: RawResult[],
  seconds: number,
  expected: number[] | undefined,
): SoakResult["overall"] {
  // autocannon's merge adds the other results' status counts into the first one's objects: it
  // gets copies, so the raw results (and the counts below) stay as measured.
  const merged = aggregate(
    raws.map((raw) => ({ ...raw, statusCodeStats: structuredClone(raw.statusCodeStats) })),
    { url: "http://127.0.0.1" },
  );
  const statuses: Record<string, number> = {};
  for (const raw of raws) {
    for (const [code, stats] of Object.entries(raw.statusCodeStats)) {
      statuses[code] = (statuses[code] ?? 0) + (stats.count ?? 0);
    }
  }
  const count = (test: (code: number) => boolean) =>
    Object.entries(statuses).reduce((n, [code, c]) => n + (test(Number(code)) ? c : 0), 0);
  const requests = count(() => true);
  return {
    requests,
    rps: Math.round(requests / seconds),
    statuses,
    "2xx": count((c) => c >= 200 && c < 300),
    "4xx": count((c) => c >= 400 && c < 500 && c !== 429),
    "429": count((c) => c === 429),
    "5xx": count((c) => c >= 500),
    unexpected: expected ? count((c) => c !== 429 && !expected.includes(c)) : 0,
    errors: merged.errors,
    timeouts: merged.timeouts,
    p50Ms: merged.latency.p50,
    p99Ms: merged.latency.p99,
  };
}

/** Reads the server's RSS every second until stopped. */
function recordRss(pid: number): { stop: () => number[] } {
  const samples: number[] = [];
  const read = () => {
    try {
      samples.push(rssMb(pid));
    } catch {
      // The process is gone: the soak's 5xx/errors say so; the samples so far stand.
    }
  };
  read();
  const timer = setInterval(read, 1000);
  return {
    stop() {
      clearInterval(timer);
      return samples;
    },
  };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const round1 = (n: number) => Math.round(n * 10) / 10;

export async function measureSoak(input: {
  baseUrl: string;
  pid: number;
  buildingId: number;
  unitId: number;
  seconds: number;
  /** The server believes X-Forwarded-For (TRUST_PROXY): spread clients over many addresses. */
  trustProxy: boolean;
}): Promise<SoakResult> {
  const { baseUrl, seconds } = input;
  const kinds = await kindsOfTraffic(input);
  const total = kinds.reduce((n, k) => n + k.connections, 0);
  if (total !== SOAK_CONNECTIONS) throw new Error(`The soak opens ${total} connections.`);

  // Not measured: brings the JIT, the pools and the caches to their steady state, so the first
  // window of RSS is the running server's, not its start.
  const beforeWarmupMb = round1(rssMb(input.pid));
  const warmupMemory = recordRss(input.pid);
  try {
    await Promise.all(kinds.map((kind) => runKind(baseUrl, kind, WARMUP_SECONDS)));
  } finally {
    warmupMemory.stop();
  }
  const warmupSamplesMb = warmupMemory.stop().slice(1).map(round1);

  const memory = recordRss(input.pid);
  let raws: RawResult[];
  try {
    raws = await Promise.all(kinds.map((kind) => runKind(baseUrl, kind, seconds)));
  } finally {
    memory.stop();
  }
  const kindsResult: SoakKind[] = kinds.map((kind, i) => ({
    name: kind.name,
    connections: kind.connections,
    rate: kind.rate ?? null,
    ...summarise([raws[i]!], seconds, kind.expected),
  }));
  const samplesMb = memory.stop().map(round1);
  const windowSeconds = Math.max(1, Math.min(10, Math.floor(samplesMb.length / 2)));
  const firstMb = mean(samplesMb.slice(0, windowSeconds));
  const lastMb = mean(samplesMb.slice(-windowSeconds));
  return {
    seconds,
    warmupSeconds: WARMUP_SECONDS,
    connections: total,
    trustProxy: input.trustProxy,
    kinds: kindsResult,
    overall: {
      ...summarise(raws, seconds, undefined),
      unexpected: kindsResult.reduce((n, k) => n + k.unexpected, 0),
    },
    rss: {
      beforeWarmupMb,
      warmupSamplesMb,
      samplesMb,
      windowSeconds,
      firstMb: round1(firstMb),
      lastMb: round1(lastMb),
      growthPct: round1(((lastMb - firstMb) / firstMb) * 100),
      peakMb: round1(Math.max(...samplesMb)),
    },
  };
}

export function soakChecks(result: SoakResult): Check[] {
  const b = budgets.soak;
  const o = result.overall;
  // autocannon's errors include its timeouts: a request never answered fails like a 5xx.
  const failed = o["5xx"] + o.errors;
  return [
    {
      section: "soak",
      measure: `${result.seconds} s mixed traffic, ${result.connections} connections: 5xx answers and requests never answered`,
      measured: `${o["5xx"]} 5xx, ${o.errors} unanswered (${o.timeouts} timeouts), of ${o.requests + o.errors} requests`,
      budget: `= ${b.max5xx}`,
      pass: failed <= b.max5xx,
    },
    {
      section: "soak",
      measure: `server RSS, mean of the last ${result.rss.windowSeconds} s against the first ${result.rss.windowSeconds} s`,
      measured: `${result.rss.firstMb} MB -> ${result.rss.lastMb} MB (${result.rss.growthPct >= 0 ? "+" : ""}${result.rss.growthPct} %)`,
      budget: `< ${b.maxRssGrowthPct} %`,
      pass: result.rss.growthPct < b.maxRssGrowthPct,
    },
  ];
}
