import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../tests/e2e/support/chromium";
import { projectRoot } from "../tests/support/app-process";
import { budgets, type Check } from "./budgets";

/**
 * Bytes of the first view: each page is opened in headless Chromium (a phone-sized viewport,
 * empty cache) until the network is idle, and every script and stylesheet of the site's origin
 * it loaded is counted. Sizes are gzip level 9 of the built files (build/client), not transfer
 * sizes, which would be brotli and depend on the server. The CSS is inlined into the HTML as a
 * <style> element, so the CSS figure is that element, gzipped.
 *
 * Then the loaded chunks are mapped back to source modules with the Vite manifest
 * (build/client/.vite/manifest.json): none may be, or statically import, the chunk of an admin
 * or auth-only module. A module that Rollup merged into a shared chunk has no entry of its own
 * in the manifest, so this sees route modules and chunks of their own; the import-boundary test
 * (tests/unit/import-boundaries.test.ts) covers the source side.
 */
export type PageBytes = {
  page: string;
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** Inline <script> elements (hydration data, route wiring): not code bundles, shown apart. */
  inlineScriptGzipBytes: number;
  htmlGzipBytes: number;
  scripts: { file: string; gzipBytes: number }[];
  stylesheets: { file: string; gzipBytes: number }[];
  forbidden: { chunk: string; module: string }[];
};

export type BytesResult = {
  /** How the admin/auth-only check was made (the Vite manifest, or a fallback). */
  moduleCheck: { method: string; complete: boolean };
  pages: PageBytes[];
};

const clientDir = path.join(projectRoot, "build/client");
const viteManifestPath = path.join(clientDir, ".vite/manifest.json");

/** Source modules a public page must never load. */
const forbiddenRoutes = [
  "login",
  "register",
  "reset-password",
  "verify-email",
  "tenant-portal",
  "reset-users",
  "admin-dashboard",
  "upload",
];
const forbiddenModule = new RegExp(
  `^src/web/(features/(admin|document-upload)/|routes/(${forbiddenRoutes.join("|")})\\.tsx$)`,
);

/** Chunk files of forbidden modules (with the module), and each chunk's static imports. */
type ModuleGraph = { forbidden: Map<string, string>; staticImports: Map<string, string[]> };

export type ViteManifest = Record<
  string,
  { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] }
>;

const gzipSize = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;

/** The built file behind an asset URL, else the bytes the server sent. */
export function assetGzipSize(pathname: string, body: Buffer): number {
  const file = path.join(clientDir, decodeURIComponent(pathname));
  const inside = file.startsWith(`${clientDir}${path.sep}`);
  return gzipSize(inside && existsSync(file) ? readFileSync(file) : body);
}

function inlineBlocks(html: string, tag: "style" | "script"): string[] {
  const pattern =
    tag === "style"
      ? /<style\b[^>]*>([\s\S]*?)<\/style>/gi
      : /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
  return [...html.matchAll(pattern)].map((m) => m[1] ?? "");
}

/**
 * The forbidden chunk files, each with the module it belongs to, and for each chunk file the
 * chunk files it imports statically.
 */
export function viteModuleGraph(manifest: ViteManifest): ModuleGraph {
  const forbidden = new Map<string, string>();
  const staticImports = new Map<string, string[]>();
  for (const [key, entry] of Object.entries(manifest)) {
    if (forbiddenModule.test(key)) forbidden.set(entry.file, key);
    const imports = (entry.imports ?? []).map((k) => manifest[k]?.file).filter(Boolean);
    staticImports.set(entry.file, [
      ...(staticImports.get(entry.file) ?? []),
      ...(imports as string[]),
    ]);
  }
  return { forbidden, staticImports };
}

function readViteManifest(): ModuleGraph | null {
  if (!existsSync(viteManifestPath)) return null;
  return viteModuleGraph(JSON.parse(readFileSync(viteManifestPath, "utf8")) as ViteManifest);
}

/** Each loaded chunk and everything it imports statically, checked against the forbidden set. */
export function forbiddenAmong(loaded: string[], graph: ModuleGraph): PageBytes["forbidden"] {
  const found: PageBytes["forbidden"] = [];
  for (const chunk of loaded) {
    const seen = new Set<string>();
    const queue = [chunk];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const module = graph.forbidden.get(file);
      if (module) found.push({ chunk, module });
      queue.push(...(graph.staticImports.get(file) ?? []));
    }
  }
  return found;
}

type Asset = { kind: "js" | "css"; file: string; gzipBytes: number };

type RouterManifest = { routes: Record<string, { module: string; imports?: string[] }> };

/**
 * Without the Vite manifest: React Router's own manifest (in the page) names each route's
 * chunk, so at least the forbidden route modules can be recognised.
 */
