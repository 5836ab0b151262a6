import { authApi } from "#domain/api/auth";
import { buildUrl } from "#domain/api/wire";
import {
  type SessionUser,
  VERIFICATION_CODE_MINUTES,
  VERIFICATION_MAX_ATTEMPTS,
} from "#domain/auth";
import { site } from "#domain/site";
import type { Db } from "#server/db/client";
import { renderEmail } from "#server/mail/email-layout";
import type { MailQueue } from "#server/mail/mail-queue";
import { createUsersRepository } from "#server/modules/users";
import { codeExhausted, codeInvalid } from "./auth.errors";
import { startSession } from "./auth.service";
import type { LinkTokens, SessionTokens } from "./auth.tokens";
import { createAuthCodesRepository } from "./auth-codes.repository";
import { type CodeHasher, sixDigitCode } from "./code-hash";
import type { SignInAttempt } from "./sign-in-attempt";

export type VerifyLinkClaims = { uid: string; codeId: string };

type Deps = {
  db: Db;
  mailQueue: MailQueue;
  tokens: SessionTokens;
  verifyLinks: LinkTokens<VerifyLinkClaims>;
  hasher: CodeHasher;
  publicUrl: string;
  now?: () => Date;
};

const minutesFrom = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);

/**
 * E-mails a fresh 6-digit code and a link that does the same. Unknown and already verified
 * accounts get the same answer and no e-mail, so the call tells nobody which accounts exist.
 */
export async function sendVerification(deps: Deps, input: { uid: string }): Promise<void> {
  const now = deps.now?.() ?? new Date();
  const user = await createUsersRepository(deps.db).findById(input.uid);
  if (!user || user.emailVerified) return;
  const code = sixDigitCode();
  // The code and its e-mail are stored together; the mail worker sends it (and retries).
  await deps.mailQueue.transaction(async (tx) => {
    const row = await createAuthCodesRepository(tx.db).issue({
      userId: user.id,
      purpose: "verify",
      codeHash: deps.hasher.hash("verify", user.id, code),
      expiresAt: minutesFrom(now, VERIFICATION_CODE_MINUTES),
    });
    const token = await deps.verifyLinks.sign({ uid: user.id, codeId: row.id });
    const link = `${deps.publicUrl}${buildUrl(authApi.verifyEmailLink, {}, { token })}`;
    const email = renderEmail({
      heading: "Verify your e-mail address",
      paragraphs: [
        `Enter this code on the ${site.name} verification page, or use the button below.`,
      ],
      code,
      action: { label: "Verify my e-mail address", url: link },
      footnote: `The code and the button work for ${VERIFICATION_CODE_MINUTES} minutes. If you did not ask for this, ignore this e-mail.`,
    });
    await tx.queue({
      kind: "verification_code",
      to: user.email,
      subject: `Your ${site.name} verification code: ${code}`,
      ...email,
    });
  });
}

/**
 * The code from the e-mail: at most 5 wrong tries, then only a new code helps. The right code
 * verifies the address and signs in, on a browser that was `known` to the app or is new to it.
 */
export async function verifyCode(
  deps: Deps,
  input: { email: string; code: string },
  attempt: SignInAttempt,
  known: boolean,
): Promise<{ user: SessionUser; token: string }> {
  const now = deps.now?.() ?? new Date();
  const users = createUsersRepository(deps.db);
  const codes = createAuthCodesRepository(deps.db);
  const user = await users.findByEmail(input.email);
  const row = user ? await codes.live(user.id, "verify", now) : null;
  if (!user || !row) throw codeInvalid();
  if (row.attempts >= VERIFICATION_MAX_ATTEMPTS) throw codeExhausted();
  if (!deps.hasher.matches(row.codeHash, "verify", user.id, input.code)) {
    const attempts = await codes.countWrongTry(row.id);
    throw attempts >= VERIFICATION_MAX_ATTEMPTS ? codeExhausted() : codeInvalid();
  }
  if (!(await codes.consume(row.id))) throw codeInvalid();
  const verified = await users.markVerified(user.id);
  const { sessionId, ...session } = await startSession(deps, verified, attempt.context);
  attempt.log.info({ uid: user.id }, "e-mail verified with a code");
  const actor = { id: user.id, email: user.email };
  await attempt.audit({ action: "email.verified", actor, targetType: "user", targetId: actor.id });
  await attempt.audit({
    action: "sign_in.succeeded",
    actor,
    targetType: "session",
    targetId: sessionId,
    detail: { knownBrowser: known, by: "verification code" },
  });
  return session;
}

/** The link in the e-mail: verified, or failed (expired, used, tampered with). */
export async function verifyLink(deps: Deps, token: string): Promise<"verified" | "failed"> {
  const now = deps.now?.() ?? new Date();
  const claims = await deps.verifyLinks.verify(token);
  if (!claims) return "failed";
  const codes = createAuthCodesRepository(deps.db);
  const row = /^[0-9a-f-]{36}$/i.test(claims.codeId) ? await codes.byId(claims.codeId) : null;
  if (
    !row ||
    row.userId !== claims.uid ||
    row.purpose !== "verify" ||
    row.usedAt ||
    row.expiresAt <= now
  ) {
    return "failed";
  }
  if (!(await codes.consume(row.id))) return "failed";
  await createUsersRepository(deps.db).markVerified(row.userId);
  return "verified";
}
