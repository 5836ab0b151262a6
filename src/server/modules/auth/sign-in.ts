import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionUser } from "#domain/auth";
import { audit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import type { MailQueue } from "#server/mail/mail-queue";
import type { UserRow } from "../users/users.repository";
import { startSession } from "./auth.service";
import type { SessionTokens } from "./auth.tokens";
import type { DeviceCookies } from "./device-cookie";
import { newSignInEmail } from "./new-sign-in.email";
import { createSessionStore, signInContext } from "./sessions";

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
 * The end of every sign-in, whichever its steps: the session row and its token, the browser's
 * device cookie, the audit event, and the e-mail to the account when the browser is new to it
 * (not on the account's very first sign-in).
 */
export function createSignIn(deps: Deps) {
  const sessions = createSessionStore(deps.db);

  return async function complete(
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    method: SignInMethod,
  ): Promise<{ token: string; user: SessionUser }> {
    const device = deps.deviceCookies.idFor(request);
    const context = signInContext(request, device.id);
    const knownDevice = !device.isNew && (await sessions.knownDevice(user.id, device.id));
    const firstSignIn = !knownDevice && !(await sessions.hasAny(user.id));
    const { sessionId, ...session } = await startSession(deps, user, context);
    if (device.isNew) deps.deviceCookies.issue(reply, device.id);
    request.log.info({ uid: user.id, role: user.role, knownDevice, method }, "sign-in succeeded");
    await audit(request, {
      action: "sign_in.succeeded",
      actor: { id: user.id, email: user.email },
      targetType: "session",
      targetId: sessionId,
      detail: { knownBrowser: knownDevice, method },
    });
    if (!knownDevice && !firstSignIn) {
      await deps.mailQueue.send(newSignInEmail(user, context, new Date(), deps.publicUrl));
    }
    return session;
  };
}

export type CompleteSignIn = ReturnType<typeof createSignIn>;

/** The audit event of a refused step of a sign-in: who it was for, and which step. */
export async function auditRefusedSignIn(
  request: FastifyRequest,
  who: { id: string | null; email: string | null },
  detail: Record<string, unknown>,
  delayed = false,
): Promise<void> {
  await audit(request, {
    action: delayed ? "sign_in.delayed" : "sign_in.failed",
    actor: { id: who.id, email: who.email },
    targetType: "session",
    detail,
  });
}
