import type { AlertsResult } from "./alerts";
import type { BackOfficeResult } from "./back-office";
import type { Check } from "./budgets";
import type { BytesResult } from "./bytes";
import type { DeepJsonResult, Reads } from "./deep-json";
import type { LighthousePage } from "./lighthouse";
import type { MetricsOverheadResult } from "./metrics";
import type { ObservatoryResult } from "./observatory";
import { type ScaleResult, scaleSection } from "./scale";
import { OTHER_CPU, type ScaleLoad, type ScaleOutOutcome, type ScaleOutResult } from "./scale-out";
import { median } from "./server";
import type { SoakResult } from "./soak";
import type { StartupResult } from "./startup";
import type { Load, ThroughputResult } from "./throughput";
import type { UploadsResult } from "./uploads";

/** Everything one `npm run bench` measured; written as bench/results/latest.json. */
export type BenchResults = {
  date: string;
  node: string;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryGb: number;
    /** The share of the machine's CPU time its host took during the run (/proc/stat's steal). */
    stolenPct?: number;
  };
  pages: string[];
  checks: Check[];
  /** Steps that did not complete; their checks are missing or failed. */
  errors: { step: string; message: string }[];
  /** Steps this machine cannot run (e.g. ports 80/443 for the Observatory); no checks. */
  skipped?: { step: string; reason: string }[];
  startup?: StartupResult;
  memory: { idleRssMb?: number; peakRssMbThroughput?: number; peakRssMbUploads?: number };
  lighthouse?: LighthousePage[];
  bytes?: BytesResult;
  /** The dashboard's first load and the Add New Building dialog's interaction latency. */
  backOffice?: BackOfficeResult;
  throughput?: ThroughputResult;
  /** The same routes with METRICS_TOKEN set and unset. */
  metrics?: MetricsOverheadResult;
  uploads?: UploadsResult;
  /** A public read, quiet and while one address sends deep JSON at the rate limit. */
  deepJson?: DeepJsonResult;
  observatory?: ObservatoryResult;
  soak?: SoakResult;
  /** Listing alerts: the admin's save and the alerts it sets off, with 1,000 subscriptions. */
  alerts?: AlertsResult;
  /** Every list page and API, and the back office, on the scale seed against demo size. */
  scale?: ScaleResult;
  /** Scale-out: one instance and two behind nginx (report only, no budget). */
  scaleout?: ScaleOutOutcome;
};

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const mark = (pass: boolean) => (pass ? "pass" : "**FAIL**");
const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

function table(head: string[], rows: (string | number)[][]): string[] {
  return [
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
    ...rows.map((row) => `| ${row.map((c) => cell(String(c))).join(" | ")} |`),
  ];
}

function budgetSection(r: BenchResults): string[] {
  const passed = r.checks.filter((c) => c.pass).length;
  return [
    "## Budgets",
    "",
    `${passed} of ${r.checks.length} budgets met${r.errors.length ? `; ${r.errors.length} step(s) did not complete (see Errors)` : ""}${r.skipped?.length ? `; ${r.skipped.length} step(s) skipped (see Skipped)` : ""}.`,
    "",
    ...table(
      ["", "measure", "measured", "budget", "result"],
      r.checks.map((c) => [c.section, c.measure, c.measured, c.budget, mark(c.pass)]),
    ),
  ];
}

function lighthouseSection(pages: LighthousePage[]): string[] {
  const runs = pages[0]?.runs ?? 0;
  // A figure as "median (min-max)" over the runs.
  const spread = (p: LighthousePage, key: keyof LighthousePage["spread"]) =>
    `${p[key]} (${p.spread[key].min}-${p.spread[key].max})`;
  const lines = [
    `## Lighthouse (mobile profile, default throttling, ${runs} run${runs === 1 ? "" : "s"} per page: median (min-max))`,
    "",
    ...table(
      [
        "page",
        "performance",
        "accessibility",
        "best practices",
        "SEO",
        "FCP ms",
        "LCP ms",
        "TBT ms",
        "CLS",
        "Speed Index ms",
      ],
      pages.map((p) => [
        p.page,
        spread(p, "performance"),
        p.accessibility,
        p.bestPractices,
        p.seo,
        spread(p, "fcpMs"),
        spread(p, "lcpMs"),
        spread(p, "tbtMs"),
        spread(p, "cls"),
        spread(p, "speedIndexMs"),
      ]),
    ),
    "",
    "Largest contentful paint element and where its time went, and the audits that cost points (from the run with the median performance score):",
    "",
  ];
  for (const p of pages) {
    const { lcpElement, lcpPhases, failedAudits } = p.hints;
    const element = lcpElement
      ? `\`${lcpElement.selector}\` (${lcpElement.label || "no label"})`
      : "not reported";
    const phases = lcpPhases.map((ph) => `${ph.phase} ${ph.ms} ms`).join(", ");
    lines.push(`- ${p.page}: LCP element ${element}${phases ? `; ${phases}` : ""}.`);
    for (const audit of failedAudits) {
      lines.push(
        `  - ${audit.category}: ${audit.title} (\`${audit.id}\`)${audit.displayValue ? `: ${audit.displayValue}` : ""}`,
      );
    }
  }
  return lines;
}

