import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionUser } from "#domain/auth";
import { audit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import type { AppError } from "#server/http/errors";
import type { MailQueue } from "#server/mail/mail-queue";
import { hasAccess, type UserRow } from "#server/modules/users";
import { adminsOnlySignIn, invalidCredentials } from "./auth.errors";
import { openSession } from "./auth.service";
import type { SessionTokens } from "./auth.tokens";
import type { DeviceCookies } from "./device-cookie";
import { signInContext } from "./sign-in-attempt";

/** How the last step of a sign-in was made: the password alone, or the second step's method. */
export type SignInMethod = "password" | "totp" | "recovery_code" | "passkey" | "email_link";

type Deps = {
  db: Db;
  tokens: SessionTokens;
  deviceCookies: DeviceCookies;
  mailQueue: MailQueue;
  publicUrl: string;
};

/**
 * Who may have a session, whichever step they passed: staff by their password and second step;
 * a tenant only by the portal's e-mailed link (a tenant's password, where one was ever set, is
 * refused as the staff sign-in screen refuses them), and nobody whose access has ended (as a
 * wrong password: the answer tells nothing about the account).
 */
export function signInRefusal(user: UserRow, method: SignInMethod): AppError | null {
  if (!hasAccess(user)) return invalidCredentials();
  if (user.role === "admin") return method === "email_link" ? invalidCredentials() : null;
  return method === "email_link" ? null : adminsOnlySignIn();
}

/**
 * The end of every sign-in, whichever its steps (the password, a second step, a passkey, a
 * tenant's link), where it meets HTTP: whoever may not have a session refused (signInRefusal),
 * then the session and the new-browser e-mail (openSession), the browser's device cookie, the
 * log line and the audit event. The routes of auth, mfa and tenants
 * end with it; it is made once, where the app is wired.
 */
export function createSignIn(deps: Deps) {
  return async function complete(
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    method: SignInMethod,
  ): Promise<{ token: string; user: SessionUser }> {
    const refusal = signInRefusal(user, method);
    if (refusal) {
      request.log.warn(
        { uid: user.id, role: user.role, method },
        `sign-in refused: ${refusal.code}`,
      );
      await audit(request, {
        action: "sign_in.failed",
        actor: { id: user.id, email: user.email },
        targetType: "session",
        detail: { step: method, reason: refusal.code },
      });
      throw refusal;
    }
    const device = deps.deviceCookies.idFor(request);
    const context = signInContext(request, device.id);
    const { sessionId, knownDevice, ...session } = await openSession(
      deps,
      user,
      context,
      device.isNew,
    );
    if (device.isNew) deps.deviceCookies.issue(reply, device.id);
    request.log.info({ uid: user.id, role: user.role, knownDevice, method }, "sign-in succeeded");
    await audit(request, {
      action: "sign_in.succeeded",
      actor: { id: user.id, email: user.email },
      targetType: "session",
      targetId: sessionId,
      detail: { knownBrowser: knownDevice, method },
    });
    return session;
  };
}

export type CompleteSignIn = ReturnType<typeof createSignIn>;
