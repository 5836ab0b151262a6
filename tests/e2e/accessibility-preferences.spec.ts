import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import {
  ACCESSIBILITY_STORAGE_KEY,
  type AccessibilityPreferences,
  accessibilityMessages,
  defaultAccessibilityPreferences,
  rootAttributeRules,
} from "#domain/accessibility";
import { unitId } from "./support/listings";
import { DESKTOP, expect, expectNoSeriousA11yViolations, MOBILE, test } from "./support/test";

test.use({ viewport: DESKTOP });

/** The tokens of app.css as the browser computes them. */
const LIGHT = { background: "rgb(255, 255, 255)", color: "rgb(28, 36, 33)" };
const DARK = { background: "rgb(17, 26, 21)", color: "rgb(232, 239, 234)" };
const HIGH_CONTRAST = { background: "rgb(0, 0, 0)", color: "rgb(255, 255, 255)" };
const HIGH_CONTRAST_LIGHT = { background: "rgb(255, 255, 255)", color: "rgb(0, 0, 0)" };

/** What the visitor sees of the preferences: the page's colours and its root font size. */
function look(page: Page) {
  return page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    return { background: style.backgroundColor, color: style.color, fontSize: style.fontSize };
  });
}

/**
 * Loads `path` and waits until React has hydrated it, so its controls and the shortcuts answer:
 * a control changed before hydration keeps the browser's value while React's state does not
 * follow (a slider moved too early never updates its label). React marks each element it has
 * hydrated with its props; the page's own controls carrying that mark, a frame later the
 * hydration is committed.
 */
async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

async function hydrated(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => {
    const controls = [...document.querySelectorAll("body a, body button, body input")];
    return (
      controls.length > 0 &&
      controls.every((control) =>
        Object.keys(control).some((key) => key.startsWith("__reactProps$")),
      )
    );
  });
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

/** Stores preferences as a save would have, then loads `path` afresh. */
async function visitWith(page: Page, path: string, preferences: Partial<AccessibilityPreferences>) {
  await page.goto(path);
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [
      ACCESSIBILITY_STORAGE_KEY,
      JSON.stringify({ ...defaultAccessibilityPreferences, ...preferences }),
    ],
  );
  await page.reload();
  await hydrated(page);
}

/** The preference attributes <html> carries, by name. */
const rootAttributes = (page: Page) =>
  page.evaluate(
    (names) =>
      Object.fromEntries(
        names.flatMap((name) => {
          const value = document.documentElement.getAttribute(name);
          return value === null ? [] : [[name, value]];
        }),
      ),
    rootAttributeRules.map((r) => r.attribute),
  );

const stored = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? "null"),
    ACCESSIBILITY_STORAGE_KEY,
  );

/** Every animation on the page is over at once (0.01 ms), or there is none. */
function longestAnimationMs(page: Page) {
  return page.evaluate(() =>
    Math.max(
      0,
      ...document.getAnimations().map((a) => Number(a.effect?.getComputedTiming().duration ?? 0)),
    ),
  );
}

