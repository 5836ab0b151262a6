import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

/**
 * Keys derived from the server's secret (JWT_SECRET or DATA_DIR/jwt-secret), one per purpose, so
 * that what is kept in the database is useless without that secret: authenticator secrets are
 * sealed (AES-256-GCM), recovery codes and second-step tokens are kept as keyed hashes.
 */
function deriveKey(secret: Uint8Array, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, new Uint8Array(0), `rentals:${purpose}`, 32));
}

export type SecretBox = {
  seal(text: string): string;
  /** The text, or null for a value sealed with another key (a database restored elsewhere). */
  open(sealed: string): string | null;
};

export function createSecretBox(secret: Uint8Array, purpose: string): SecretBox {
  const key = deriveKey(secret, purpose);
  return {
    seal(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const sealed = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
      return ["v1", iv, sealed, cipher.getAuthTag()]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    open(sealed) {
      const [version, iv, body, tag] = sealed.split(".");
      if (version !== "v1" || !iv || !body || !tag) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([
          decipher.update(Buffer.from(body, "base64url")),
          decipher.final(),
        ]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}

export type KeyedHash = { hash(text: string): string };

export function createKeyedHash(secret: Uint8Array, purpose: string): KeyedHash {
  const key = deriveKey(secret, purpose);
  return { hash: (text) => createHmac("sha256", key).update(text).digest("hex") };
}

/** The keys of the second step, each for one purpose; the purposes never change (rows keep them). */
export type MfaKeys = {
  /** Seals authenticator secrets. */
  totpSecrets: SecretBox;
  recoveryCodes: KeyedHash;
  /** Second-step tokens. */
  challengeTokens: KeyedHash;
};

export function createMfaKeys(secret: Uint8Array): MfaKeys {
  return {
    totpSecrets: createSecretBox(secret, "totp-secret"),
    recoveryCodes: createKeyedHash(secret, "recovery-code"),
    challengeTokens: createKeyedHash(secret, "mfa-token"),
  };
}
