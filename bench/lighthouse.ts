import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumArgs, chromiumPath } from "../tests/e2e/support/chromium";

/** Lighthouse's mobile profile with its default (simulated) throttling, on the system Chromium. */
export type LighthouseFigures = {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
};

const categories = ["performance", "accessibility", "best-practices", "seo"];

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function once(url: string, port: number): Promise<Omit<LighthouseFigures, "page">> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: categories,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories: c, audits } = result.lhr;
  const score = (id: string) => Math.round((c[id]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0),
    tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? 0),
    cls: Number((audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
  };
}

/** Each page `runs` times; each figure is the median of its runs. */
export async function measurePages(
  baseUrl: string,
  pages: string[],
  runs = 3,
): Promise<LighthouseFigures[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ["--headless=new", ...chromiumArgs],
  });
  try {
    const figures: LighthouseFigures[] = [];
    for (const page of pages) {
      const samples: Omit<LighthouseFigures, "page">[] = [];
      for (let i = 0; i < runs; i++) samples.push(await once(`${baseUrl}${page}`, chrome.port));
      const pick = (key: keyof Omit<LighthouseFigures, "page">) =>
        median(samples.map((s) => s[key]));
      figures.push({
        page,
        performance: pick("performance"),
        accessibility: pick("accessibility"),
        bestPractices: pick("bestPractices"),
        seo: pick("seo"),
        lcpMs: pick("lcpMs"),
        tbtMs: pick("tbtMs"),
        cls: pick("cls"),
      });
    }
    return figures;
  } finally {
    chrome.kill();
  }
}
