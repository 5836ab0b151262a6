import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Every public page needs the site's small shared modules (layout, primitives, lib, the agency's
 * facts); left to itself Rollup made ~40 chunks of a few hundred bytes of them, and on a phone
 * each costs a request (six at a time over HTTP/1.1), which held the first paint back. They go
 * into one chunk. Modules that pull a Radix primitive (dialogs, tabs, menus) stay out, so that
 * chunk never brings admin or sign-in code to a public page (npm run bench checks it).
 */
const SHARED = [
  /\/src\/web\/components\/ui\/(?:button|badge|card|skeleton|progress|responsive-image)\.tsx$/,
  // Not what loads on demand: the mobile menu, the language suggestion (a first visit only).
  /\/src\/web\/components\/layout\/(?!mobile-menu|language-suggestion-bar)[^/]+\.tsx$/,
  // Not TanStack Query's provider (lib/query.tsx): only pages that fetch on the client load it.
  /\/src\/web\/lib\/(?!lazy-module|query)[^/]+\.tsx?$/,
  /\/src\/web\/features\/listings\/(?:[^/]+\/)?[^/.]+(?:-[^/.]+)*\.tsx?$/,
  // A page's translator in its meta function; the root's rule for loading its words again.
  /\/src\/web\/i18n\/(?:meta|revalidate)\.ts$/,
  /\/src\/domain\/(?:site|messages|constants|photos|listing-format|listing-pages|seo)\.ts$/,
  /\/node_modules\/(?:clsx|tailwind-merge|class-variance-authority)\//,
];

/**
 * What the root mounts on every page: the session, consent, preferences and their stores. They
 * go into the same chunk: every page loads both lists, and one file fewer is one request fewer
 * (a public page loads six script files). Not the notification centre's server part
 * (`server-*.ts`): a signed-in person's only, imported on demand.
 */
const SHELL = [
  /\/src\/web\/features\/auth\/(?:auth-provider\.tsx|session-storage\.ts|session-pages\.ts|use-logout\.ts)$/,
  // The header's account button (its menu, a Radix dropdown, loads when opened).
  /\/src\/web\/features\/auth\/components\/(?:account-menu|mobile-account)\.tsx$/,
  /\/src\/web\/features\/accessibility\/preferences-store\.ts$/,
  /\/src\/web\/features\/(?:consent|accessibility|notifications)\/(?!preferences-store|server-)[^/]+\.ts$/,
  /\/src\/domain\/(?:consent|accessibility|notifications|guards)\.ts$/,
];

/** Source files only staff, tenants or the account pages load: their icons stay out of "shared". */
const PRIVATE_SOURCE =
  /^src\/web\/(?:features\/(?:admin|document-upload|tenant-portal)\/|components\/sessions\/|routes\/(?:login|register|reset-password|verify-email|tenant-portal[^/]*|reset-users|admin-dashboard|account-security|upload)\.tsx$)/;

/**
 * The icon modules (lucide-react, one small module per icon) that a page anyone may open
 * imports. Left alone, each became a chunk of about 200 bytes, ten or more requests on every
 * public page; they go into "shared" instead, found by reading the imports of the site's own
 * files (the package's index maps each icon's name to its module). An icon only staff screens use
 * stays out.
 */
function publicIconModules(): Set<string> {
  const index = readFileSync("node_modules/lucide-react/dist/esm/lucide-react.mjs", "utf8");
  const moduleOf = new Map<string, string>();
  for (const match of index.matchAll(/export \{ ([^}]+) \} from '\.\/icons\/([\w-]+)\.mjs'/g)) {
    for (const name of match[1]!.split(","))
      moduleOf.set(name.trim().replace(/^default as /, ""), match[2]!);
  }
  const icons = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (
        /\.tsx?$/.test(entry.name) &&
        !/\.test\.tsx?$/.test(entry.name) &&
        !PRIVATE_SOURCE.test(file)
      ) {
        const text = readFileSync(file, "utf8");
        for (const match of text.matchAll(/import \{([^}]+)\} from "lucide-react"/g)) {
          for (const name of match[1]!.split(",")) {
            const icon = moduleOf.get(name.trim().replace(/^type /, ""));
            if (icon) icons.add(`/lucide-react/dist/esm/icons/${icon}.mjs`);
          }
        }
      }
    }
  };
  visit("src/web");
  return icons;
}

const PUBLIC_ICONS = publicIconModules();
const isPublicIcon = (id: string) =>
  id.includes("/lucide-react/dist/esm/") &&
  (PUBLIC_ICONS.has(id.slice(id.indexOf("/lucide-react/"))) || !id.includes("/icons/"));

const IN_SHARED = [...SHARED, ...SHELL];

/**
 * The pages anyone may open, on the site's layout: the client entry, the root, the layout and its
 * pages (home, the list, a building, a unit, services, contact, the policies, a tenant's upload
 * link, an alert's links, not found). Only the modules these import without waiting go into
 * "shared": a module the patterns above match but only a signed-in page or a later import uses
 * (the notifications page's dates, the back office's download helpers) would otherwise be in
 * every first view. (Icons are chosen by isPublicIcon alone: the package's index, which these
 * pages import, imports every icon.)
 */
const LANDING = [
  "entry.client",
  "root",
  "routes/site-layout",
  "routes/home",
  "routes/properties",
  "routes/building",
  "routes/unit",
  "routes/services",
  "routes/contact",
  "routes/accessibility",
  "routes/privacy",
  "routes/terms",
  "routes/upload",
  "routes/alert-confirm",
  "routes/alert-manage",
  "routes/not-found",
].map((file) => path.resolve(`src/web/${file}.tsx`));
for (const file of LANDING) {
  // A renamed page would silently leave "shared" and its modules would load one by one.
  if (!existsSync(file)) throw new Error(`vite.config.ts: ${file} is not there (LANDING)`);
}

type ModuleInfoOf = (id: string) => { importedIds: readonly string[] } | null;
/**
 * Found once per build: React Router builds the client, then the server, one after the other
 * (no server bundles here, which it would build side by side).
 */
let landingModules: Set<string> | undefined;
const forgetLandingModules = {
  name: "forget-landing-modules",
  buildStart: () => {
    landingModules = undefined;
  },
};

function onLanding(id: string, getModuleInfo: ModuleInfoOf): boolean {
  if (!landingModules) {
    const found = new Set<string>();
    const stack = [...LANDING];
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      if (found.has(next)) continue;
      found.add(next);
      stack.push(...(getModuleInfo(next)?.importedIds ?? []));
    }
    landingModules = found;
  }
  return landingModules.has(id);
}

function sharedChunk(
  id: string,
  { getModuleInfo }: { getModuleInfo: ModuleInfoOf },
): string | undefined {
  const candidate = IN_SHARED.some((pattern) => pattern.test(id)) || isPublicIcon(id);
  return candidate && onLanding(id, getModuleInfo) ? "shared" : undefined;
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), forgetLandingModules],
  build: {
    // Hashed assets are served with a one-year immutable cache.
    assetsInlineLimit: 0,
    // Kept for npm run bench, which maps a page's chunks back to their source modules to prove
    // no admin or sign-in code reaches a public page. Not served (dotfiles are denied).
    manifest: true,
    rollupOptions: { output: { manualChunks: sharedChunk } },
  },
});