test.describe("accessibility settings on /accessibility", () => {
  test("show the page's sections and the defaults, with Save disabled", async ({ page }) => {
    await open(page, "/accessibility");
    await expect(page.getByRole("heading", { level: 1, name: "Accessibility" })).toBeVisible();
    for (const name of [
      "Our Commitment to Accessibility",
      "Accessibility Features",
      "Accessibility Settings",
      "Keyboard Shortcuts",
      "Need Help or Have Feedback?",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    }
    await expect(page.getByRole("slider", { name: "Font Size" })).toHaveValue("16");
    await expect(page.getByText("16px (Medium)")).toBeVisible();
    await expect(page.getByRole("switch", { name: "Keyboard Navigation" })).toBeChecked();
    await expect(page.getByRole("radio", { name: "Auto" })).toBeChecked();
    await expect(page.getByRole("button", { name: "Save Preferences" })).toBeDisabled();
    await expect.poll(() => look(page)).toEqual({ ...LIGHT, fontSize: "16px" });
  });

  test("scale the page with the font size and recolour it with the scheme, saved across a reload", async ({
    page,
  }) => {
    await open(page, "/accessibility");
    await page.getByRole("slider", { name: "Font Size" }).fill("20");
    await expect(page.getByText("20px (Extra Large)")).toBeVisible();
    await page.getByRole("radio", { name: "Dark" }).check();
    // The display settings preview at once, site-wide.
    await expect.poll(() => look(page)).toEqual({ ...DARK, fontSize: "20px" });
    const save = page.getByRole("button", { name: "Save Preferences" });
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText(accessibilityMessages.saved)).toBeVisible();
    await expect(save).toBeDisabled();
    expect(await stored(page)).toMatchObject({ fontSize: 20, colorScheme: "dark" });

    await page.reload();
    await expect.poll(() => look(page)).toEqual({ ...DARK, fontSize: "20px" });
    await expect(page.getByRole("slider", { name: "Font Size" })).toHaveValue("20");
    await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();

    // Everywhere: another page, and the back office's login screen outside the shared layout.
    await page.goto("/services");
    await expect.poll(() => look(page)).toEqual({ ...DARK, fontSize: "20px" });
    await page.goto("/login");
    await expect.poll(() => look(page)).toEqual({ ...DARK, fontSize: "20px" });
  });

  test("put the saved look back when the visitor leaves without saving", async ({ page }) => {
    await open(page, "/accessibility");
    await page.getByRole("radio", { name: "High Contrast" }).check();
    await expect.poll(() => look(page)).toMatchObject(HIGH_CONTRAST);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Home" })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => look(page)).toMatchObject(LIGHT);
    expect(await stored(page)).toBeNull();
  });

  test("Reset puts the defaults back, unsaved, until Save stores them", async ({ page }) => {
    await visitWith(page, "/accessibility", {
      fontSize: 22,
      colorScheme: "dark",
      highContrast: true,
      reducedMotion: true,
      focusIndicators: "enhanced",
      keyboardNavigation: false,
    });
    await expect.poll(() => look(page)).toEqual({ ...HIGH_CONTRAST, fontSize: "22px" });
    await page.getByRole("button", { name: "Reset to Defaults" }).click();
    await expect(page.getByText(accessibilityMessages.reset)).toBeVisible();
    await expect(page.getByText("You have unsaved changes.")).toBeVisible();
    await expect(page.getByRole("slider", { name: "Font Size" })).toHaveValue("16");
    await expect(page.getByRole("switch", { name: "High Contrast" })).not.toBeChecked();
    await expect(page.getByRole("switch", { name: "Keyboard Navigation" })).toBeChecked();
    await expect(page.getByRole("radio", { name: "Standard" })).toBeChecked();
    await expect.poll(() => look(page)).toEqual({ ...LIGHT, fontSize: "16px" });
    expect(await stored(page)).toMatchObject({ fontSize: 22 });

    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect(page.getByText(accessibilityMessages.saved)).toBeVisible();
    expect(await stored(page)).toEqual(defaultAccessibilityPreferences);
    await page.reload();
    await expect.poll(() => look(page)).toEqual({ ...LIGHT, fontSize: "16px" });
    expect(await rootAttributes(page)).toEqual({});
    expect(await page.evaluate(() => document.documentElement.style.fontSize)).toBe("");
  });
});

