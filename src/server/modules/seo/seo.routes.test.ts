import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seoApi } from "#domain/api/listings";
import { API_PREFIX } from "#domain/api/wire";
import { call } from "#tests/support/call";
import { insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
const ids = {} as Record<string, number>;

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, { env: { PUBLIC_URL: "https://rent.example.com" } });
  const active = await insertProperty(database.db);
  ids.active = active.id;
  ids.free = (await insertUnit(database.db, active.id, { available: true })).id;
  ids.rented = (await insertUnit(database.db, active.id, { available: false })).id;
  const hidden = await insertProperty(database.db, { active: false });
  ids.hidden = hidden.id;
  ids.hiddenUnit = (await insertUnit(database.db, hidden.id, { available: true })).id;
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

const origin = "https://rent.example.com";
const staticPages = [
  "/",
  "/properties",
  "/services",
  "/contact",
  "/accessibility",
  "/privacy",
  "/terms",
];

type SitemapUrl = { loc: string; lastmod: string | null; alternates: Record<string, string> };

/** The sitemap's <url> entries, each with its location, date and hreflang alternates. */
function parseSitemap(xml: string): SitemapUrl[] {
  return [...xml.matchAll(/<url>(.*?)<\/url>/gs)].map(([, body]) => {
    const links = [
      ...body!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g),
    ];
    expect(body!.match(/<xhtml:link /g)).toHaveLength(links.length);
    return {
      loc: body!.match(/<loc>([^<]+)<\/loc>/)![1]!,
      lastmod: body!.match(/<lastmod>([^<]+)<\/lastmod>/)?.[1] ?? null,
      alternates: Object.fromEntries(links.map(([, lang, href]) => [lang!, href!])),
    };
  });
}

/** A page's two addresses: English at its path, Spanish under /es (the home page at /es). */
const addresses = (path: string) => ({
  en: `${origin}${path}`,
  es: `${origin}${path === "/" ? "/es" : `/es${path}`}`,
});

