import { docsApi } from "#domain/api/docs";
import { listingsApi } from "#domain/api/listings";
import { buildUrl } from "#domain/api/wire";
import { expect, test } from "./support/test";

/**
 * The API reference at /api/docs renders under the site's Content-Security-Policy as it is: its
 * scripts come from this origin, it needs no eval, and it loads nothing from another host. A
 * blocked script or request would show as a console error, which fails the test.
 */
test.describe("API reference", () => {
  test("renders every area of the API from /api/openapi.json, under the CSP", async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const elsewhere: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.protocol !== "data:" && url.protocol !== "blob:" && url.origin !== origin) {
        elsewhere.push(request.url());
      }
    });
    const violations: string[] = [];
    await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const report = (window as unknown as { reportViolation: (t: string) => void })
          .reportViolation;
        report(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });

    const described = page.waitForResponse((r) => r.url().endsWith(buildUrl(docsApi.openapi, {})));
    const response = await page.goto(buildUrl(docsApi.reference, {}));
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
    expect((await described).status()).toBe(200);

    // Swagger UI resolves the whole description (about 300 KB, 90 paths) before it draws a thing:
    // about 5 s on an idle two-core machine, more while other tests run beside it.
    await expect(page.getByRole("heading", { name: /Charter Oak Rentals API/ })).toBeVisible({
      timeout: 30_000,
    });
    for (const area of ["health", "auth", "listings", "adminProperties", "docs"]) {
      await expect(page.locator(`#operations-tag-${area}`)).toBeVisible();
    }
    // One operation per contract, shown with its id once its area is opened.
    await page.locator("#operations-tag-listings").click();
    await expect(
      page.getByRole("button", { name: new RegExp(`${listingsApi.getBuilding.id}$`) }),
    ).toBeVisible();

    expect(violations).toEqual([]);
    expect(elsewhere).toEqual([]);
  });
});
