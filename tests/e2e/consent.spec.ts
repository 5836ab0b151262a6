import type { Page } from "@playwright/test";
import { CONSENT_STORAGE_KEY, consentText, LEGAL_LAST_UPDATED } from "#domain/consent";
import { DESKTOP, expect, expectNoSeriousA11yViolations, MOBILE, test } from "./support/test";

// These tests are about the banner: every page starts as a first visit.
test.use({ consent: "unset", viewport: DESKTOP });

const banner = (page: Page) => page.getByRole("region", { name: consentText.heading });
const bannerButton = (page: Page, name: string) =>
  banner(page).getByRole("button", { name, exact: true });

/**
 * The banner renders only once the page is hydrated, so "not shown" means something only after
 * hydration. The privacy policy's "Your choice" panel is empty until then: its text proves the
 * page has read the stored answer.
 */
async function openPolicyAndReadChoice(page: Page, choice: RegExp) {
  await page.goto("/privacy");
  await expect(page.getByText(choice)).toBeVisible();
}

test.describe("the privacy banner", () => {
  test("shows on a first visit, inside the shared layout and outside it", async ({ page }) => {
    await page.goto("/");
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText("2 years from your last activity");
    await expect(bannerButton(page, consentText.accept)).toBeVisible();
    await expect(bannerButton(page, consentText.decline)).toBeVisible();
    await expect(bannerButton(page, consentText.close)).toBeVisible();
    await expect(banner(page).getByRole("link", { name: consentText.details })).toHaveAttribute(
      "href",
      "/privacy",
    );
    await expectNoSeriousA11yViolations(page);

    await page.goto("/login");
    await expect(banner(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("does not take the keyboard: the first Tab still reaches the page", async ({ page }) => {
    await page.goto("/");
    await expect(banner(page)).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  });

  test("Accept All hides it for good: after a reload and in a new tab", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await bannerButton(page, consentText.accept).click();
    await expect(banner(page)).toBeHidden();
    const kept = await page.evaluate((key) => localStorage.getItem(key), CONSENT_STORAGE_KEY);
    expect(JSON.parse(kept ?? "null")).toMatchObject({ choice: "accepted" });

    await openPolicyAndReadChoice(page, /You accepted on/);
    await expect(banner(page)).toBeHidden();
    await page.reload();
    await expect(page.getByText(/You accepted on/)).toBeVisible();
    await expect(banner(page)).toBeHidden();

    const tab = await context.newPage();
    await openPolicyAndReadChoice(tab, /You accepted on/);
    await expect(banner(tab)).toBeHidden();
    await tab.close();

    // The policy lets the visitor take the answer back: the banner asks again.
    await page.getByRole("button", { name: "Change my choice" }).click();
    await expect(banner(page)).toBeVisible();
  });

  test("Decline hides it for this session only: gone after a reload, back in a new browser", async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.goto("/");
    await bannerButton(page, consentText.decline).click();
    await expect(banner(page)).toBeHidden();

    await openPolicyAndReadChoice(page, /You declined for this browser session/);
    await expect(banner(page)).toBeHidden();
    await page.reload();
    await expect(page.getByText(/You declined for this browser session/)).toBeVisible();
    await expect(banner(page)).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_STORAGE_KEY)).toBeNull();

    const later = await browser.newContext({ baseURL });
    const visit = await later.newPage();
    await visit.goto("/");
    await expect(banner(visit)).toBeVisible();
    await later.close();
  });

  test("the close button hides it for this session only: gone after a reload, back in a new browser", async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.goto("/");
    await bannerButton(page, consentText.close).click();
    await expect(banner(page)).toBeHidden();

    const closed = /You closed the privacy banner without answering/;
    await openPolicyAndReadChoice(page, closed);
    await expect(banner(page)).toBeHidden();
    await page.reload();
    await expect(page.getByText(closed)).toBeVisible();
    await expect(banner(page)).toBeHidden();

    const later = await browser.newContext({ baseURL });
    const visit = await later.newPage();
    await visit.goto("/");
    await expect(banner(visit)).toBeVisible();
    await later.close();
  });

  test("More Details opens the privacy policy, where the banner still asks", async ({ page }) => {
    await page.goto("/");
    await banner(page).getByRole("link", { name: consentText.details }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect(banner(page)).toBeVisible();
  });

  test.describe("on a phone", () => {
    test.use({ viewport: MOBILE });

    test("leaves the footer reachable, takes at most half the screen and moves nothing", async ({
      page,
    }) => {
      await page.goto("/terms");
      await expect(banner(page)).toBeVisible();
      const box = await banner(page).boundingBox();
      expect(box?.height ?? 0).toBeLessThanOrEqual(MOBILE.height / 2);

      // At the end of the page the banner sits after the footer, not over it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const copyright = page.getByRole("contentinfo").getByText(/All rights reserved/);
      await expect(copyright).toBeInViewport();
      await expect
        .poll(async () => {
          const footerEnd = await copyright.boundingBox();
          const bannerTop = await banner(page).boundingBox();
          return (footerEnd?.y ?? 0) + (footerEnd?.height ?? 0) <= (bannerTop?.y ?? 0);
        })
        .toBe(true);

      // Appearing after the content, it shifts nothing (the Cumulative Layout Shift stays ~0).
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) {
                total += (entry as unknown as { value: number }).value;
              }
            }).observe({ type: "layout-shift", buffered: true });
            setTimeout(() => resolve(total), 300);
          }),
      );
      expect(shift).toBeLessThan(0.01);
      await expectNoSeriousA11yViolations(page);
    });

    test("its buttons are at least 44 px tall", async ({ page }) => {
      await page.goto("/");
      for (const control of [
        bannerButton(page, consentText.accept),
        banner(page).getByRole("link", { name: consentText.details }),
        bannerButton(page, consentText.decline),
        bannerButton(page, consentText.close),
      ]) {
        const box = await control.boundingBox();
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      }
    });
  });
});