function backOfficeSection(b: BackOfficeResult): string[] {
  const ms = (values: number[]) => values.map((v) => `${Math.round(v)}`).join(", ");
  return [
    "## Back office",
    "",
    "The bench administrator signs in through /login; /admin-dashboard is then opened afresh (empty cache) and the scripts it loads until the network is idle are counted (gzip level 9 of the built files). With Chromium's CPU slowed 4x, Add New Building is clicked on the Properties tab and closed again, once per run: the interaction latency is the Event Timing API's duration of the click (what INP is made of), the other figure the time from the click to the dialog being visible as the test driver sees it.",
    "",
    ...table(
      ["measure", "value"],
      [
        ["JavaScript on first load (gzip)", kb(b.jsGzipBytes)],
        ["script files", b.scripts.length],
        [
          "heaviest scripts",
          b.scripts
            .slice(0, 4)
            .map((s) => `${s.file.replace(/^assets\//, "")} ${kb(s.gzipBytes)}`)
            .join(", "),
        ],
        ["dashboard chunk", b.dashboardChunk ?? "not found in the Vite manifest"],
        ["Add New Building: interaction latency per run, ms", ms(b.dialog.interactionMs)],
        ["Add New Building: click to dialog visible per run, ms", ms(b.dialog.visibleMs)],
      ],
    ),
  ];
}

function bytesSection(bytes: BytesResult): string[] {
  return [
    "## Bytes of the first view (gzip level 9 of the built files)",
    "",
    `Scripts and stylesheets of the site loaded until the network is idle. The CSS is inlined in the HTML. Inline scripts (hydration data) and the HTML are shown apart and not counted as JavaScript. Admin/auth-only check: ${bytes.moduleCheck.method}.`,
    "",
    ...table(
      [
        "page",
        "JavaScript",
        "files",
        "CSS",
        "inline scripts",
        "HTML",
        "heaviest scripts",
        "admin/auth-only modules",
      ],
      bytes.pages.map((p) => [
        p.page,
        kb(p.jsGzipBytes),
        p.scripts.length,
        kb(p.cssGzipBytes),
        kb(p.inlineScriptGzipBytes),
        kb(p.htmlGzipBytes),
        p.scripts
          .slice(0, 3)
          .map((s) => `${s.file.replace(/^assets\//, "")} ${kb(s.gzipBytes)}`)
          .join(", "),
        p.forbidden.length === 0
          ? "none"
          : p.forbidden.map((f) => `${f.module} (in ${f.chunk})`).join(", "),
      ]),
    ),
  ];
}

