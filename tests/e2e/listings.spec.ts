import { buildingId, demoBuildings, totalAvailableUnits, unitId } from "./support/listings";
import { DESKTOP, expect, MOBILE, test } from "./support/test";

test.use({ viewport: DESKTOP });

const featured = demoBuildings.filter((b) => b.featured).map((b) => b.title);

test.describe("home page listings", () => {
  test("shows up to 3 buildings, featured first, linking to their pages", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Available Properties" });
    const cards = section.getByRole("article");
    await expect(cards).toHaveCount(3);
    await expect(cards.getByRole("heading", { level: 3 })).toHaveText(featured.slice(0, 3));
    await cards.first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/buildings\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(featured[0]!);
  });

  test("has the hero buttons and the call to action", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Browse Properties" }).first()).toHaveAttribute(
      "href",
      "/properties",
    );
    await expect(page.getByRole("link", { name: "Our Services" })).toHaveAttribute(
      "href",
      "/services",
    );
  });
});

test.describe("/properties", () => {
  test("gives the portfolio line and a card per building", async ({ page }) => {
    await page.goto("/properties");
    await expect(
      page.getByText(
        `Our portfolio: ${demoBuildings.length} buildings with ${totalAvailableUnits} available units`,
      ),
    ).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(demoBuildings.length);
  });

  test("shows at most 3 amenities on a card, then '+N more'", async ({ page }) => {
    await page.goto("/properties");
    const pearl = demoBuildings.find((b) => b.title === "Pearl Street Lofts")!;
    const card = page.getByRole("article").filter({ hasText: pearl.title });
    const amenities = card.getByRole("list", { name: "Amenities" }).getByRole("listitem");
    await expect(amenities).toHaveText([
      ...pearl.amenities.slice(0, 3),
      `+${pearl.amenities.length - 3} more`,
    ]);
  });

  test("filters by bedrooms, maximum rent and availability, in a URL that can be shared", async ({
    page,
  }) => {
    await page.goto("/properties");
    // A filter asks the server for the list again, and for nothing else: the shell's words stay.
    const loaded: (string | null)[] = [];
    page.on("request", (sent) => {
      const url = new URL(sent.url());
      if (url.pathname.endsWith(".data")) loaded.push(url.searchParams.get("_routes"));
    });
    await page.getByLabel("Bedrooms").selectOption("3");
    await expect(page).toHaveURL(/\?beds=3$/);
    await expect.poll(() => loaded).toEqual(["routes/properties"]);
    const withThree = demoBuildings
      .filter((b) => b.units.some((u) => u.bedrooms >= 3))
      .map((b) => b.title);
    await expect(page.getByRole("article").getByRole("heading")).toHaveText(
      withThree.sort(byFeaturedOrder),
    );
    await page.getByLabel("Available now").check();
    await expect(page).toHaveURL(/beds=3&available=true/);
    await page.getByLabel("Maximum rent").selectOption("2500");
    const expected = demoBuildings
      .filter((b) => b.units.some((u) => u.bedrooms >= 3 && u.available && u.rent <= 2500))
      .map((b) => b.title);
    await expect(page.getByRole("article")).toHaveCount(expected.length);
    await expect(page.getByText(/^Matching your filters:/)).toBeVisible();

    // The same URL opened afresh shows the same view, with the controls set.
    const shared = page.url();
    const other = await page.context().newPage();
    await other.goto(shared);
    await expect(other.getByLabel("Bedrooms")).toHaveValue("3");
    await expect(other.getByLabel("Available now")).toBeChecked();
    await expect(other.getByRole("article")).toHaveCount(expected.length);
    await other.close();

    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/properties$/);
    await expect(page.getByRole("article")).toHaveCount(demoBuildings.length);
  });

  test("says 'No Buildings Available' when no building matches", async ({ page }) => {
    await page.goto("/properties?beds=3&maxRent=1200");
    await expect(page.getByRole("heading", { name: "No Buildings Available" })).toBeVisible();
  });
});

/** The list's order: featured first, then by id (the demo's order). */
function byFeaturedOrder(a: string, b: string) {
  const rank = (name: string) => {
    const i = demoBuildings.findIndex((d) => d.title === name);
    return (demoBuildings[i]!.featured ? 0 : 100) + i;
  };
  return rank(a) - rank(b);
}