function routeModuleGraph(manifest: RouterManifest): ModuleGraph {
  const forbidden = new Map<string, string>();
  const staticImports = new Map<string, string[]>();
  for (const [id, route] of Object.entries(manifest.routes)) {
    const file = route.module.replace(/^\//, "");
    if (forbiddenModule.test(`src/web/${id}.tsx`)) forbidden.set(file, `src/web/${id}.tsx`);
    staticImports.set(
      file,
      (route.imports ?? []).map((i) => i.replace(/^\//, "")),
    );
  }
  return { forbidden, staticImports };
}

export async function measureBytes(baseUrl: string, pages: string[]): Promise<BytesResult> {
  const vite = readViteManifest();
  const origin = new URL(baseUrl).origin;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const results: PageBytes[] = [];
    let routerManifest: RouterManifest | undefined;
    for (const pagePath of pages) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      try {
        const page = await context.newPage();
        const assets: Promise<Asset | null>[] = [];
        page.on("response", (response) => {
          const url = new URL(response.url());
          const kind: Asset["kind"] | null = /\.m?js$/.test(url.pathname)
            ? "js"
            : /\.css$/.test(url.pathname)
              ? "css"
              : null;
          if (url.origin !== origin || !kind || response.status() >= 300) return;
          assets.push(
            response
              .body()
              .then((body) => ({
                kind,
                file: url.pathname.replace(/^\//, ""),
                gzipBytes: assetGzipSize(url.pathname, body),
              }))
              .catch(() => null),
          );
        });
        const response = await page.goto(`${baseUrl}${pagePath}`, { waitUntil: "networkidle" });
        if (!response?.ok()) throw new Error(`${pagePath} answered ${response?.status()}`);
        const html = await response.text();
        routerManifest ??= await page.evaluate(
          () =>
            (window as unknown as { __reactRouterManifest: RouterManifest }).__reactRouterManifest,
        );
        const loaded = (await Promise.all(assets)).filter((a) => a !== null);
        // A file fetched twice (a preload, then the import) is one file.
        const unique = (kind: "js" | "css") =>
          [...new Map(loaded.filter((a) => a.kind === kind).map((a) => [a.file, a])).values()]
            .map(({ file, gzipBytes }) => ({ file, gzipBytes }))
            .sort((a, b) => b.gzipBytes - a.gzipBytes);
        const scripts = unique("js");
        const stylesheets = unique("css");
        const sum = (items: { gzipBytes: number }[]) => items.reduce((n, i) => n + i.gzipBytes, 0);
        const inlineCss = inlineBlocks(html, "style").join("\n");
        const inlineJs = inlineBlocks(html, "script").join("\n");
        const graph = vite ?? (routerManifest ? routeModuleGraph(routerManifest) : null);
        results.push({
          page: pagePath,
          jsGzipBytes: sum(scripts),
          cssGzipBytes: sum(stylesheets) + (inlineCss ? gzipSize(inlineCss) : 0),
          inlineScriptGzipBytes: inlineJs ? gzipSize(inlineJs) : 0,
          htmlGzipBytes: gzipSize(html),
          scripts,
          stylesheets,
          forbidden: graph
            ? forbiddenAmong(
                scripts.map((s) => s.file),
                graph,
              )
            : [],
        });
      } finally {
        await context.close();
      }
    }
    return {
      moduleCheck: vite
        ? { method: "Vite manifest (build/client/.vite/manifest.json)", complete: true }
        : {
            method:
              "React Router manifest, route modules only: build/client/.vite/manifest.json is missing (vite.config.ts needs build.manifest: true)",
            complete: false,
          },
      pages: results,
    };
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

type PageKind = keyof typeof budgets.languages.englishBefore;

/** Which of the four public pages a path is, in either language. */
function pageKind(page: string): PageKind | null {
  const path = page.replace(/^\/es(?=\/|$)/, "") || "/";
  if (path === "/") return "home";
  if (path === "/properties") return "list";
  if (/^\/buildings\/\d+$/.test(path)) return "building";
  if (/^\/properties\/\d+$/.test(path)) return "unit";
  return null;
}

/** Spanish pages against their English twins; English pages against their size before Spanish. */
export function languageChecks(result: BytesResult): Check[] {
  const { maxDeltaGzipBytes, englishBefore } = budgets.languages;
  const byPage = new Map(result.pages.map((p) => [p.page, p]));
  const checks: Check[] = [];
  for (const p of result.pages) {
    const kind = pageKind(p.page);
    if (!kind) continue;
    if (p.page === "/es" || p.page.startsWith("/es/")) {
      const twin = byPage.get(p.page.replace(/^\/es/, "") || "/");
      if (!twin) continue;
      const delta = p.jsGzipBytes - twin.jsGzipBytes;
      checks.push({
        section: "bytes",
        measure: `${p.page}: JavaScript on first view against ${twin.page} (gzip)`,
        measured: `${delta >= 0 ? "+" : ""}${kb(delta)}`,
        budget: `<= +${kb(maxDeltaGzipBytes)}`,
        pass: Math.abs(delta) <= maxDeltaGzipBytes,
      });
    } else {
      const delta = p.jsGzipBytes - englishBefore[kind];
      checks.push({
        section: "bytes",
        measure: `${p.page}: JavaScript on first view against before the Spanish site (gzip)`,
        measured: `${delta >= 0 ? "+" : ""}${kb(delta)}`,
        budget: `<= +${kb(maxDeltaGzipBytes)}`,
        pass: delta <= maxDeltaGzipBytes,
      });
    }
  }
  return checks;
}

export function bytesChecks(result: BytesResult): Check[] {
  return result.pages.flatMap((p): Check[] => [
    {
      section: "bytes",
      measure: `${p.page}: JavaScript on first view (gzip)`,
      measured: kb(p.jsGzipBytes),
      budget: `<= ${kb(budgets.firstViewJsGzipBytes)}`,
      pass: p.jsGzipBytes <= budgets.firstViewJsGzipBytes,
    },
    {
      section: "bytes",
      measure: `${p.page}: script files on first view`,
      measured: String(p.scripts.length),
      budget: `<= ${budgets.firstViewScriptFiles}`,
      pass: p.scripts.length <= budgets.firstViewScriptFiles,
    },
    {
      section: "bytes",
      measure: `${p.page}: admin or auth-only modules on first view${result.moduleCheck.complete ? "" : " (route modules only)"}`,
      measured:
        p.forbidden.length === 0 ? "0" : [...new Set(p.forbidden.map((f) => f.module))].join(", "),
      budget: `= ${budgets.firstViewAdminModules}`,
      pass: p.forbidden.length <= budgets.firstViewAdminModules,
    },
  ]);
}
