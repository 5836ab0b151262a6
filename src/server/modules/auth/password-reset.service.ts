import { RESET_LINK_MINUTES } from "#domain/auth";
import { site } from "#domain/site";
import type { Db } from "#server/db/client";
import { renderEmail } from "#server/mail/email-layout";
import type { MailTransaction } from "#server/mail/mail-queue";
import { createUsersRepository, hashPassword } from "#server/modules/users";
import { resetLinkExpired } from "./auth.errors";
import { createAuthCodesRepository } from "./auth-codes.repository";
import { type CodeHasher, resetCode } from "./code-hash";

/** The mail queue's task that turns a reset request into a link (sendResetLink). */
export const RESET_REQUEST_TASK = "password-reset-request";
export type ResetRequest = { email: string };

type LinkDeps = { hasher: CodeHasher; publicUrl: string; now?: () => Date };

/**
 * Asks for a reset link. The request only queues the address it was given, one job whatever the
 * address, so neither its answer nor its time tells anyone whether an account exists: looking
 * the account up, making the code and queueing the e-mail are the worker's (sendResetLink).
 */
export async function requestPasswordReset(
  deps: { queueRequest: (request: ResetRequest) => Promise<void> },
  input: { email: string },
): Promise<void> {
  await deps.queueRequest({ email: input.email });
}

/**
 * The worker's half: the staff account with that address, if there is one, is e-mailed a new link
 * valid one hour. Links sent before keep working (several may be live), so a request cannot
 * cancel another person's reset; the reset itself voids them all. The code and its e-mail are
 * committed in `tx`, with the task's end.
 */
export async function sendResetLink(
  deps: LinkDeps,
  request: ResetRequest,
  tx: MailTransaction,
): Promise<void> {
  const now = deps.now?.() ?? new Date();
  const user = await createUsersRepository(tx.db).findByEmail(request.email);
  // Staff only: tenants sign in by the portal's e-mailed link and have no password to reset
  // (one set here would outlive their tenancy).
  if (user?.role !== "admin") return;
  const code = resetCode();
  const url = `${deps.publicUrl}/reset-password?code=${encodeURIComponent(code)}&uid=${encodeURIComponent(user.id)}`;
  const email = renderEmail({
    heading: "Reset your password",
    paragraphs: [`Someone (we hope you) asked to reset the password of your ${site.name} account.`],
    action: { label: "Choose a new password", url },
    footnote: `The link works once, for ${RESET_LINK_MINUTES} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
  });
  await createAuthCodesRepository(tx.db).add({
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
}

/**
 * A link's code, once, within the hour; the new password ends every older session and voids the
 * user's other reset links. A reset code is 256 random bits, so wrong tries are not counted:
 * guessing is hopeless anyway, and counting would let anyone who knows a user's id void that
 * user's links.
 */
export async function resetPassword(
  deps: { db: Db; hasher: CodeHasher; now?: () => Date },
  input: { userId: string; resetCode: string; newPassword: string },
): Promise<{ id: string; email: string }> {
  const now = deps.now?.() ?? new Date();
  const codes = createAuthCodesRepository(deps.db);
  const users = createUsersRepository(deps.db);
  const user = await users.findById(input.userId);
  const codeHash = user ? deps.hasher.hash("reset", user.id, input.resetCode) : "";
  const row = user ? await codes.liveWithHash(user.id, "reset", codeHash, now) : null;
  if (user?.role !== "admin" || !row) throw resetLinkExpired();
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    // Used or voided already (two tabs, a replayed link, another link's reset): nothing changes.
    if (!(await codes.consumeVoidingOthers(row.id, user.id, "reset", tx))) throw resetLinkExpired();
    await users.setPassword(user.id, passwordHash, tx);
  });
  return { id: user.id, email: user.email };
}
