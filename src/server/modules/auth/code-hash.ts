import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/**
 * Codes are stored as keyed hashes (HMAC-SHA256 with the app's secret): a leaked database does
 * not give away live codes, and a 6-digit code cannot be brute-forced offline without the key.
 */
export function createCodeHasher(secret: Uint8Array) {
  const hash = (purpose: string, userId: string, code: string) =>
    createHmac("sha256", secret).update(`${purpose}:${userId}:${code}`).digest("hex");
  return {
    hash,
    matches(stored: string, purpose: string, userId: string, code: string): boolean {
      const given = Buffer.from(hash(purpose, userId, code), "hex");
      const expected = Buffer.from(stored, "hex");
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type CodeHasher = ReturnType<typeof createCodeHasher>;

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

export function resetCode(): string {
  return randomBytes(32).toString("base64url");
}
