import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Text kept sealed at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the app's secret
 * for one purpose. A queued e-mail can carry a reset link or a sign-in code; a copy of the
 * database alone must not give them away. The format is `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export type Sealer = {
  seal(plain: string): string;
  /** The plain text, or null when the box was sealed with another secret or was altered. */
  open(sealed: string): string | null;
};

export function createSealer(secret: Uint8Array, purpose: string): Sealer {
  const key = Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), purpose, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url"));
      return `v1.${parts.join(".")}`;
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== "v1" || iv === undefined || tag === undefined || body === undefined) {
        return null;
      }
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        const plain = Buffer.concat([
          decipher.update(Buffer.from(body, "base64url")),
          decipher.final(),
        ]);
        return plain.toString("utf8");
      } catch {
        return null;
      }
    },
  };
}
