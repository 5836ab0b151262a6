// Bundles the Fastify server into build/app/main.js: one file, dependencies left in node_modules.
import { build } from "esbuild";

await build({
  entryPoints: { main: "src/server/main.ts" },
  outdir: "build/app",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