/** The index's files, by their path on the site. */
async function indexFiles(): Promise<string[]> {
  const response = await call(testApp.app, seoApi.sitemap);
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toContain("application/xml");
  expect(response.body).toMatch(
    /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n/,
  );
  return [...response.body.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map(([, loc]) =>
    loc!.slice(origin.length),
  );
}

/** Every file of the index, joined: what a crawler reads following the index. */
async function fullSitemap(): Promise<string> {
  const bodies: string[] = [];
  for (const path of await indexFiles()) {
    const response = await testApp.app.inject({ method: "GET", url: path });
    expect(response.statusCode, path).toBe(200);
    expect(response.headers["content-type"]).toContain("application/xml");
    bodies.push(response.body);
  }
  return bodies.join("");
}

describe("GET /sitemap.xml and its files", () => {
  it("is an index of the pages' file and the listings' files", async () => {
    const files = await indexFiles();
    expect(files[0]).toBe("/sitemaps/pages-1.xml");
    expect(files).toContain("/sitemaps/buildings-1.xml");
    expect(files).toContain("/sitemaps/units-1.xml");
  });

  it("answers 304 to a matching If-None-Match, on the index and on a file", async () => {
    for (const url of ["/sitemap.xml", "/sitemaps/units-1.xml", "/sitemaps/pages-1.xml"]) {
      const first = await testApp.app.inject({ method: "GET", url });
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^W\/"/);
      const again = await testApp.app.inject({
        method: "GET",
        url,
        headers: { "if-none-match": etag },
      });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe("");
    }
  });

  it("sends a file's gzip form, the same document, and a listings change under a new ETag", async () => {
    const url = "/sitemaps/units-1.xml";
    const plain = await testApp.app.inject({ method: "GET", url });
    const gzipped = await testApp.app.inject({
      method: "GET",
      url,
      headers: { "accept-encoding": "gzip" },
    });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers.etag).toBe(plain.headers.etag);
    expect(gunzipSync(gzipped.rawPayload).toString("utf8")).toBe(plain.body);

    const added = await insertUnit(database.db, ids.active!, { available: true });
    testApp.app.invalidate("listings");
    const after = await testApp.app.inject({ method: "GET", url });
    expect(after.headers.etag).not.toBe(plain.headers.etag);
    expect(after.body).toContain(`/properties/${added.id}<`);
    await database.pool.query("delete from units where id = $1", [added.id]);
    testApp.app.invalidate("listings");
  });

  it("answers 404 for a file the index does not name", async () => {
    for (const name of [
      "pages-2.xml",
      "units-0.xml",
      "units-1.txt",
      "other-1.xml",
      "units-x.xml",
    ]) {
      const response = await testApp.app.inject({ method: "GET", url: `/sitemaps/${name}` });
      expect(response.statusCode, name).toBe(404);
    }
  });

  it("lists the public pages, every active building and every available unit", async () => {
    const xml = await fullSitemap();
    for (const page of staticPages) {
      expect(xml).toContain(`<loc>${origin}${page}</loc>`);
    }
    expect(xml).toContain(`<loc>${origin}/buildings/${ids.active}</loc>`);
    expect(xml).toContain(`<loc>${origin}/properties/${ids.free}</loc>`);
    expect(xml).not.toContain(`/properties/${ids.rented}<`);
    expect(xml).not.toContain(`/buildings/${ids.hidden}<`);
    expect(xml).not.toContain(`/properties/${ids.hiddenUnit}<`);
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it("lists every page in English and in Spanish, each naming both and x-default as alternates", async () => {
    for (const path of await indexFiles()) {
      const file = (await testApp.app.inject({ method: "GET", url: path })).body;
      expect(file).toMatch(
        /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9" xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml">\n/,
      );
      expect(file.trimEnd().endsWith("</urlset>")).toBe(true);
    }
    const xml = await fullSitemap();
    const urls = parseSitemap(xml);
    const byLoc = new Map(urls.map((url) => [url.loc, url]));
    // No address twice.
    expect(byLoc.size).toBe(urls.length);

    const pages = [...staticPages, `/buildings/${ids.active}`, `/properties/${ids.free}`];
    // Exactly these pages, each in both languages: nothing hidden, rented or private.
    expect(urls).toHaveLength(pages.length * 2);
    for (const page of pages) {
      const { en, es } = addresses(page);
      const alternates = { en, es, "x-default": en };
      const english = byLoc.get(en);
      const spanish = byLoc.get(es);
      expect(english, en).toBeDefined();
      expect(spanish, es).toBeDefined();
      expect(english!.alternates).toEqual(alternates);
      expect(spanish!.alternates).toEqual(alternates);
      // A listing's date is the same in both languages; a static page has none.
      expect(spanish!.lastmod).toBe(english!.lastmod);
      if (staticPages.includes(page)) expect(english!.lastmod).toBeNull();
      else expect(english!.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(byLoc.has(`${origin}/es`)).toBe(true);
    expect(byLoc.has(`${origin}/es/`)).toBe(false);
    expect(byLoc.has(`${origin}/es/buildings/${ids.active}`)).toBe(true);
    expect(byLoc.has(`${origin}/es/properties/${ids.free}`)).toBe(true);
    expect(xml).not.toContain(`/es/properties/${ids.rented}"`);
    expect(xml).not.toContain(`/es/buildings/${ids.hidden}"`);
  });
});

describe("GET /robots.txt", () => {
  it("points to the sitemap and keeps crawlers out of the admin and auth pages", async () => {
    const response = await call(testApp.app, seoApi.robots);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Sitemap: https://rent.example.com/sitemap.xml");
    for (const path of [
      "/admin-dashboard",
      "/login",
      "/reset-password",
      "/verify-email",
      "/notifications",
      "/es/notifications",
      "/es/settings/",
      "/es/upload/",
      "/tenant-portal",
      "/es/tenant-portal",
      API_PREFIX,
    ]) {
      expect(response.body).toContain(`Disallow: ${path}`);
    }
  });
});
