import { decodeJwt, errors, jwtVerify } from "jose";
import { DOWNLOAD_URL_MINUTES, UPLOAD_LINK_DAYS } from "#domain/tenant-files";
import { createLinkTokens } from "#server/modules/auth";

/** Each kind of link has its own audience: neither is a session, nor the other kind. */
export const DOWNLOAD_AUDIENCE = "rentals:file-download";
export const UPLOAD_AUDIENCE = "rentals:document-upload";

/** The file, and whom the link was made for (`v`): it works only while they have access. */
export type DownloadClaims = { fid: string; v: string };
export type UploadClaims = { rid: string };

export type LinkCheck<T> =
  | { status: "valid"; claims: T }
  /** Genuine (our signature, this audience) but past its time: the person gets a new one. */
  | { status: "expired" }
  | { status: "invalid" };

export type ExpiringLinks<T extends Record<string, string>> = {
  sign(claims: T): Promise<{ token: string; expiresAt: Date }>;
  check(token: string): Promise<LinkCheck<T>>;
};

/** Three base64url parts; anything else is refused before any cryptography. */
const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const TOKEN_MAX_CHARS = 2048;

/**
 * Link tokens that tell "expired" from "invalid": an expired link deserves "ask for a new one"
 * (410), a forged or mangled one only "not found" (404).
 */
export function createExpiringLinks<T extends Record<string, string>>(
  secret: Uint8Array,
  audience: string,
  minutes: number,
  keys: readonly (keyof T & string)[],
): ExpiringLinks<T> {
  const links = createLinkTokens<T>(secret, audience, minutes, keys);
  return {
    async sign(claims) {
      const token = await links.sign(claims);
      return { token, expiresAt: new Date((decodeJwt(token).exp ?? 0) * 1000) };
    },
    async check(token) {
      if (token.length > TOKEN_MAX_CHARS || !JWT_SHAPE.test(token)) return { status: "invalid" };
      const claims = await links.verify(token);
      if (claims) return { status: "valid", claims };
      try {
        await jwtVerify(token, secret, { algorithms: ["HS256"], audience });
      } catch (error) {
        // jose checks the signature, then the audience, then the time: an expired error
        // means the token is ours and of this kind.
        if (
          error instanceof errors.JWTExpired &&
          keys.every((key) => typeof error.payload[key] === "string")
        ) {
          return { status: "expired" };
        }
      }
      return { status: "invalid" };
    },
  };
}

export type FileLinks = {
  downloads: ExpiringLinks<DownloadClaims>;
  uploads: ExpiringLinks<UploadClaims>;
};

export function createFileLinks(secret: Uint8Array): FileLinks {
  return {
    downloads: createExpiringLinks<DownloadClaims>(
      secret,
      DOWNLOAD_AUDIENCE,
      DOWNLOAD_URL_MINUTES,
      ["fid", "v"],
    ),
    uploads: createExpiringLinks<UploadClaims>(
      secret,
      UPLOAD_AUDIENCE,
      UPLOAD_LINK_DAYS * 24 * 60,
      ["rid"],
    ),
  };
}
