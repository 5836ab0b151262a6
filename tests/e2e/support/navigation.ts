import { test as base, expect, type Page, type Request } from "@playwright/test";
import { INERT_MODULE_ID } from "#web/lib/start-app";

type WorkerFixtures = { appStartOnNavigation: undefined };

/**
 * A page paints before its scripts run: they start once the first paint is on screen, which
 * can be after the browser's load event, where `goto` returns. A test would then click a button
 * React does not handle yet. Every page's goto, reload, goBack and goForward (the pages a test
 * opens itself in a context of its own included) therefore also wait until the page is
 * hydrated (`<html data-hydrated>`, set by the root layout's first effect), or the page has no
 * app, or one of the app's scripts failed to load (a test that blocks them on purpose).
 */
const NAVIGATIONS = ["goto", "reload", "goBack", "goForward"] as const;

async function appStarted(page: Page, scriptFailed: Promise<void>) {
  try {
    await Promise.race([
      page.waitForFunction(
        (id) =>
          document.documentElement.hasAttribute("data-hydrated") || !document.getElementById(id),
        INERT_MODULE_ID,
      ),
      scriptFailed,
    ]);
  } catch (error) {
    // The page went on to another document meanwhile (a redirect): that one is the test's.
    if (!/context was destroyed|navigation|Target .*closed/i.test(String(error))) throw error;
  }
}

function waitForAppOnNavigation(prototype: Page) {
  const marked = prototype as Page & { __appStartPatched?: true };
  if (marked.__appStartPatched) return;
  marked.__appStartPatched = true;
  for (const name of NAVIGATIONS) {
    const navigate = prototype[name] as (this: Page, ...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(prototype, name, {
      configurable: true,
      value: async function (this: Page, ...args: unknown[]) {
        let onFailed: (request: Request) => void = () => {};
        const scriptFailed = new Promise<void>((resolve) => {
          onFailed = (request) => {
            // The page being left has its own script loads cut short by this navigation
            // (net::ERR_ABORTED, a lazy chunk of the back office): those are not this page's.
            if (request.failure()?.errorText === "net::ERR_ABORTED") return;
            if (/\/assets\/[^/]+\.js$/.test(new URL(request.url()).pathname)) resolve();
          };
        });
        this.on("requestfailed", onFailed);
        try {
          const response = await navigate.apply(this, args);
          const waitUntil = (
            args.find((arg) => typeof arg === "object" && arg !== null) as
              | { waitUntil?: string }
              | undefined
          )?.waitUntil;
          if (waitUntil !== "commit" && waitUntil !== "domcontentloaded") {
            await appStarted(this, scriptFailed);
          }
          return response;
        } finally {
          this.off("requestfailed", onFailed);
        }
      },
    });
  }
}

/**
 * Playwright's `test` with every navigation waiting for the page's hydration (above). The
 * browser tests' `test` (support/test.ts) builds on it; the process tests, which start apps of
 * their own, use it as it is.
 */
export const test = base.extend<object, WorkerFixtures>({
  appStartOnNavigation: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      waitForAppOnNavigation(Object.getPrototypeOf(await context.newPage()));
      await context.close();
      await use(undefined);
    },
    { scope: "worker", auto: true },
  ],
});

export { expect };
