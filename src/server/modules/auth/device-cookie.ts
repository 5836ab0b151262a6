import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { authApi } from "#domain/api/auth";

/**
 * The device cookie: a random id the browser gets at its first successful sign-in, signed with
 * the app's secret so that nobody can make one up. A browser the account has signed in from
 * before is "known": failed guesses made elsewhere do not slow its owner's sign-in (an attacker
 * cannot keep a staff member out by failing on purpose), and a sign-in from a browser that is
 * not known is worth an e-mail to the account. HttpOnly, SameSite=Strict, and sent to the
 * sign-in calls only.
 */
export const DEVICE_COOKIE = "rentals_device";
/** Sent with the sign-in calls only: the folder of the login contract's path. */
const PATH = authApi.login.path.slice(0, authApi.login.path.lastIndexOf("/"));
/** The longest a browser keeps a cookie: a device is known for at most this long. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 3600;

export type DeviceCookies = {
  /** The request's device id, when it carries a cookie this app signed; else null. */
  read(request: FastifyRequest): string | null;
  /** The request's device id, or a new one for a browser without a (valid) cookie. */
  idFor(request: FastifyRequest): { id: string; isNew: boolean };
  /** Sets the cookie for the id on the reply. */
  issue(reply: FastifyReply, id: string): void;
};

export function createDeviceCookies(
  secret: Uint8Array,
  options: { secure: boolean },
): DeviceCookies {
  const sign = (id: string) =>
    createHmac("sha256", secret).update(`device:${id}`).digest("base64url").slice(0, 32);

  const read = (request: FastifyRequest): string | null => {
    const value = cookieValue(request.headers.cookie, DEVICE_COOKIE);
    const match = value ? /^([\w-]{22})\.([\w-]{32})$/.exec(value) : null;
    if (!match) return null;
    const id = match[1]!;
    const expected = Buffer.from(sign(id));
    const given = Buffer.from(match[2]!);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  };

  return {
    read,
    idFor(request) {
      const id = read(request);
      return id ? { id, isNew: false } : { id: randomBytes(16).toString("base64url"), isNew: true };
    },
    issue(reply, id) {
      const attributes = [
        `${DEVICE_COOKIE}=${id}.${sign(id)}`,
        `Path=${PATH}`,
        `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
        "HttpOnly",
        "SameSite=Strict",
        ...(options.secure ? ["Secure"] : []),
      ];
      reply.header("set-cookie", attributes.join("; "));
    },
  };
}

/** One cookie's value from a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
