// `npm start`: builds what is missing or older than the sources, then runs the built server in
// this same process (so signals reach it directly).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outputs = ["build/app/main.js", "build/server/index.js", "build/client"].map((p) =>
  path.join(root, p),
);
const inputs = ["src", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const builtAt = Math.min(...outputs.map((p) => (existsSync(p) ? statSync(p).mtimeMs : 0)));
const changedAt = Math.max(...inputs.map((p) => newestMtime(path.join(root, p))));
if (builtAt === 0 || changedAt > builtAt) {
  console.log(
    builtAt === 0 ? "Building the app (first start)..." : "Sources changed: rebuilding...",
  );
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("Cannot start: the build failed (see above).");
    process.exit(1);
  }
}

await import(pathToFileURL(path.join(root, "build/app/main.js")).href);
