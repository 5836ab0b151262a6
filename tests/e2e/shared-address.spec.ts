import { rm } from "node:fs/promises";
import { startBuiltApp, stopApp, tempDataDir } from "#tests/support/app-process";
import { expect, test } from "./support/test";

/**
 * People sharing one address (an office, a library, a phone carrier's) on the default limits:
 * 120 first views of /properties in a minute, each fetching what a browser fetches on arrival
 * (the page, its scripts, styles and icons, the photos it shows), get no 429; 1,500 API reads in
 * the same minute from the same address still meet the limit. Replayed without a browser, from
 * the HTML's own references: the requests, not the rendering, are what the limit counts.
 */
const VIEWS = 120;
const API_READS = 1500;

let app: Awaited<ReturnType<typeof startBuiltApp>>;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = await tempDataDir();
  // The product's defaults: RATE_LIMIT_PER_MINUTE and PHOTO_RATE_LIMIT_PER_MINUTE unset.
  app = await startBuiltApp({ DATA_DIR: dataDir, AUTH_ATTEMPTS_PER_MINUTE: "1000" }, 120_000);
});
test.afterAll(async () => {
  if (app) await stopApp(app);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** What a first view fetches besides the page: scripts, styles, icons, and each photo's src. */
function referencesOf(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<(?:script|img)\b[^>]*\ssrc="([^"]+)"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*\shref="([^"]+)"[^>]*>/g)) {
    // The site's scripts are named by `data-modulepreload` links (loaded by its own loader).
    if (/data-modulepreload|rel="(?:modulepreload|stylesheet|icon|manifest)"/.test(match[0])) {
      found.add(match[1]!);
    }
  }
  return [...found].filter((url) => url.startsWith("/") && !url.startsWith("//"));
}

test("120 first views in a minute from one address get no 429; a flood of API reads still does", async () => {
  test.setTimeout(120_000);
  const statuses = new Map<number, number>();
  const tally = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  let requests = 0;
  const started = Date.now();
  for (let view = 0; view < VIEWS; view++) {
    const page = await fetch(`${app.url}/properties`);
    tally(page.status);
    requests++;
    const references = referencesOf(await page.text());
    if (view === 0) expect(references.length).toBeGreaterThanOrEqual(8);
    const answers = await Promise.all(
      references.map(async (url) => {
        const response = await fetch(`${app.url}${url}`);
        await response.arrayBuffer();
        return response.status;
      }),
    );
    requests += answers.length;
    for (const status of answers) tally(status);
  }
  expect(Date.now() - started).toBeLessThan(60_000);
  expect(requests).toBeGreaterThan(VIEWS * 8);
  expect(Object.fromEntries(statuses)).toEqual({ 200: requests });

  let refused = 0;
  for (let read = 0; read < API_READS; read++) {
    const response = await fetch(`${app.url}/api/properties/buildings`);
    await response.arrayBuffer();
    if (response.status === 429) refused++;
  }
  expect(refused).toBeGreaterThan(0);
});
