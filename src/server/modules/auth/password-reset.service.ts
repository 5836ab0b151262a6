import { RESET_LINK_MINUTES, VERIFICATION_MAX_ATTEMPTS } from "#domain/auth";
import { site } from "#domain/site";
import type { Db } from "#server/db/client";
import { renderEmail } from "#server/mail/email-layout";
import type { MailQueue } from "#server/mail/mail-queue";
import { hashPassword } from "../users/users.password";
import { createUsersRepository } from "../users/users.repository";
import { resetLinkExpired } from "./auth.errors";
import { createAuthCodesRepository } from "./auth-codes.repository";
import { type CodeHasher, resetCode } from "./code-hash";

type Deps = {
  db: Db;
  mailQueue: MailQueue;
  hasher: CodeHasher;
  publicUrl: string;
  now?: () => Date;
};

/**
 * E-mails a reset link valid one hour. Every e-mail address gets the same answer, whether an
 * account exists or not (and whether its e-mail could be sent), so nobody learns which exist.
 */
export async function requestPasswordReset(deps: Deps, input: { email: string }): Promise<void> {
  const now = deps.now?.() ?? new Date();
  const user = await createUsersRepository(deps.db).findByEmail(input.email);
  if (!user) return;
  const code = resetCode();
  const url = `${deps.publicUrl}/reset-password?code=${encodeURIComponent(code)}&uid=${encodeURIComponent(user.id)}`;
  const email = renderEmail({
    heading: "Reset your password",
    paragraphs: [`Someone (we hope you) asked to reset the password of your ${site.name} account.`],
    action: { label: "Choose a new password", url },
    footnote: `The link works once, for ${RESET_LINK_MINUTES} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
  });
  // The code and its e-mail are stored together; the mail worker sends it (and retries).
  await deps.mailQueue.transaction(async (tx) => {
    await createAuthCodesRepository(tx.db).issue({
      userId: user.id,
      purpose: "reset",
      codeHash: deps.hasher.hash("reset", user.id, code),
      expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
    });
    await tx.queue({
      kind: "password_reset",
      to: user.email,
      subject: `Reset your ${site.name} password`,
      ...email,
    });
  });
}

/** The link's code, once, within the hour; the new password ends every older session. */
export async function resetPassword(
  deps: Deps,
  input: { userId: string; resetCode: string; newPassword: string },
): Promise<void> {
  const now = deps.now?.() ?? new Date();
  const codes = createAuthCodesRepository(deps.db);
  const users = createUsersRepository(deps.db);
  const user = await users.findById(input.userId);
  const row = user ? await codes.live(user.id, "reset", now) : null;
  if (!user || !row || row.attempts >= VERIFICATION_MAX_ATTEMPTS) throw resetLinkExpired();
  if (!deps.hasher.matches(row.codeHash, "reset", user.id, input.resetCode)) {
    await codes.countWrongTry(row.id);
    throw resetLinkExpired();
  }
  if (!(await codes.consume(row.id))) throw resetLinkExpired();
  await users.setPassword(user.id, await hashPassword(input.newPassword));
}