function throughputSection(t: ThroughputResult): string[] {
  const headers = Object.entries(t.headers)
    .map(([k, v]) => `\`${k}: ${v}\``)
    .join(", ");
  const load = (l: Load, baseline: string, ratio: string, bare = "", bareRatio = "") => [
    l.name,
    l.path,
    l.rps,
    baseline,
    ratio,
    bare,
    bareRatio,
    l.p50Ms,
    l.p99Ms,
    l.errors,
    l.non2xx,
    l.serverCpuUs ?? "",
    l.loadCores ?? "",
  ];
  const rows: (string | number)[][] = [];
  t.baselines.forEach((b, i) => {
    rows.push(load(b, "", ""));
    const bare = t.bareBaselines?.[i];
    if (bare) rows.push(load(bare, "", ""));
    const route = t.routes[i];
    if (route) {
      rows.push(
        load(
          route,
          String(route.baselineRps),
          `${(route.ratioToBaseline * 100).toFixed(1)} %`,
          route.bareRps === undefined ? "" : String(route.bareRps),
          route.ratioToBare === undefined ? "" : `${route.ratioToBare.toFixed(2)}x`,
        ),
      );
    }
  });
  return [
    `## API throughput (${t.generator}, loopback)`,
    "",
    `${t.connections} connections, ${t.seconds} s per run, each route after a 1 s warm-up; every request sends ${headers} as a browser does (pages also \`accept: text/html\`). The baseline runs before and after every route; a route's ratio is to the mean of those two. So does a bare \`node:http\` server answering a constant JSON in a process of its own (no framework, no compression): the ratio to it is what the app's whole stack costs per request. Beside each run, the answering process's CPU time per request (/proc) and the load generator's own CPU: at 1.00 core it, not the server, sets the rate. ${t.generator === "wrk" ? "The load generator is wrk (one thread): autocannon, in the bench's own Node process, spent ~150 µs of CPU on each page and reached its limit before the server did." : "The load generator is autocannon, in the bench's process (wrk is not installed): it reaches 1.00 core on large answers such as pages, where its figure is its own limit, not the server's."}`,
    "",
    ...table(
      [
        "route",
        "path",
        "req/s",
        "baseline req/s",
        "ratio to baseline",
        "bare node:http req/s",
        "ratio to bare",
        "p50 ms",
        "p99 ms",
        "errors",
        "non-2xx",
        "server CPU µs per request",
        "load generator CPU (cores)",
      ],
      rows,
    ),
  ];
}

function metricsSection(m: MetricsOverheadResult): string[] {
  const rows = m.runs.map((run) => [
    run.metrics,
    run.rps,
    run.cpuUsPerRequest,
    run.p50Ms,
    run.p99Ms,
  ]);
  return [
    `## Metrics overhead (GET ${m.path}, METRICS_TOKEN set vs unset)`,
    "",
    `Two instances of the same build over the same database, one with METRICS_TOKEN set, driven in turn: ${m.rounds} rounds of off, on, on, off, ${m.secondsPerRun} s per run, ${m.connections} connections. Nobody scrapes during the runs; the scrape after them was ${(m.scrape.bytes / 1000).toFixed(1)} KB and its histogram had counted ${m.scrape.counted} requests.`,
    "",
    `Throughput: off ${m.offRps} req/s, on ${m.onRps} req/s: **${(m.ratio * 100).toFixed(1)} %**. Server CPU per request: off ${m.offCpuUsPerRequest} µs, on ${m.onCpuUsPerRequest} µs.`,
    "",
    ...table(["metrics", "req/s", "CPU µs per request", "p50 ms", "p99 ms"], rows),
  ];
}

function uploadsSection(u: UploadsResult): string[] {
  return [
    "## Uploads (POST /api/upload to the stored variants)",
    "",
    `A ${u.image.width}x${u.image.height} JPEG of ${(u.image.bytes / 1e6).toFixed(2)} MB (${u.image.bytes} bytes, quality ${u.image.jpegQuality}).`,
    "",
    ...table(
      ["measure", "value"],
      [
        ["one at a time, each", u.sequentialMs.map((ms) => `${ms} ms`).join(", ")],
        ["one at a time, median", `${u.sequentialMedianMs} ms`],
        [`${u.concurrent.count} at once, statuses`, u.concurrent.statuses.join(", ")],
        [`${u.concurrent.count} at once, wall time`, `${u.concurrent.wallMs} ms`],
        [`${u.concurrent.count} at once, slowest`, `${u.concurrent.maxMs} ms`],
        ["server peak RSS", `${u.peakRssMb} MB`],
      ],
    ),
  ];
}

