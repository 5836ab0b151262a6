import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { CONSENT_CLOSED_KEY, CONSENT_STORAGE_KEY, createConsentRecord } from "#domain/consent";
import { test as base } from "./navigation";

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

export const test = base.extend<Fixtures>({
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
        // The resource's address with the words: "Failed to load resource" alone names no request.
        const where = message.location().url;
        if (message.type() === "error")
          errors.push(where ? `${message.text()} (${where})` : message.text());
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
  const stopped = await stopTransitions(page);
  const results = await new AxeBuilder({ page }).analyze().finally(stopped);
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

/**
 * Makes every CSS transition jump to its end while axe reads the page, and returns what undoes it.
 * A transition that starts during the scan (a toast sliding in a frame after it mounts, or fading
 * out when its time is up) would otherwise be read mid-way, a blend of colours no visitor is left
 * looking at. A constructed style sheet, so the page's Content-Security-Policy allows it.
 */
async function stopTransitions(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync("*, *::before, *::after { transition: none !important; }");
    (window as unknown as { __noTransitions?: CSSStyleSheet }).__noTransitions = sheet;
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  return async () => {
    await page
      .evaluate(() => {
        const sheet = (window as unknown as { __noTransitions?: CSSStyleSheet }).__noTransitions;
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
      })
      .catch(() => undefined);
  };
}

export const MOBILE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };
