import { buildingId, unitId } from "./support/listings";
import { DESKTOP, expect, expectNoSeriousA11yViolations, MOBILE, test } from "./support/test";

/** Every public page passes an axe scan, desktop and 375 px wide. */
for (const [label, viewport] of [
  ["desktop", DESKTOP],
  ["375 px", MOBILE],
] as const) {
  test.describe(`axe at ${label}`, () => {
    test.use({ viewport });
    for (const path of [
      "/",
      "/properties",
      "/properties?beds=2&available=true",
      "/services",
      "/contact",
    ]) {
      test(`${path} has no serious or critical violation`, async ({ page }) => {
        await page.goto(path);
        await expectNoSeriousA11yViolations(page);
      });
    }
    test("a building page and a unit page have no serious or critical violation", async ({
      page,
      request,
    }) => {
      await page.goto(`/buildings/${await buildingId(request, "Pearl Street Lofts")}`);
      await expectNoSeriousA11yViolations(page);
      await page.goto(`/properties/${await unitId(request, "Pearl Street Lofts", "101")}`);
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("button", { name: "Schedule Tour" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
    test("the not-found states have no serious or critical violation", async ({
      page,
      allowedConsoleErrors,
    }) => {
      allowedConsoleErrors.push(/status of 404/);
      for (const path of ["/buildings/999999", "/properties/999999"]) {
        await page.goto(path);
        await expectNoSeriousA11yViolations(page);
      }
    });
  });
}