test.describe("saved preferences on every page", () => {
  test("apply before the first paint: they hold with every script of the app blocked", async ({
    page,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(/Failed to load resource|net::ERR_FAILED|dynamically imported/);
    await visitWith(page, "/", {
      colorScheme: "high-contrast",
      fontSize: 22,
      reducedMotion: true,
      focusIndicators: "enhanced",
    });
    // Only the inline script in <head> can apply them now.
    await page.route("**/assets/**", (route) => route.abort());
    const response = await page.goto("/services");
    expect(await response!.text()).toContain(JSON.stringify(ACCESSIBILITY_STORAGE_KEY));
    await expect.poll(() => look(page)).toEqual({ ...HIGH_CONTRAST, fontSize: "22px" });
    expect(await rootAttributes(page)).toEqual({
      "data-scheme": "high-contrast",
      "data-reduced-motion": "true",
      "data-focus": "enhanced",
    });
  });

  test("auto follows the device's dark mode; a chosen scheme wins over it", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await open(page, "/");
    await expect.poll(() => look(page)).toMatchObject(DARK);
    await visitWith(page, "/", { colorScheme: "light" });
    await expect.poll(() => look(page)).toMatchObject(LIGHT);
    await page.emulateMedia({ colorScheme: "light" });
    await visitWith(page, "/", { colorScheme: "auto" });
    await expect.poll(() => look(page)).toMatchObject(LIGHT);
  });

  test("High Contrast deepens the light scheme, and turns dark into black and white", async ({
    page,
  }) => {
    await visitWith(page, "/", { highContrast: true });
    await expect.poll(() => look(page)).toMatchObject(HIGH_CONTRAST_LIGHT);
    await visitWith(page, "/", { highContrast: true, colorScheme: "dark" });
    await expect.poll(() => look(page)).toMatchObject(HIGH_CONTRAST);
  });

  test("reduced motion turns off transitions, the page change and the gallery's fade", async ({
    page,
    request,
  }) => {
    await visitWith(page, "/", { reducedMotion: true });
    const button = page.getByRole("link", { name: "Browse Properties" }).first();
    const duration = await button.evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(Number.parseFloat(duration)).toBeLessThan(0.001);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Services" })
      .click();
    await expect(page).toHaveURL(/\/services$/);
    const pageChange = page.getByTestId("page-transition");
    // The page change's animation class is set just after the address changes.
    await expect(pageChange).toHaveClass(/animate-page-in/);
    const animation = await pageChange.evaluate((el) => getComputedStyle(el).animationDuration);
    expect(Number.parseFloat(animation)).toBeLessThan(0.001);

    await open(page, `/properties/${await unitId(request, "Pearl Street Lofts", "101")}`);
    await page.getByRole("button", { name: "Next photo" }).click();
    expect(await longestAnimationMs(page)).toBeLessThan(1);

    // Without the preference the same gallery fades for 200 ms.
    await visitWith(page, page.url(), { reducedMotion: false });
    await page.getByRole("button", { name: "Next photo" }).click();
    expect(await longestAnimationMs(page)).toBeGreaterThanOrEqual(200);
  });

  test("the three focus indicators are visibly different", async ({ page }) => {
    const focusStyle = async (focusIndicators: AccessibilityPreferences["focusIndicators"]) => {
      await visitWith(page, "/", { focusIndicators });
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to content" });
      await expect(skip).toBeFocused();
      return skip.evaluate((el) => {
        const s = getComputedStyle(el);
        return {
          outline: `${s.outlineWidth} ${s.outlineStyle} ${s.outlineColor}`,
          offset: s.outlineOffset,
          shadow: s.boxShadow,
        };
      });
    };
    const standard = await focusStyle("standard");
    expect(standard).toEqual({
      outline: "3px solid rgb(47, 122, 80)",
      offset: "2px",
      shadow: "none",
    });
    const enhanced = await focusStyle("enhanced");
    expect(enhanced.outline).toBe("4px solid rgb(47, 122, 80)");
    expect(enhanced.offset).toBe("3px");
    expect(enhanced.shadow).not.toBe("none");
    const highVisibility = await focusStyle("high-visibility");
    expect(highVisibility).toEqual({
      outline: "4px solid rgb(0, 0, 0)",
      offset: "4px",
      shadow: "rgb(255, 214, 10) 0px 0px 0px 4px",
    });
  });

  test("keyboard shortcuts go to the listed pages, and stop when turned off", async ({ page }) => {
    await open(page, "/");
    await page.keyboard.press("Alt+Shift+KeyP");
    await expect(page).toHaveURL(/\/properties$/);
    await page.keyboard.press("Alt+Shift+KeyA");
    await expect(page).toHaveURL(/\/accessibility$/);
    await page.keyboard.press("Alt+Shift+KeyM");
    await expect(page.getByRole("main")).toBeFocused();
    await page.keyboard.press("Alt+Shift+KeyH");
    await expect(page).toHaveURL(/\/$/);

    // Not while typing.
    await open(page, "/contact");
    await page.getByRole("textbox", { name: /Name/ }).first().click();
    await page.keyboard.press("Alt+Shift+KeyP");
    await expect(page).toHaveURL(/\/contact$/);

    await visitWith(page, "/", { keyboardNavigation: false });
    await page.keyboard.press("Alt+Shift+KeyP");
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/$/);
  });

  test("screen-reader mode announces each new page and moves focus to it", async ({ page }) => {
    await visitWith(page, "/", { screenReaderOptimized: true });
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Services" })
      .click();
    await expect(page.getByTestId("route-announcer")).toHaveText(/^Services \|/);
    await expect(page.getByRole("main")).toBeFocused();
  });
});

test.describe("axe on the preferences' schemes", () => {
  const schemes: [string, Partial<AccessibilityPreferences>][] = [
    ["the default scheme", {}],
    ["the dark scheme", { colorScheme: "dark" }],
    ["the high-contrast scheme", { colorScheme: "high-contrast" }],
    ["high contrast on light", { highContrast: true }],
  ];
  for (const [label, preferences] of schemes) {
    const aaa = Boolean(preferences.highContrast || preferences.colorScheme === "high-contrast");
    test(`/ and /accessibility pass in ${label}${aaa ? ", text contrast at AAA" : ""}`, async ({
      page,
    }) => {
      for (const path of ["/", "/accessibility"]) {
        await visitWith(page, path, preferences);
        await expectNoSeriousA11yViolations(page);
        if (aaa) {
          const results = await new AxeBuilder({ page })
            .withRules(["color-contrast-enhanced"])
            .analyze();
          const failing = results.violations.flatMap((v) =>
            v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary}`),
          );
          expect(failing, `AAA contrast on ${path}`).toEqual([]);
        }
      }
    });
  }

  test("/accessibility passes at 375 px wide", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await open(page, "/accessibility");
    await expectNoSeriousA11yViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(overflow).toBe(false);
  });
});
