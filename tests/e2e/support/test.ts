import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page, type Request } from "@playwright/test";
import { CONSENT_CLOSED_KEY, CONSENT_STORAGE_KEY, createConsentRecord } from "#domain/consent";
import { INERT_MODULE_ID } from "#web/lib/start-app";

/**
 * The browser tests' `test`: the shared server's base URL, a console-error guard (an error in the
 * page's console fails the test unless the test allowed it) and an axe scan.
 */
type Fixtures = {
  /** Which server the test talks to: the shared one, or the back office's own. */
  server: "shared" | "backOffice";
  /** Patterns of console errors this test expects (e.g. the 404 of a missing page). */
  allowedConsoleErrors: RegExp[];
  consoleGuard: undefined;
  /**
   * The privacy banner in every page of the test's context. "dismissed" (the default): closed for
   * the session, so it covers no button in tests about other things, and localStorage holds only
   * what the page put there. "accepted": a returning visitor who accepted. "unset": a first visit,
   * for the banner's own tests.
   */
  consent: "dismissed" | "accepted" | "unset";
};

type WorkerFixtures = { appStartOnNavigation: undefined };

/**
 * A page paints before its scripts run: they start once the first paint is on screen, which
 * can be after the browser's load event, where `goto` returns. A test would then click a button
 * React does not handle yet. Every page's goto, reload, goBack and goForward (the pages a test
 * opens itself in a context of its own included) therefore also wait until the page's app has
 * started: React Router's router exists, and hydration is under way (a click from then on
 * reaches React), or the page has no app, or one of the app's scripts failed to load (a test
 * that blocks them on purpose).
 */
const NAVIGATIONS = ["goto", "reload", "goBack", "goForward"] as const;

async function appStarted(page: Page, scriptFailed: Promise<void>) {
  try {
    await Promise.race([
      page.waitForFunction(
        (id) => "__reactRouterDataRouter" in window || !document.getElementById(id),
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

export const test = base.extend<Fixtures, WorkerFixtures>({
  appStartOnNavigation: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      waitForAppOnNavigation(Object.getPrototypeOf(await context.newPage()));
      await context.close();
      await use(undefined);
    },
    { scope: "worker", auto: true },
  ],
  server: ["shared", { option: true }],
  consent: ["dismissed", { option: true }],
  context: async ({ context, consent }, use) => {
    if (consent !== "unset") {
      const answer =
        consent === "accepted"
          ? {
              area: "local",
              key: CONSENT_STORAGE_KEY,
              value: JSON.stringify(createConsentRecord("accepted")),
            }
          : { area: "session", key: CONSENT_CLOSED_KEY, value: new Date().toISOString() };
      await context.addInitScript(({ area, key, value }) => {
        try {
          (area === "local" ? localStorage : sessionStorage).setItem(key, value);
        } catch {
          // about:blank and other opaque origins have no storage, and no banner.
        }
      }, answer);
    }
    await use(context);
  },
  baseURL: async ({ server }, use) => {
    const name = server === "shared" ? "E2E_BASE_URL" : "E2E_BACK_OFFICE_URL";
    const url = process.env[name];
    if (!url) throw new Error(`${name} is not set: the global setup did not start the app.`);
    await use(url);
  },
  allowedConsoleErrors: async ({}, use) => {
    await use([]);
  },
  consoleGuard: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(`Uncaught: ${error.message}`));
      await use(undefined);
      const unexpected = errors.filter((text) => !allowedConsoleErrors.some((p) => p.test(text)));
      expect(unexpected, "unexpected console errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Fails with a readable list when axe finds a serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page) {
  await expectNoA11yViolations(page, ["serious", "critical"]);
}

/** Fails with a readable list when axe finds a violation of one of `impacts` (by default any). */
export async function expectNoA11yViolations(
  page: Page,
  impacts: readonly string[] = ["minor", "moderate", "serious", "critical"],
) {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations
    .filter((v) => impacts.includes(v.impact ?? "minor"))
    .map(
      (v) =>
        `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  expect(found, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Waits for every finite animation on the page (a dialog fading in, the page-change transition):
 * a colour read mid-fade is a blend, and axe would report a contrast that no visitor sees.
 */
export async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

export const MOBILE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };
