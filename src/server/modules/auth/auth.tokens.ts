import { jwtVerify, SignJWT } from "jose";
import { SESSION_TIMEOUT_HOURS } from "#domain/constants";
import type { UserRole } from "#domain/roles";

/**
 * Session tokens: JWT, HS256 only, 24 hours, `exp` in seconds (a token without `exp` is refused).
 * The audience marks them as sessions, so a token made for anything else (a download link, say)
 * is never accepted as one. `sid` names the session's row, which the guards check on every
 * request (one session can be ended); the token version ties a token to the user's password: a
 * reset ends every older session.
 */
const AUDIENCE = "rentals:session";

export type SessionClaims = {
  uid: string;
  role: UserRole;
  tokenVersion: number;
  sessionId: string;
};

export type SessionTokens = {
  sign(claims: SessionClaims): Promise<string>;
  verify(token: string): Promise<SessionClaims | null>;
};

export function createSessionTokens(secret: Uint8Array): SessionTokens {
  return {
    sign: ({ uid, role, tokenVersion, sessionId }) =>
      new SignJWT({ role, tv: tokenVersion, sid: sessionId })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(uid)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${SESSION_TIMEOUT_HOURS}h`)
        .sign(secret),

    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ["HS256"],
          audience: AUDIENCE,
          requiredClaims: ["exp", "iat"],
        });
        const { role, sub, tv, sid } = payload;
        if (typeof sub !== "string" || typeof tv !== "number" || typeof sid !== "string") {
          return null;
        }
        if (role !== "admin" && role !== "tenant") return null;
        return { uid: sub, role, tokenVersion: tv, sessionId: sid };
      } catch {
        return null;
      }
    },
  };
}

/**
 * Short-lived tokens for links in e-mails. Each kind has its own audience, distinct from the
 * session's: a link token is never a session, and a session token never opens a link.
 */
export type LinkTokens<T extends Record<string, string>> = {
  sign(claims: T): Promise<string>;
  verify(token: string): Promise<T | null>;
};

export function createLinkTokens<T extends Record<string, string>>(
  secret: Uint8Array,
  audience: string,
  minutes: number,
  keys: readonly (keyof T & string)[],
): LinkTokens<T> {
  return {
    sign: (claims) =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(`${minutes}m`)
        .sign(secret),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ["HS256"], audience });
        if (!keys.every((key) => typeof payload[key] === "string")) return null;
        return Object.fromEntries(keys.map((key) => [key, payload[key] as string])) as T;
      } catch {
        return null;
      }
    },
  };
}
