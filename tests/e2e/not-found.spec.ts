import { DESKTOP, expect, expectNoSeriousA11yViolations, MOBILE, test } from "./support/test";

test.describe("404 page", () => {
  test.beforeEach(({ allowedConsoleErrors }) => {
    // Chromium logs the 404 status of the document itself.
    allowedConsoleErrors.push(/status of 404/);
  });

  test("answers an unknown address with status 404 and the product's words", async ({ page }) => {
    const response = await page.goto("/no-such-page/at-all");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
    await expect(
      page.getByText("Oops! We couldn't find the page you're looking for."),
    ).toBeVisible();
  });

  test("offers links to the home page, the properties and the contact page", async ({ page }) => {
    await page.goto("/missing");
    const main = page.getByRole("main");
    const hrefs = await main
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(["/", "/properties", "/contact"]);
    await main.getByRole("link", { name: "Go Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Find your next home");
  });

  test("stands outside the shared layout: no header and no footer", async ({ page }) => {
    await page.goto("/missing");
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
  });

  test("shows the not-found page after client-side navigation to an unknown address", async ({
    page,
  }) => {
    // The router follows a history change without a reload, as it does for a link.
    await page.goto("/properties");
    await page.getByRole("banner").getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await page.evaluate(() => {
      window.history.pushState({}, "", "/no-such-page");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
  });

  for (const [label, viewport] of [
    ["desktop", DESKTOP],
    ["375 px", MOBILE],
  ] as const) {
    test(`passes an axe scan (${label})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/missing");
      await expectNoSeriousA11yViolations(page);
    });
  }
});