function observatorySection(o: Exclude<ObservatoryResult, { skipped: string }>): string[] {
  const headers = [
    "content-security-policy",
    "strict-transport-security",
    "x-content-type-options",
    "referrer-policy",
    "x-frame-options",
    "cross-origin-resource-policy",
  ]
    .filter((name) => o.responseHeaders[name] !== undefined)
    .map((name) => `- \`${name}: ${o.responseHeaders[name]}\``);
  return [
    "## MDN HTTP Observatory",
    "",
    `${o.scanner}, \`scan(${o.host})\`: http://${o.host}:80 (a 301 to HTTPS, as a load balancer answers) and https://${o.host}:443, a TLS-terminating proxy with a self-signed certificate the scanner is told to trust, in front of the app started with \`PUBLIC_URL=https://localhost\` and \`TRUST_PROXY=true\`. Grade **${o.grade}**, score ${o.score}, ${o.testsPassed} of ${o.testsQuantity} tests passed.`,
    "",
    ...table(
      ["test", "result", "pass", "score modifier", "what it means"],
      o.tests.map((t) => [
        t.name,
        t.result,
        t.pass ? "pass" : "**FAIL**",
        t.scoreModifier > 0 ? `+${t.scoreModifier}` : t.scoreModifier,
        t.description,
      ]),
    ),
    "",
    "Security headers of the page it graded (the HTTPS home page):",
    "",
    ...headers,
  ];
}

function soakSection(s: SoakResult): string[] {
  const row = (name: string, connections: string, rate: string, k: SoakResult["overall"]) => [
    name,
    connections,
    rate,
    k.requests,
    k.rps,
    k["2xx"],
    k["4xx"],
    k["429"],
    k["5xx"],
    k.errors,
    k.unexpected,
    k.p50Ms,
    k.p99Ms,
  ];
  const statuses = (k: SoakResult["overall"]) =>
    Object.entries(k.statuses)
      .map(([code, n]) => `${code}: ${n}`)
      .join(", ");
  return [
    `## Soak (${s.seconds} s of mixed traffic, ${s.connections} connections, loopback)`,
    "",
    `Every kind of traffic at once, each an autocannon instance of its own, after a ${s.warmupSeconds} s warm-up of the same mix (not counted). ${s.trustProxy ? "The server runs as behind a load balancer (`TRUST_PROXY=true`): sign-ins and inquiries come from a different X-Forwarded-For address each, as many clients do." : "`TRUST_PROXY` is off: every request counts as one client address, so the per-address limits (inquiries) answer 429."} A 429 is a rate limit at work, not a failure; errors are requests never answered (timeouts included). "Unexpected" counts answers other than the kind's usual ones (429 apart).`,
    "",
    ...table(
      [
        "traffic",
        "connections",
        "rate cap req/s",
        "requests",
        "req/s",
        "2xx",
        "4xx (not 429)",
        "429",
        "5xx",
        "errors",
        "unexpected",
        "p50 ms",
        "p99 ms",
      ],
      [
        ...s.kinds.map((k) =>
          row(k.name, String(k.connections), k.rate === null ? "none" : String(k.rate), k),
        ),
        row("**all**", String(s.connections), "", s.overall),
      ],
    ),
    "",
    ...s.kinds.map((k) => `- ${k.name}: ${statuses(k)}`),
    "",
    `Server RSS, read every second: ${s.rss.beforeWarmupMb} MB before the warm-up, ${s.rss.warmupSamplesMb.at(-1) ?? "-"} MB at its end; during the soak, first ${s.rss.windowSeconds} s ${s.rss.firstMb} MB, last ${s.rss.windowSeconds} s ${s.rss.lastMb} MB (${s.rss.growthPct >= 0 ? "+" : ""}${s.rss.growthPct} %), peak ${s.rss.peakMb} MB.`,
    "",
    `- warm-up readings (MB): ${s.rss.warmupSamplesMb.join(", ")}`,
    `- soak readings (MB): ${s.rss.samplesMb.join(", ")}`,
  ];
}