for (const [label, viewport] of [
  ["desktop", DESKTOP],
  ["375 px", MOBILE],
] as const) {
  test.describe(`the legal pages at ${label}`, () => {
    test.use({ viewport });

    test("/privacy explains what is collected, how long it is kept and how to ask about it", async ({
      page,
    }) => {
      await page.goto("/privacy");
      await expect(page).toHaveTitle(/^Privacy Policy \| Charter Oak Rentals/);
      await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
      await expect(page.getByText(`Last updated: ${LEGAL_LAST_UPDATED}`)).toBeVisible();
      for (const heading of [
        "What we collect",
        "Cookies and browser storage",
        "How long we keep it",
        "Who we share it with",
        "Your rights",
        "Contact us",
      ]) {
        await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
      }
      await expect(page.getByRole("main")).toContainText(
        "2 years (730 days) from your last activity",
      );
      await expect(page.getByRole("main")).toContainText("Connecticut Data Privacy Act");
      await expect(banner(page)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test("/terms covers listings, applications, fair housing and Connecticut law", async ({
      page,
    }) => {
      await page.goto("/terms");
      await expect(page).toHaveTitle(/^Terms of Service \| Charter Oak Rentals/);
      await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
      await expect(page.getByText(`Last updated: ${LEGAL_LAST_UPDATED}`)).toBeVisible();
      for (const heading of [
        "Listings information",
        "Applications",
        "Fair housing",
        "No warranty",
        "Limitation of liability",
        "Governing law",
      ]) {
        await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
      }
      await expect(page.getByRole("main")).toContainText("not an offer to rent");
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test("the footer links to both legal pages", async ({ page }) => {
  await page.goto("/");
  await bannerButton(page, consentText.close).click();
  const legal = page.getByRole("contentinfo").getByRole("navigation", { name: "Legal" });
  await legal.getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await legal.getByRole("link", { name: "Terms of Service" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
});
