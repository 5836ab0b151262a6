import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project root, found from this module's location. It works the same whether the server runs
 * from src/ (development, tests) or from the bundle in build/app/ (production).
 */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Cannot find the project root (package.json).");
    dir = parent;
  }
  return dir;
}

export const projectRoot = findRoot();
export const migrationsDir = path.join(projectRoot, "src/server/db/migrations");
export const clientBuildDir = path.join(projectRoot, "build/client");
export const serverBuildFile = path.join(projectRoot, "build/server/index.js");

/** Inside DATA_DIR: staff photos (served under /uploads/) and tenants' documents (never public). */
export function dataDirectories(dataDir: string) {
  return {
    uploadsDir: path.join(dataDir, "uploads"),
    filesDir: path.join(dataDir, "tenant-files"),
  };
}