function scaleOutSection(s: ScaleOutResult): string[] {
  const headers = Object.entries(s.headers)
    .map(([k, v]) => `\`${k}: ${v}\``)
    .join(", ");
  const failed = (l: ScaleLoad) => l.errors + l.non2xx;
  const cpu = (l: ScaleLoad) => s.cpuGroups.map((g) => `${l.cpuPct[g] ?? "-"} %`);
  const cpuTotal = (l: ScaleLoad) => Object.values(l.cpuPct).reduce((a, b) => a + b, 0);
  const app = s.routes.filter((r) => !r.path.startsWith("/__bench/"));
  const ratios = app.map((r) => r.ratio);
  const spread = ratios.length
    ? `${Math.min(...ratios).toFixed(2)} to ${Math.max(...ratios).toFixed(2)}`
    : "-";
  const mean = (values: number[]) =>
    values.length ? Math.round(values.reduce((a, b) => a + b, 0) / values.length) : 0;
  const appGroups = s.cpuGroups.filter((g) => g.startsWith("app "));
  const appCpu = (l: ScaleLoad) => appGroups.reduce((sum, g) => sum + (l.cpuPct[g] ?? 0), 0);
  const all = s.cores * 100;
  const usage = (setup: "one" | "two") =>
    `the app process${setup === "one" ? "" : "es together"} at ${mean(app.map((r) => appCpu(r[setup])))} % and the whole machine at ${mean(app.map((r) => cpuTotal(r[setup])))} % of ${all} %`;
  const statics = s.routes.find((r) => r.path.startsWith("/__bench/"));
  const loadGroup = s.cpuGroups.find((g) => g.startsWith("load generator"));
  const generatorBound =
    statics &&
    loadGroup &&
    Math.min(statics.one.cpuPct[loadGroup]!, statics.two.cpuPct[loadGroup]!) >= 90;
  const viaNginx = s.routes.find((r) => r.path === s.direct.path);
  const othersPct = mean(
    s.routes.flatMap((r) => [r.one, r.two]).map((l) => l.cpuPct[OTHER_CPU] ?? 0),
  );
  const failures = s.routes.reduce((n, r) => n + failed(r.one) + failed(r.two), failed(s.direct));
  return [
    `## Scale-out: one instance and two behind nginx (${s.generator}, loopback)`,
    "",
    `One PostgreSQL (embedded, a database of its own), one redis-server, one S3-compatible bucket (s3rver, inside the bench process), and instances of \`build/app/main.js\` with \`DATABASE_URL\`, \`REDIS_URL\` (rate-limit counters on every request, cache invalidation), \`STORAGE=s3\` and \`TRUST_PROXY=127.0.0.1\`, the first seeding the demo content. nginx as ${s.nginx}. "One": an nginx with instance 1 alone; "two": a second nginx with instances 1 and 2 in turn. Both run throughout; each route goes through one setup and then the other, back to back (the order alternating from route to route), ${s.connections} connections, ${s.seconds} s per run after a 1 s warm-up; every request sends ${headers}. The static \`return 200\` is answered by nginx itself: the ceiling of the balancer, with no app behind it.`,
    "",
    ...table(
      [
        "route",
        "path",
        "one: req/s",
        "p50 ms",
        "p99 ms",
        "errors + non-2xx",
        "two: req/s",
        "p50 ms",
        "p99 ms",
        "errors + non-2xx",
        "two / one",
      ],
      s.routes.map((r) => [
        r.name,
        r.path,
        r.one.rps,
        r.one.p50Ms,
        r.one.p99Ms,
        failed(r.one),
        r.two.rps,
        r.two.p50Ms,
        r.two.p99Ms,
        failed(r.two),
        r.ratio.toFixed(2),
      ]),
    ),
    "",
    `Where the CPU went during each run, in % of one core (this machine has ${s.cores}, so ${s.cores * 100} % is all of it), from /proc; "${OTHER_CPU}" is the machine's busy time minus the step's own processes:`,
    "",
    ...table(
      ["route", "setup", ...s.cpuGroups, "total"],
      s.routes.flatMap((r) =>
        (r.first === "one" ? (["one", "two"] as const) : (["two", "one"] as const)).map((setup) => [
          r.name,
          setup,
          ...cpu(r[setup]),
          `${cpuTotal(r[setup])} %`,
        ]),
      ),
    ),
    "",
    `Start, spawn to the first 200 from /api/health: ${s.startMs.map((ms, i) => `instance ${i + 1} ${ms} ms`).join(", ")} (instance 1 migrates the database and loads the demo content). Peak RSS over every run: ${s.peakRssMb.map((mb, i) => `instance ${i + 1} ${mb} MB`).join(", ")}.`,
    "",
    `The same baseline straight to instance 1, without nginx (Redis still counting every request): ${s.direct.rps} req/s, p50 ${s.direct.p50Ms} ms, p99 ${s.direct.p99Ms} ms, ${failed(s.direct)} errors + non-2xx, app 1 at ${s.direct.cpuPct["app 1"] ?? "-"} %${viaNginx ? `; through nginx to the one instance, ${viaNginx.one.rps} req/s with app 1 at ${viaNginx.one.cpuPct["app 1"] ?? "-"} % (nginx keeps its connections to the instance open and reuses them)` : ""}.`,
    "",
    `**How to read the ratio.** With a second instance the app's routes made ${spread} times the one-instance rate${failures === 0 ? ", with no error and no non-2xx answer in any run" : `; ${failures} requests failed or answered non-2xx (see the table)`}. With one instance, ${usage("one")}; with two, ${usage("two")}. On this machine the load generator, nginx, both Node instances, PostgreSQL and Redis share the same ${s.cores} core${s.cores === 1 ? "" : "s"}: the second instance can only have what the first leaves idle, and takes it from the others, so the ratio shows the overhead and contention of two instances on one machine, not the capacity of two machines (each instance there has cores of its own). What it does show: nginx spreads the load over both instances (see app 2's CPU), and both serve the same content from one database, one Redis and one bucket under load.${generatorBound ? " The static row's ceiling is the load generator's (one thread, at its limit), not nginx's." : ""} No budget is set on it: on ${s.cores} cores the ratio is too noisy to pass or fail.${othersPct >= 10 ? ` **Other programs took ${othersPct} % of the machine on average during these runs: every figure here is lower and noisier than on an idle machine.**` : ""}`,
  ];
}

