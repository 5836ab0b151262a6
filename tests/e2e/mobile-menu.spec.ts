import { expect, expectNoSeriousA11yViolations, MOBILE, test } from "./support/test";

test.use({ viewport: MOBILE });

const bodyOverflow = (page: import("@playwright/test").Page) =>
  page.evaluate(() => getComputedStyle(document.body).overflow);

/** The panel slides in: measure it where it comes to rest. */
async function settledBox(menu: import("@playwright/test").Locator) {
  await menu.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  return menu.boundingBox();
}

test.describe("mobile menu below 768 px", () => {
  test("replaces the navigation with a menu button", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  });

  test("slides in a panel 85% wide and locks the page scroll while open", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link")).toHaveText([
      "Home",
      "Properties",
      "Services",
      "Contact",
      /^Notifications\d*$/,
      "Login",
      // The same page in Spanish.
      "Language: Español",
    ]);
    const box = await settledBox(menu);
    expect(box?.width).toBeCloseTo(375 * 0.85, 0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeCloseTo(375, 0);
    expect(await bodyOverflow(page)).toBe("hidden");
    await expectNoSeriousA11yViolations(page);
  });

  test("is never wider than 350 px", async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 800 });
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const box = await settledBox(page.getByRole("dialog", { name: "Menu" }));
    expect(box?.width).toBeCloseTo(350, 0);
  });

  test("closes when a link is followed", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Home" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    expect(await bodyOverflow(page)).not.toBe("hidden");
  });

  test("closes on a click on the overlay", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    // A person clicks beside the panel once it has come to rest; the dialog starts listening for
    // clicks outside it a moment after it opens, which a loaded machine can stretch past the
    // instant the panel first shows.
    await settledBox(page.getByRole("dialog", { name: "Menu" }));
    await page.mouse.click(20, 400); // left of the panel, on the dimmed overlay
    await expect(page.getByRole("dialog")).toBeHidden();
    expect(await bodyOverflow(page)).not.toBe("hidden");
  });

  test("leaves the page's own elements as they were while open (no page-wide restyle)", async ({
    page,
  }) => {
    // A modal layer turns pointer events off on <body> and sets the scroll lock's variable there;
    // inherited, either restyled every element of the page at each opening and closing. The
    // page's top-level elements keep their own pointer events and the variable is not inherited:
    // the overlay is what keeps the page from being clicked.
    await page.goto("/");
    // A link of the page on the strip the menu's panel leaves uncovered, under the overlay.
    const link = page.locator("main a").first();
    const box = await link.boundingBox();
    expect(box?.x).toBeLessThan(40);
    await page.getByRole("button", { name: "Open menu" }).click();
    await settledBox(page.getByRole("dialog", { name: "Menu" }));
    const styles = await page.evaluate(() => {
      const main = document.querySelector("main");
      if (!main) throw new Error("no <main>");
      // The lock's width is 0 where scroll bars take no room: a width of its own shows whether
      // <main> inherits it.
      const lock = "--removed-body-scroll-bar-size";
      document.body.style.setProperty(lock, "17px");
      const seen = {
        body: getComputedStyle(document.body).pointerEvents,
        main: getComputedStyle(main).pointerEvents,
        lockOnBody: getComputedStyle(document.body).getPropertyValue(lock),
        lockOnMain: getComputedStyle(main).getPropertyValue(lock),
      };
      document.body.style.removeProperty(lock);
      return seen;
    });
    expect(styles).toEqual({ body: "none", main: "auto", lockOnBody: "17px", lockOnMain: "0px" });
    // The overlay still takes a click meant for the page: the menu closes, the page stays.
    const url = page.url();
    await page.mouse.click((box?.x ?? 0) + 5, (box?.y ?? 0) + (box?.height ?? 0) / 2);
    await expect(page.getByRole("dialog")).toBeHidden();
    expect(page.url()).toBe(url);
  });

  test("closes when the window grows to 768 px or wider", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await page.setViewportSize({ width: 768, height: 800 });
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    expect(await bodyOverflow(page)).not.toBe("hidden");
  });

  test("returns focus to the menu button when closed with Escape", async ({ page }) => {
    await page.goto("/");
    const button = page.getByRole("button", { name: "Open menu" });
    await button.click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("the home page passes an axe scan at 375 px", async ({ page }) => {
    await page.goto("/");
    await expectNoSeriousA11yViolations(page);
  });
});
