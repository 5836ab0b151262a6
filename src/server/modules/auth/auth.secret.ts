import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * The key that signs session tokens: JWT_SECRET, or 32 random bytes made once and kept in
 * DATA_DIR/jwt-secret (mode 0600). Never a constant in code: a leaked repository must not let
 * anyone mint an administrator's token.
 */
export async function loadJwtSecret(options: {
  jwtSecret?: string;
  dataDir: string;
}): Promise<Uint8Array> {
  if (options.jwtSecret) return new TextEncoder().encode(options.jwtSecret);
  const file = path.join(options.dataDir, "jwt-secret");
  await fs.mkdir(options.dataDir, { recursive: true });
  const made = randomBytes(32).toString("hex");
  // "wx": when two instances start at once, the first one's secret wins and both use it.
  await fs
    .writeFile(file, made, { mode: 0o600, flag: "wx" })
    .catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
  return new TextEncoder().encode((await fs.readFile(file, "utf8")).trim());
}
