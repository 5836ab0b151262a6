import { expect, test } from "./support/test";

/**
 * What a public page's first view loads, read from the built app: its scripts hold no schema
 * library. Zod (about 28 KB gzip) once reached every public page through one value import of a
 * schema module by the list's "Show more" and the back office's pager, both in the shared chunk;
 * the pages validate with it only where a form is used, loaded then.
 */
const pages = ["/", "/properties", "/buildings/1", "/properties/1", "/es", "/es/properties"];

test("no public page's first view brings zod", async ({ request }) => {
  const seen = new Set<string>();
  for (const page of pages) {
    const html = await (await request.get(page)).text();
    // The site's own loader imports the modules its `data-modulepreload` links name.
    const scripts = [
      ...html.matchAll(
        /<(?:script\b[^>]*\ssrc|link\b[^>]*(?:data-modulepreload|rel="modulepreload")[^>]*\shref)="([^"]+\.js)"/g,
      ),
    ].map((m) => m[1]!);
    expect(scripts.length, page).toBeGreaterThan(0);
    for (const script of scripts) {
      if (seen.has(script)) continue;
      seen.add(script);
      const source = await (await request.get(script)).text();
      expect(/ZodError|\$ZodType/.test(source), `${page}: ${script}`).toBe(false);
    }
  }
});