test.describe("/buildings/:id", () => {
  test("shows the building with its units, each linking to its page", async ({ page, request }) => {
    const id = await buildingId(request, "Asylum Hill Apartments");
    await page.goto(`/buildings/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Asylum Hill Apartments");
    await expect(page.getByText("88 Asylum Avenue, Hartford, CT 06105").first()).toBeVisible();
    await expect(page.getByText("Built in 1964")).toBeVisible();
    await expect(page.getByText("Available", { exact: true })).toBeVisible();
    const panel = page.getByRole("complementary", { name: "Interested in this property?" });
    await expect(panel.getByRole("link", { name: /Apply Now/ })).toHaveAttribute(
      "target",
      "_blank",
    );
    await expect(panel.getByRole("link", { name: "(860) 555-0142" })).toHaveAttribute(
      "href",
      "tel:+18605550142",
    );
    const rows = page.getByRole("table", { name: "Units in this building" }).getByRole("row");
    await expect(rows).toHaveCount(1 + 5);
    await page.getByRole("link", { name: "Unit 3A" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Asylum Hill Apartments, Unit 3A",
    );
  });

  test("asks for its scripts only once its photo is on screen", async ({ page, request }) => {
    const id = await buildingId(request, "Asylum Hill Apartments");
    await page.goto(`/buildings/${id}`);
    // The photo's paint (Element Timing) and the page's largest paint both come before the first
    // request for a script: nothing competes with the photo a phone is waiting for.
    const timing = await page.evaluate(async () => {
      const entries = async (type: string) =>
        new Promise<PerformanceEntry[]>((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries())).observe({
            type,
            buffered: true,
          });
        });
      const photo = (await entries("element")) as (PerformanceEntry & {
        identifier: string;
        renderTime: number;
      })[];
      const largest = await entries("largest-contentful-paint");
      const scripts = performance
        .getEntriesByType("resource")
        .filter((r) => (r as PerformanceResourceTiming).initiatorType !== "img")
        .filter((r) => r.name.endsWith(".js"));
      return {
        photo: photo.map((e) => [e.identifier, e.renderTime] as const),
        largest: largest.map((e) => e.startTime),
        scripts: scripts.map((r) => r.startTime),
      };
    });
    expect(timing.photo.map(([name]) => name)).toEqual(["priority-photo"]);
    expect(timing.scripts.length).toBeGreaterThan(2);
    const firstScript = Math.min(...timing.scripts);
    // A real paint time (0 would mean the browser withheld it, and prove nothing).
    expect(timing.photo[0]![1]).toBeGreaterThan(0);
    expect(timing.photo[0]![1]).toBeLessThan(firstScript);
    expect(Math.max(...timing.largest)).toBeLessThan(firstScript);
  });

  test("shows no Available badge when no unit is available", async ({ page, request }) => {
    // Every unit of every demo building is checked: a building with none available has no badge.
    for (const building of demoBuildings) {
      const id = await buildingId(request, building.title);
      await page.goto(`/buildings/${id}`);
      const badge = page.getByText("Available", { exact: true });
      if (building.units.some((u) => u.available)) await expect(badge).toBeVisible();
      else await expect(badge).toHaveCount(0);
    }
  });

  for (const id of ["999999", "not-a-number"]) {
    test(`says 'Building Not Found' for /buildings/${id}`, async ({
      page,
      allowedConsoleErrors,
    }) => {
      allowedConsoleErrors.push(/status of 404/);
      const response = await page.goto(`/buildings/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Building Not Found" })).toBeVisible();
      await expect(
        page.getByText("The building you're looking for doesn't exist or has been removed."),
      ).toBeVisible();
      await page.getByRole("link", { name: "Back to Properties" }).click();
      await expect(page).toHaveURL(/\/properties$/);
    });
  }
});

