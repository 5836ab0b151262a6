import { createHash } from "node:crypto";
import net from "node:net";
import type { Response } from "@playwright/test";
import { buildingId, unitId } from "./support/listings";
import { DESKTOP, expect, expectNoSeriousA11yViolations, MOBILE, test } from "./support/test";

test.use({ viewport: DESKTOP });

test.describe("site shell on a desktop", () => {
  test("renders the home page on the server, readable before any script runs", async ({
    request,
  }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain("Find your next home with Charter Oak Rentals");
    expect(html).toContain("Our Mission");
    expect(html).toMatch(/<title>Charter Oak Rentals/);
  });

  test("lets no cache keep a page opened from an e-mailed link, whose address holds its secret", async ({
    request,
  }) => {
    const token = "x".repeat(43);
    for (const path of [
      `/alerts/confirm/${token}`,
      `/alerts/manage/${token}`,
      `/es/alerts/manage/${token}`,
      "/upload/eyJhbGciOiJIUzI1NiJ9.e30.abc",
    ]) {
      const response = await request.get(path);
      expect(response.headers()["cache-control"], path).toBe("no-store");
    }
    // A public page is kept, and revalidated.
    expect((await request.get("/properties")).headers()["cache-control"]).toBe("no-cache");
  });

  test("protects the public pages with a hash-based Content-Security-Policy that their scripts satisfy", async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const response = await page.goto("/");
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).not.toMatch(/'unsafe-eval'/);
    // The page is served from the cache, the same bytes for everyone: each inline script is
    // allowed by its hash, and no nonce is reused.
    const html = await response!.text();
    expect(html).not.toMatch(/ nonce="/);
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/src=|application\/ld\+json/.test(attributes ?? ""),
    );
    expect(scripts.length).toBeGreaterThan(2);
    for (const [, , content] of scripts) {
      const hash = createHash("sha256")
        .update(content ?? "")
        .digest("base64");
      expect(csp).toContain(`'sha256-${hash}'`);
    }
    // Hydration ran: the mobile menu button is interactive only once React is in charge.
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect(violations).toEqual([]);
  });

  test("gives every private page response its own nonce", async ({ request }) => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await request.get("/login");
      const csp = response.headers()["content-security-policy"] ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? "";
      expect(nonce).not.toBe("");
      expect(await response.text()).toContain(`nonce="${nonce}"`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
  });

  test("does not serve the build manifest", async ({ request, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/status of 404/);
    expect((await request.get("/.vite/manifest.json")).status()).toBe(404);
  });

  test("answers a made-up asset name with a small 404, counted by the rate limit", async ({
    request,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(/status of 404/);
    const first = await request.get("/assets/no-such-file-0123.js");
    expect(first.status()).toBe(404);
    expect((await first.body()).length).toBeLessThan(100);
    expect(first.headers()["content-type"]).toMatch(/^text\/plain/);
    const second = await request.get("/assets/no-such-file-4567.css");
    const remaining = (r: typeof first) => Number(r.headers()["x-ratelimit-remaining"]);
    // Each asked for counts (other tests share the address and the minute, so only "changed").
    expect(Number.isFinite(remaining(first))).toBe(true);
    expect(remaining(second)).not.toBe(remaining(first));
  });

  test("answers a page asked for with a malformed Host header 400, not 500", async ({
    baseURL,
  }) => {
    const { hostname, port } = new URL(baseURL!);
    for (const host of ["[::1", ""]) {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), hostname);
        let text = "";
        socket.on("data", (chunk) => {
          text += chunk.toString("latin1");
        });
        socket.on("error", reject);
        socket.on("close", () => resolve(text));
        socket.write(`GET /properties HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      });
      expect(answer, `Host: ${host}`).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain('"error":"bad_request"');
    }
  });

  test("answers an unchanged public page with 304, in both languages", async ({ request }) => {
    for (const path of ["/properties", "/es/properties", "/es"]) {
      const first = await request.get(path);
      const etag = first.headers().etag ?? "";
      expect(etag, path).not.toBe("");
      const again = await request.get(path, { headers: { "if-none-match": etag } });
      expect(again.status(), path).toBe(304);
    }
  });

  test("serves hashed assets with a one-year immutable cache", async ({ page, request }) => {
    const response = await page.goto("/");
    const html = await response!.text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const assetResponse = await request.get(asset!);
    expect(assetResponse.status()).toBe(200);
    expect(assetResponse.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("has a sticky header with the four navigation links and a Login button", async ({
    page,
  }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    const nav = header.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Home", "Properties", "Services", "Contact"]);
    await expect(header.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    await expect(header.getByRole("button", { name: "Open menu" })).toBeHidden();
    expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe("sticky");
    await page.mouse.wheel(0, 2000);
    await expect(header).toBeInViewport();
  });

  test("navigates from the header without a full page load", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Home" })
      .click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(
      true,
    );
  });

  test("a navigation whose data is lost on the way loads the page whole, once", async ({
    page,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(/net::ERR_FAILED/);
    await page.goto("/");
    const loads: string[] = [];
    page.on("load", () => loads.push(new URL(page.url()).pathname));
    const lose = () => page.route("**/*.data*", (route) => route.abort());
    const whole = { timeout: 15_000 };
    const hydrated = () =>
      page.waitForFunction(
        () => document.documentElement.hasAttribute("data-hydrated"),
        null,
        whole,
      );
    // Data requests are lost until the page has been loaded whole (a document, not data).
    const nav = page.getByRole("navigation", { name: "Main" });
    await lose();
    await nav.getByRole("link", { name: "Services" }).click();
    await expect.poll(() => loads, whole).toEqual(["/services"]);
    await page.unroute("**/*.data*");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Services/, whole);
    await expect(page.getByRole("banner")).toHaveCSS("position", "sticky");
    // A load the app made itself is not one of the test's navigations, which wait for the
    // scripts: a click before they run would follow the link as a plain one (a third load).
    await hydrated();

    // Lost again, going home: loaded whole again (another address).
    await lose();
    await nav.getByRole("link", { name: "Home" }).click();
    await expect.poll(() => loads, whole).toEqual(["/services", "/"]);
    await page.unroute("**/*.data*");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Find your next home/, whole);
    await hydrated();

    // Lost on the way home again, moments after its reload: no second reload of the same
    // address (a page failing every time must not loop), the error screen instead, with its
    // words and the site's styles.
    await nav.getByRole("link", { name: "Services" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Services/);
    // "Moments after" however slow this machine is: the record of that reload, made now.
    await page.evaluate(() =>
      sessionStorage.setItem(
        "charter-oak.reloaded-after-error",
        JSON.stringify({ href: `${location.origin}/`, at: Date.now() }),
      ),
    );
    await lose();
    await nav.getByRole("link", { name: "Home" }).click();
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Homepage" })).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toMatch(
      /^"?Times/,
    );
    expect(loads).toEqual(["/services", "/"]);
  });

  test("has a footer with the tagline, contacts, link groups and the equal housing statement", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("Affordable, well-kept homes across Greater Hartford.");
    await expect(footer).toContainText("Hartford, Connecticut");
    await expect(footer).toContainText("leasing@charteroakrentals.com");
    await expect(
      footer.getByRole("navigation", { name: "Quick Links" }).getByRole("link"),
    ).toHaveText(["Home", "Properties", "Services", "Contact"]);
    await expect(
      footer.getByRole("navigation", { name: "For Renters" }).getByRole("link"),
    ).toHaveText(["Browse Properties", "Schedule Viewing", "Property Inquiry", "Rental Process"]);
    const legal = footer.getByRole("navigation", { name: "Legal" });
    await expect(legal.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy",
    );
    await expect(legal.getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
      "href",
      "/terms",
    );
    await expect(legal.getByRole("link", { name: "Accessibility" })).toHaveAttribute(
      "href",
      "/accessibility",
    );
    await expect(footer).toContainText("Equal Housing Opportunity.");
  });

  test("opens Apply Now in a new tab", async ({ page }) => {
    await page.goto("/");
    const apply = page.getByRole("link", { name: /Apply Now/ });
    await expect(apply).toHaveAttribute("target", "_blank");
    await expect(apply).toHaveAttribute("rel", "noopener noreferrer");
  });

  test("plays the page-change transition on navigation, and none when the visitor asks for reduced motion", async ({
    page,
  }) => {
    await page.goto("/");
    const transition = page.getByTestId("page-transition");
    // The first, server-rendered page shows at once.
    expect(await transition.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Services" })
      .click();
    await expect(page).toHaveURL(/\/services$/);
    // The URL changes before React commits the new page, and the page's element is replaced
    // (a new key per path) and then given the animation: the old one read while detached gives
    // "", so the check waits for the committed page.
    const duration = () => transition.evaluate((el) => getComputedStyle(el).animationDuration);
    await expect.poll(duration).toBe("0.3s");
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expect.poll(async () => Number.parseFloat(await duration())).toBeLessThan(0.001);
  });

  test("passes an axe scan", async ({ page }) => {
    await page.goto("/");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("the first view of a public page", () => {
  test.use({ viewport: MOBILE });

  // Each script file is a request a phone makes before the page answers a tap (six at a time
  // over HTTP/1.1): the site's small shared modules and icons are grouped (vite.config.ts), so
  // a public page loads at most six. A module shared by the root and a private page, left out of
  // the group, would quietly become a seventh.
  test("loads at most six script files, in both languages", async ({ page, request }) => {
    const building = await buildingId(request, "Riverview Condominiums");
    const unit = await unitId(request, "Riverview Condominiums", "315");
    const pages = ["/", "/properties", `/buildings/${building}`, `/properties/${unit}`];
    for (const path of [...pages, ...pages.map((p) => `/es${p === "/" ? "" : p}`)]) {
      const scripts = new Set<string>();
      const listen = (response: Response) => {
        const url = new URL(response.url());
        if (url.pathname.endsWith(".js")) scripts.add(url.pathname);
      };
      page.on("response", listen);
      await page.goto(path, { waitUntil: "networkidle" });
      page.off("response", listen);
      expect([...scripts], `${path}: its script files`).not.toEqual([]);
      expect(scripts.size, `${path}: ${[...scripts].join(", ")}`).toBeLessThanOrEqual(6);
    }
  });
});
