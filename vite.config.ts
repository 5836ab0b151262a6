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
  /\/src\/web\/features\/listings\/[^/]+\/[^/]+\.tsx?$/,
  /\/src\/domain\/(?:site|messages|constants|photos|listing-format|seo)\.ts$/,
  /\/node_modules\/(?:clsx|tailwind-merge|class-variance-authority)\//,
];

/**
 * What the root mounts on every page: the session, consent, preferences and their stores. Not
 * the notification centre's server part (`server-*.ts`): a signed-in person's only, imported on
 * demand.
 */
const SHELL = [
  /\/src\/web\/features\/auth\/(?:auth-provider\.tsx|session-storage\.ts|use-logout\.ts)$/,
  /\/src\/web\/features\/(?:consent|accessibility|notifications)\/(?!preferences-store|server-)[^/]+\.ts$/,
  /\/src\/domain\/(?:consent|accessibility|notifications|guards)\.ts$/,
];

function sharedChunk(id: string): string | undefined {
  if (SHARED.some((pattern) => pattern.test(id))) return "shared";
  if (SHELL.some((pattern) => pattern.test(id))) return "shell";
  return undefined;
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // Hashed assets are served with a one-year immutable cache.
    assetsInlineLimit: 0,
    // Kept for npm run bench, which maps a page's chunks back to their source modules to prove
    // no admin or sign-in code reaches a public page. Not served (dotfiles are denied).
    manifest: true,
    rollupOptions: { output: { manualChunks: sharedChunk } },
  },
});