test.describe("unit page", () => {
  test("cycles the gallery circularly with buttons, dots, keys and swipe", async ({
    page,
    request,
  }) => {
    await page.goto(`/properties/${await unitId(request, "Pearl Street Lofts", "101")}`);
    const gallery = page.getByRole("region", { name: /Photos of/ });
    const counter = gallery.getByText(/^\d \/ 3$/);
    await expect(counter).toHaveText("1 / 3");
    await gallery.getByRole("button", { name: "Previous photo" }).click();
    await expect(counter).toHaveText("3 / 3");
    await gallery.getByRole("button", { name: "Next photo" }).click();
    await expect(counter).toHaveText("1 / 3");
    for (const expected of ["2 / 3", "3 / 3", "1 / 3"]) {
      await gallery.getByRole("button", { name: "Next photo" }).click();
      await expect(counter).toHaveText(expected);
    }
    await gallery.getByRole("button", { name: "Show photo 3 of 3" }).click();
    await expect(counter).toHaveText("3 / 3");
    await expect(gallery.getByRole("button", { name: "Show photo 3 of 3" })).toHaveAttribute(
      "aria-current",
      "true",
    );

    await gallery.focus();
    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText("1 / 3");
    await page.keyboard.press("ArrowLeft");
    await expect(counter).toHaveText("3 / 3");

    const box = (await gallery.boundingBox())!;
    const y = box.y + box.height / 3;
    await page.mouse.move(box.x + box.width * 0.7, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, y, { steps: 5 });
    await page.mouse.up();
    await expect(counter).toHaveText("1 / 3");
  });

  test("uses three placeholder photos for a unit without photos", async ({ page, request }) => {
    await page.goto(`/properties/${await unitId(request, "Pearl Street Lofts", "204")}`);
    const gallery = page.getByRole("region", { name: /Photos of/ });
    await expect(gallery.getByText("1 / 3")).toBeVisible();
    await expect(gallery.getByRole("img")).toHaveAttribute(
      "src",
      /\/uploads\/placeholders\/\d\/1200\.webp/,
    );
  });

  test("shows the badges, the Property Features, the default description and the contact card", async ({
    page,
    request,
  }) => {
    await page.goto(`/properties/${await unitId(request, "Pearl Street Lofts", "101")}`);
    await expect(page.getByText("Featured", { exact: true })).toBeVisible();
    await expect(page.getByText("Available", { exact: true })).toBeVisible();
    const features = page.getByRole("region", { name: "Property Features" });
    await expect(features.getByText("Available now")).toBeVisible();
    await expect(features.getByText("Loft")).toBeVisible();
    await expect(features.getByText("1 Parking Space")).toBeVisible();
    await expect(
      page.getByText(/^A 1 bedroom, 1 bath loft home at 245 Pearl Street in Hartford\./),
    ).toBeVisible();
    const card = page.getByRole("complementary", { name: "Contact Information" });
    await expect(card.getByRole("button", { name: "Schedule Tour" })).toBeVisible();
    await expect(card.getByRole("link", { name: /Apply Now/ })).toHaveAttribute("target", "_blank");
    await expect(card.getByRole("link", { name: "leasing@charteroakrentals.com" })).toHaveAttribute(
      "href",
      "mailto:leasing@charteroakrentals.com",
    );
    await page.getByRole("link", { name: "Back to Available Units" }).click();
    await expect(page).toHaveURL(/\/properties$/);
  });

  test("marks a rented unit as Rented", async ({ page, request }) => {
    await page.goto(`/properties/${await unitId(request, "Pearl Street Lofts", "305")}`);
    await expect(page.getByText("Rented", { exact: true })).toBeVisible();
  });

  for (const id of ["999999", "abc"]) {
    test(`says 'Unit Not Found' for /properties/${id}`, async ({ page, allowedConsoleErrors }) => {
      allowedConsoleErrors.push(/status of 404/);
      const response = await page.goto(`/properties/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Unit Not Found" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to Available Units" })).toHaveAttribute(
        "href",
        "/properties",
      );
    });
  }

  test("shows 'Loading Unit Details...' while a unit page loads", async ({ page, request }) => {
    const building = await buildingId(request, "Riverview Condominiums");
    await page.goto(`/buildings/${building}`);
    // A slow connection: the unit's data takes a moment to arrive.
    await page.route("**/properties/*.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByRole("link", { name: "Unit 315" }).click();
    await expect(page.getByText("Loading Unit Details...")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Riverview Condominiums, Unit 315",
    );
    await expect(page.getByText("Loading Unit Details...")).toBeHidden();
  });
});

test.describe("photos", () => {
  test("fall back to a placeholder when a photo fails, then to 'Image unavailable'", async ({
    page,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(/Failed to load resource/);
    await page.route("**/uploads/images/**", (route) => route.abort());
    await page.goto("/properties");
    const first = page.getByRole("article").first();
    await expect(first.getByRole("img")).toHaveAttribute("src", /\/uploads\/placeholders\//);

    await page.route("**/uploads/placeholders/**", (route) => route.abort());
    await page.reload();
    await expect(first.getByText("Image unavailable")).toBeVisible();
    await expect(first.getByText("Please try refreshing")).toBeVisible();
  });

  test("carry width, height, srcset and lazy loading below the fold", async ({ page, request }) => {
    await page.goto("/properties");
    const images = page.getByRole("article").getByRole("img");
    // The first card is above the fold from the two-column width up and below the filters on a
    // phone: its photo is preloaded at high priority on wide screens only, and lazy otherwise.
    const preload = page.locator('link[rel="preload"][as="image"]');
    await expect(preload).toHaveCount(1);
    await expect(preload).toHaveAttribute("media", "(min-width: 640px)");
    await expect(preload).toHaveAttribute("fetchpriority", "high");
    await expect(preload).toHaveAttribute(
      "imagesrcset",
      (await images.first().getAttribute("srcset")) ?? "",
    );
    await expect(images.first()).toHaveAttribute("loading", "lazy");
    await expect(images.last()).toHaveAttribute("loading", "lazy");
    // On this wide screen it is on the first screen, and there it loads.
    await expect
      .poll(() => images.first().evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    for (const img of await images.all()) {
      await expect(img).toHaveAttribute("width", /\d+/);
      await expect(img).toHaveAttribute("height", /\d+/);
      await expect(img).toHaveAttribute("srcset", /480w/);
      await expect(img).toHaveAttribute("alt", /.+/);
    }

    // A building's first photo is at the top of its page on every screen: eager, high priority.
    await page.goto(`/buildings/${await buildingId(request, "Riverview Condominiums")}`);
    const hero = page.getByRole("main").getByRole("img").first();
    await expect(hero).toHaveAttribute("loading", "eager");
    await expect(hero).toHaveAttribute("fetchpriority", "high");
  });
});

test.describe("search engines", () => {
  test("a building page, without scripts, has its name in the title and body, JSON-LD and og:image", async ({
    request,
  }) => {
    const id = await buildingId(request, "Riverview Condominiums");
    const html = await (await request.get(`/buildings/${id}`)).text();
    expect(html).toMatch(
      /<title>Riverview Condominiums, East Hartford \| Charter Oak Rentals<\/title>/,
    );
    expect(html).toContain("<h1");
    expect(html).toContain("Riverview Condominiums</h1>");
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(ld).toMatchObject({ "@type": "ApartmentComplex", name: "Riverview Condominiums" });
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/localhost:\d+\/uploads\/images\/[^"]+\.webp"/,
    );
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/buildings\/\d+"/);
  });

  test("a page's address with parameters it does not read is that page: same bytes, links without them", async ({
    request,
  }) => {
    const id = await buildingId(request, "Riverview Condominiums");
    // The same bytes (ETag); asked again if a write by a test running beside this one came
    // between the two requests.
    const sameBytes = (a: string, b: string) =>
      expect
        .poll(async () => {
          const [first, second] = [await request.get(a), await request.get(b)];
          return first.headers().etag === second.headers().etag;
        })
        .toBe(true);
    const tagged = await request.get(`/buildings/${id}?utm_source=mail&fbclid=IwAR0x`);
    expect(tagged.status()).toBe(200);
    await sameBytes(`/buildings/${id}`, `/buildings/${id}?utm_source=mail&fbclid=IwAR0x`);
    const html = await tagged.text();
    expect(html).not.toContain("utm_source");
    expect(html).not.toContain("fbclid");
    expect(html).toContain(`href="/es/buildings/${id}"`);
    // Navigation data: the routes asked for are a set, of which only the app's own count, so the
    // address the cache keeps it under (sorted, once each, no made-up id) gives the same answer.
    await sameBytes(
      `/buildings/${id}.data?_routes=root%2Croutes%2Fbuilding`,
      `/buildings/${id}.data?_routes=routes%2Fbuilding%2Cmade-up%2Croot%2Croutes%2Fbuilding`,
    );

    // The list keeps its filters, written as it reads them, and only those.
    const noisyList = "/properties?utm_campaign=spring&beds=02&limit=5&beds=2";
    await sameBytes("/properties?beds=2", noisyList);
    const list = await (await request.get(noisyList)).text();
    expect(list).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(list).toContain('href="/es/properties?beds=2"');
    expect(list).not.toContain("utm_campaign");
    // Parameters that filter nothing leave the list indexable, as it is without them.
    await sameBytes("/properties", "/properties?utm_source=mail&beds=lots&available=false");
    const campaign = await request.get("/properties?utm_source=mail&beds=lots");
    expect(await campaign.text()).not.toContain("noindex");
  });

  test("an available unit carries an Apartment with an Offer", async ({ request }) => {
    const id = await unitId(request, "Riverview Condominiums", "315");
    const html = await (await request.get(`/properties/${id}`)).text();
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(ld).toMatchObject({
      "@type": "Apartment",
      numberOfBedrooms: 2,
      offers: { "@type": "Offer", price: 2395, priceCurrency: "USD" },
    });
  });
});

test.describe("at 375 px", () => {
  test.use({ viewport: MOBILE });
  for (const path of ["/", "/properties", "/services", "/contact"]) {
    test(`${path} does not scroll sideways`, async ({ page }) => {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );
    });
  }
  test("building and unit pages do not scroll sideways", async ({ page, request }) => {
    for (const path of [
      `/buildings/${await buildingId(request, "Pearl Street Lofts")}`,
      `/properties/${await unitId(request, "Pearl Street Lofts", "101")}`,
    ]) {
      await page.goto(path);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        path,
      ).toBeLessThanOrEqual(375);
    }
  });
});
