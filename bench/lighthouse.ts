import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumArgs, chromiumPath } from "../tests/e2e/support/chromium";
import { budgets, type Check } from "./budgets";
import { median } from "./server";

/**
 * Lighthouse's mobile profile with its default (simulated) throttling, on the system Chromium.
 * Each page is run BENCH_LIGHTHOUSE_RUNS times (5); each figure is the median of its runs, and
 * the runs' minimum and maximum are kept beside it (one run can differ from the next on the
 * same build). The hints (LCP element, its phases, the audits that cost points) come from the
 * run whose performance score is the median one.
 */
type Scores = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  speedIndexMs: number;
};

type Hints = {
  /** Lighthouse's largest-contentful-paint-element audit: the element and the time phases. */
  lcpElement: { selector: string; label: string; snippet: string } | null;
  lcpPhases: { phase: string; ms: number }[];
  /** Audits scored below 1 in any category, with their category. */
  failedAudits: { category: string; id: string; title: string; displayValue?: string }[];
};

/** Each figure's smallest and largest value over the runs (the median is the figure itself). */
export type Spread = Record<keyof Scores, { min: number; max: number }>;

export type LighthousePage = Scores & { page: string; runs: number; spread: Spread; hints: Hints };

const categories = ["performance", "accessibility", "best-practices", "seo"];

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

type NodeItem = { selector?: string; nodeLabel?: string; snippet?: string };
type TableDetails = { type: "table"; items: Record<string, unknown>[] };

function lcpHints(lhr: Lhr): Pick<Hints, "lcpElement" | "lcpPhases"> {
  const details = lhr.audits["largest-contentful-paint-element"]?.details as
    | { type: string; items?: TableDetails[] }
    | undefined;
  const [elementTable, phaseTable] = details?.items ?? [];
  const node = elementTable?.items?.[0]?.node as NodeItem | undefined;
  return {
    lcpElement: node
      ? {
          selector: node.selector ?? "",
          label: node.nodeLabel ?? "",
          snippet: (node.snippet ?? "").slice(0, 300),
        }
      : null,
    lcpPhases: (phaseTable?.items ?? []).map((item) => ({
      phase: String(item.phase),
      ms: Math.round(Number(item.timing)),
    })),
  };
}

function failedAudits(lhr: Lhr): Hints["failedAudits"] {
  const failed: Hints["failedAudits"] = [];
  for (const id of categories) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      // Metrics are reported as figures already, and hidden audits repeat others. In the
      // performance category only metrics weigh; its diagnostics say where the time went.
      if (ref.group === "metrics" || ref.group === "hidden") continue;
      if (audit.id === "largest-contentful-paint-element") continue; // in lcpElement already
      if (id !== "performance" && ref.weight === 0) continue;
      failed.push({
        category: id,
        id: audit.id,
        title: audit.title,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      });
    }
  }
  return failed;
}

async function once(url: string, port: number): Promise<{ scores: Scores; hints: Hints }> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: categories,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? 0;
  return {
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: Math.round(metric("largest-contentful-paint")),
      tbtMs: Math.round(metric("total-blocking-time")),
      cls: Number(metric("cumulative-layout-shift").toFixed(3)),
      fcpMs: Math.round(metric("first-contentful-paint")),
      speedIndexMs: Math.round(metric("speed-index")),
    },
    hints: { ...lcpHints(lhr), failedAudits: failedAudits(lhr) },
  };
}

/**
 * Lighthouse now and then fails to record a trace on a loaded machine (NO_NAVSTART, NO_FCP):
 * that run is made again, twice at most, rather than losing the whole measurement.
 */
async function onceWithRetry(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await once(url, port);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`bench: Lighthouse run on ${url} failed (${(error as Error).message}); again.`);
    }
  }
}

export async function measureLighthouse(
  baseUrl: string,
  pages: string[],
  runs = 5,
): Promise<LighthousePage[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ["--headless=new", ...chromiumArgs],
  });
  try {
    const figures: LighthousePage[] = [];
    for (const page of pages) {
      const samples: { scores: Scores; hints: Hints }[] = [];
      for (let i = 0; i < runs; i++)
        samples.push(await onceWithRetry(`${baseUrl}${page}`, chrome.port));
      const pick = (key: keyof Scores) => median(samples.map((s) => s.scores[key]));
      const byPerformance = [...samples].sort(
        (a, b) => a.scores.performance - b.scores.performance,
      );
      const middle = byPerformance[Math.floor(byPerformance.length / 2)]!;
      const spread = Object.fromEntries(
        (Object.keys(middle.scores) as (keyof Scores)[]).map((key) => {
          const values = samples.map((s) => s.scores[key]);
          return [key, { min: Math.min(...values), max: Math.max(...values) }];
        }),
      ) as Spread;
      figures.push({
        spread,
        page,
        runs,
        performance: pick("performance"),
        accessibility: pick("accessibility"),
        bestPractices: pick("bestPractices"),
        seo: pick("seo"),
        lcpMs: pick("lcpMs"),
        tbtMs: pick("tbtMs"),
        cls: pick("cls"),
        fcpMs: pick("fcpMs"),
        speedIndexMs: pick("speedIndexMs"),
        hints: middle.hints,
      });
    }
    return figures;
  } finally {
    chrome.kill();
  }
}

export function lighthouseChecks(pages: LighthousePage[]): Check[] {
  const b = budgets.lighthouse;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return pages.flatMap((p): Check[] => {
    const section = "lighthouse";
    return [
      {
        section,
        measure: `${p.page}: performance, median (min-max of ${p.runs})`,
        measured: `${p.performance} (${p.spread.performance.min}-${p.spread.performance.max})`,
        budget: `median >= ${b.performance}, min >= ${b.minPerformance}`,
        pass: p.performance >= b.performance && p.spread.performance.min >= b.minPerformance,
      },
      {
        section,
        measure: `${p.page}: accessibility, best practices, SEO`,
        measured: `${p.accessibility}, ${p.bestPractices}, ${p.seo}`,
        budget: `${b.accessibility}, ${b.bestPractices}, ${b.seo}`,
        pass:
          p.accessibility >= b.accessibility &&
          p.bestPractices >= b.bestPractices &&
          p.seo >= b.seo,
      },
      {
        section,
        measure: `${p.page}: FCP / LCP, median`,
        measured: `${seconds(p.fcpMs)} / ${seconds(p.lcpMs)}`,
        budget: `<= ${seconds(b.fcpMs)} / ${seconds(b.lcpMs)}`,
        pass: p.fcpMs <= b.fcpMs && p.lcpMs <= b.lcpMs,
      },
      {
        section,
        measure: `${p.page}: TBT / CLS, median`,
        measured: `${p.tbtMs} ms / ${p.cls}`,
        budget: `<= ${b.tbtMs} ms / ${b.cls}`,
        pass: p.tbtMs <= b.tbtMs && p.cls <= b.cls,
      },
    ];
  });
}
