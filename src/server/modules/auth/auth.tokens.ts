import { jwtVerify, SignJWT } from "jose";
import { SESSION_HOURS } from "../../../domain/auth";
import type { UserRole } from "../../../domain/users";

/**
 * Session tokens: JWT, HS256 only, 24 hours, `exp` in seconds. The audience marks them as
 * sessions, so a token made for anything else (a download link, say) is never accepted as one.
 * The token version ties a token to the user's password: a reset ends every older session.
 */
const AUDIENCE = "rentals:session";

export type SessionClaims = { uid: string; role: UserRole; tokenVersion: number };

export type SessionTokens = {
  sign(claims: SessionClaims): Promise<string>;
  verify(token: string): Promise<SessionClaims | null>;
};

export function createSessionTokens(secret: Uint8Array): SessionTokens {
  return {
    sign: ({ uid, role, tokenVersion }) =>
      new SignJWT({ role, tv: tokenVersion })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(uid)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${SESSION_HOURS}h`)
        .sign(secret),

    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ["HS256"],
          audience: AUDIENCE,
        });
        const role = payload.role;
        if (typeof payload.sub !== "string" || typeof payload.tv !== "number") return null;
        if (role !== "admin" && role !== "tenant") return null;
        return { uid: payload.sub, role, tokenVersion: payload.tv };
      } catch {
        return null;
      }
    },
  };
}