function deepJsonSection(d: DeepJsonResult): string[] {
  const reads = (phase: string, r: Reads) => [phase, r.samples, r.p50Ms, r.p90Ms, r.failed];
  const codes = ["400", "404", "413", "429"];
  const others = (statuses: Record<string, number>) =>
    Object.entries(statuses)
      .filter(([code]) => !codes.includes(code))
      .map(([code, n]) => `${code}: ${n}`)
      .join(", ") || "none";
  return [
    "## A public read under a deep-JSON flood from one address (loopback)",
    "",
    `GET ${d.path}, one read after the other on a kept-alive connection from 127.0.0.1, ${d.readsPerSecond} a second: quiet for ${d.seconds / 2} s, while the attacker sends for ${d.seconds} s, quiet again for ${d.seconds / 2} s (the quiet figures pool both). The attacker connects from 127.0.0.2, a connection per request, ${d.attackPerSecond} requests a second in all (the app's global rate limit, RATE_LIMIT_PER_MINUTE=${d.rateLimitPerMinute}), the kinds below in turn, each with a made-up X-Forwarded-For that the server (TRUST_PROXY off) ignores.`,
    "",
    `Median under attack over the quiet median: **${d.ratio.toFixed(2)}x**.`,
    "",
    ...table(
      ["reads", "samples", "p50 ms", "p90 ms", "not 200"],
      [reads("quiet", d.quiet), reads("under attack", d.underAttack)],
    ),
    "",
    ...table(
      ["attack", "path", "body", "requests", ...codes, "other"],
      d.attack.map((k) => [
        k.name,
        `POST ${k.path}`,
        kb(k.bytes),
        k.requests,
        ...codes.map((code) => k.statuses[code] ?? 0),
        others(k.statuses),
      ]),
    ),
  ];
}

function alertsSection(a: AlertsResult): string[] {
  return [
    `## Listing alerts (${a.subscriptions} confirmed subscriptions, ${a.matching} wanting the unit opened)`,
    "",
    `One instance on a database of its own; every subscription instant, ${a.matching} of them matching a 2-bedroom unit at $1,650 in Hartford that an administrator opens through the API, the others wanting something else. Times from the start of the save: the runner queues each e-mail (outgoing_mail.created_at, the start of the transaction that queues it and marks the alert sent), the mail worker writes it to the outbox (sent_at, and the file). The same saves with no subscription: ${a.saveWithoutSubscribersMs.map((ms) => `${ms} ms`).join(", ")}.`,
    "",
    ...table(
      [
        "unit",
        "save ms",
        "first in outbox ms",
        "all in outbox ms",
        "runner: first queued ms",
        "runner: last queued ms",
        "worker: last sent ms",
        "e-mails",
        "matching recipients",
      ],
      a.rounds.map((r) => [
        r.write,
        r.saveMs,
        r.firstInOutboxMs,
        r.allInOutboxMs,
        r.queuedFirstMs,
        r.queuedLastMs,
        r.sentLastMs,
        r.alerts,
        r.distinctRecipients,
      ]),
    ),
  ];
}

