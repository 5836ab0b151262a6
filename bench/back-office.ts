import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../tests/e2e/support/chromium";
import { projectRoot } from "../tests/support/app-process";
import { budgets, type Check } from "./budgets";
import { assetGzipSize, type ViteManifest } from "./bytes";
import { benchAdmin, median } from "./server";

/**
 * The back office, as an office manager meets it: the bench administrator signs in through the
 * form, then /admin-dashboard is opened afresh (empty cache) and every script of the site it
 * loads until the network is idle is counted (gzip level 9 of the built files, as for the
 * public pages). The dashboard's own chunk (its route module) must be among them, and must not
 * be loaded by the sign-in page, which every member of staff passes through (the public pages
 * are checked by the bytes step).
 *
 * Then, with Chromium's CPU slowed 4x (a mid-range phone or an old office PC), the Properties tab
 * is opened and "Add New Building" is clicked RUNS times (closed with Escape in between): each
 * click's interaction latency is read from the browser's Event Timing API (the figure INP is
 * made of: input delay, the handlers, and the presentation of the next frame), and the time from
 * the click to the dialog being visible is taken beside it.
 */
const RUNS = 5;

/** An Event Timing entry (its interactionId is not in TypeScript's DOM types yet). */
type EventTiming = PerformanceEntry & { interactionId?: number };

export type BackOfficeResult = {
  jsGzipBytes: number;
  scripts: { file: string; gzipBytes: number }[];
  /** The dashboard route's chunk file, and whether the sign-in page loaded it. */
  dashboardChunk: string | null;
  dashboardChunkOnLogin: boolean;
  dialog: { interactionMs: number[]; visibleMs: number[] };
};

const clientDir = path.join(projectRoot, "build/client");

/** The built file of the dashboard's route module, from the Vite manifest. */
function dashboardChunk(): string | null {
  const manifestPath = path.join(clientDir, ".vite/manifest.json");
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as ViteManifest;
  // React Router's plugin keys a route module with a query of its own.
  const key = Object.keys(manifest).find((k) =>
    /^src\/web\/routes\/admin-dashboard\.tsx(?:\?|$)/.test(k),
  );
  return key ? (manifest[key]?.file ?? null) : null;
}

/** Scripts of the site's origin the page loads while `during` runs, with their gzip sizes. */
async function scriptsLoaded(page: Page, origin: string, during: () => Promise<unknown>) {
  const loaded = new Map<string, Promise<number>>();
  const onResponse = (response: import("@playwright/test").Response) => {
    const url = new URL(response.url());
    if (url.origin !== origin || !/\.m?js$/.test(url.pathname) || response.status() >= 300) return;
    loaded.set(
      url.pathname.replace(/^\//, ""),
      response.body().then((body) => assetGzipSize(url.pathname, body)),
    );
  };
  page.on("response", onResponse);
  try {
    await during();
  } finally {
    page.off("response", onResponse);
  }
  const scripts = await Promise.all(
    [...loaded].map(async ([file, size]) => ({ file, gzipBytes: await size })),
  );
  return scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

export async function measureBackOffice(baseUrl: string): Promise<BackOfficeResult> {
  const origin = new URL(baseUrl).origin;
  const chunk = dashboardChunk();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      baseURL: baseUrl,
    });
    const login = await context.newPage();
    const onLogin = await scriptsLoaded(login, origin, () =>
      login.goto("/login", { waitUntil: "networkidle" }),
    );
    await login.getByLabel("Email").fill(benchAdmin.email);
    await login.getByLabel("Password").fill(benchAdmin.password);
    await login.getByRole("button", { name: "Sign In", exact: true }).click();
    await login.waitForURL(/\/admin-dashboard/);
    await login.close();

    // The dashboard opened afresh: a new page of the signed-in context, nothing cached.
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const scripts = await scriptsLoaded(page, origin, async () => {
      await page.goto("/admin-dashboard", { waitUntil: "networkidle" });
      await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    });
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: false });

    await page.getByRole("tab", { name: "Properties" }).click();
    const open = page.getByRole("button", { name: "Add New Building" }).first();
    await open.waitFor();
    await page.evaluate(() => {
      const w = window as unknown as { __interactions: EventTiming[] };
      w.__interactions = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as EventTiming[]) {
          if (entry.interactionId) w.__interactions.push(entry);
        }
      }).observe({
        type: "event",
        durationThreshold: 16,
        buffered: false,
      } as PerformanceObserverInit);
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const interactionMs: number[] = [];
    const visibleMs: number[] = [];
    const dialog = page.getByRole("dialog", { name: "Add New Building" });
    for (let run = 0; run < RUNS; run++) {
      await page.evaluate(() => {
        (window as unknown as { __interactions: unknown[] }).__interactions = [];
      });
      const started = Date.now();
      await open.click();
      await dialog.waitFor({ state: "visible" });
      visibleMs.push(Date.now() - started);
      // Event Timing reports an interaction once its next frame is presented.
      const latency = await page.waitForFunction(() => {
        const entries = (window as unknown as { __interactions: EventTiming[] }).__interactions;
        const clicks = entries.filter((e) =>
          ["pointerdown", "pointerup", "click"].includes(e.name),
        );
        return clicks.length > 0 ? Math.max(...clicks.map((e) => e.duration)) : false;
      });
      interactionMs.push(Number(await latency.jsonValue()));
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
    }
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    return {
      jsGzipBytes: scripts.reduce((n, s) => n + s.gzipBytes, 0),
      scripts,
      dashboardChunk: chunk,
      dashboardChunkOnLogin: chunk !== null && onLogin.some((s) => s.file === chunk),
      dialog: { interactionMs, visibleMs },
    };
  } finally {
    await browser.close();
  }
}

export function backOfficeChecks(result: BackOfficeResult): Check[] {
  const b = budgets.backOffice;
  const interaction = median(result.dialog.interactionMs);
  return [
    {
      section: "back office",
      measure: "dashboard chunk loaded by /admin-dashboard, not by /login",
      measured: result.dashboardChunk
        ? `${result.scripts.some((s) => s.file === result.dashboardChunk) ? "yes" : "no"}, ${result.dashboardChunkOnLogin ? "loaded" : "not loaded"}`
        : "no manifest",
      budget: "yes, not loaded",
      pass:
        result.dashboardChunk !== null &&
        result.scripts.some((s) => s.file === result.dashboardChunk) &&
        !result.dashboardChunkOnLogin,
    },
    {
      section: "back office",
      measure: `Add New Building opens: interaction latency, 4x CPU slowdown (median of ${result.dialog.interactionMs.length})`,
      measured: `${interaction} ms (max ${Math.max(...result.dialog.interactionMs)} ms)`,
      budget: `<= ${b.openDialogMs} ms`,
      pass: interaction <= b.openDialogMs,
    },
  ];
}