function serverSection(r: BenchResults): string[] {
  const rows: string[][] = [];
  if (r.startup) {
    rows.push(
      [
        "first start, including database initialisation and demo content",
        `${r.startup.firstStartMs} ms`,
      ],
      [
        `start on a built tree (median of ${r.startup.startsMs.length}: ${r.startup.startsMs.join(", ")} ms)`,
        `${r.startup.medianMs} ms`,
      ],
    );
  }
  const m = r.memory;
  if (m.idleRssMb !== undefined)
    rows.push(["RSS idle after start (2 s settle)", `${m.idleRssMb} MB`]);
  if (m.peakRssMbThroughput !== undefined)
    rows.push(["peak RSS during the throughput runs", `${m.peakRssMbThroughput} MB`]);
  if (m.peakRssMbUploads !== undefined)
    rows.push(["peak RSS during the uploads", `${m.peakRssMbUploads} MB`]);
  if (rows.length === 0) return [];
  return [
    "## Start-up and memory",
    "",
    "Start: from spawning `node build/app/main.js` to the first 200 from /api/health (polled every 50 ms). Memory: RSS of the Node server process (the embedded PostgreSQL runs in processes of its own and is not included).",
    "",
    ...table(["measure", "value"], rows),
  ];
}

/**
 * How fast the machine was during this run, so that two runs' figures can be compared: the same
 * build measures up to a third slower on a virtual machine whose host is busy.
 */
function machineSpeed(r: BenchResults): string[] {
  const bare = (r.throughput?.bareBaselines ?? [])
    .map((load) => load.serverCpuUs)
    .filter((us): us is number => us !== undefined);
  const parts = [
    r.machine.stolenPct === undefined
      ? undefined
      : `the host took ${r.machine.stolenPct} % of this machine's CPU time (steal)`,
    bare.length === 0
      ? undefined
      : `a bare \`node:http\` answer cost ${Number(median(bare).toFixed(1))} µs of CPU (median of its ${bare.length} runs)`,
  ].filter((part): part is string => part !== undefined);
  return parts.length === 0
    ? []
    : [
        "",
        `Machine speed during the run: ${parts.join("; ")}. A busier host worsens every figure.`,
      ];
}

export function renderMarkdown(r: BenchResults): string {
  const sections: string[][] = [
    [
      "# Benchmark results",
      "",
      `${r.date}; Node ${r.node}; ${r.machine.cpus} × ${r.machine.cpuModel}, ${r.machine.memoryGb} GB. Pages: ${r.pages.join(", ")}. Produced by \`npm run bench\` (bench/run.ts).`,
      ...machineSpeed(r),
    ],
    budgetSection(r),
  ];
  if (r.lighthouse) sections.push(lighthouseSection(r.lighthouse));
  if (r.bytes) sections.push(bytesSection(r.bytes));
  if (r.backOffice) sections.push(backOfficeSection(r.backOffice));
  if (r.throughput) sections.push(throughputSection(r.throughput));
  if (r.metrics) sections.push(metricsSection(r.metrics));
  if (r.uploads) sections.push(uploadsSection(r.uploads));
  if (r.deepJson) sections.push(deepJsonSection(r.deepJson));
  if (r.observatory && !("skipped" in r.observatory)) {
    sections.push(observatorySection(r.observatory));
  }
  if (r.soak) sections.push(soakSection(r.soak));
  if (r.alerts) sections.push(alertsSection(r.alerts));
  if (r.scale) sections.push(scaleSection(r.scale));
  if (r.scaleout && !("skipped" in r.scaleout)) sections.push(scaleOutSection(r.scaleout));
  sections.push(serverSection(r));
  if (r.skipped?.length) {
    sections.push(["## Skipped", "", ...r.skipped.map((s) => `- ${s.step}: ${s.reason}`)]);
  }
  if (r.errors.length > 0) {
    sections.push(["## Errors", "", ...r.errors.map((e) => `- ${e.step}: ${e.message}`)]);
  }
  return `${sections
    .filter((s) => s.length > 0)
    .map((s) => s.join("\n"))
    .join("\n\n")}\n`;
}
