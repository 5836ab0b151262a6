import { VERIFICATION_CODE_MINUTES, VERIFICATION_MAX_ATTEMPTS } from "#domain/auth";
import { mfaMessages } from "#domain/mfa";
import { site } from "#domain/site";
import type { Db } from "#server/db/client";
import { AppError, tooManyRequests } from "#server/http/errors";
import { renderEmail } from "#server/mail/email-layout";
import type { MailQueue } from "#server/mail/mail-queue";
import { codeExhausted, codeInvalid } from "./auth.errors";
import { createAuthCodesRepository } from "./auth-codes.repository";
import { type CodeHasher, sixDigitCode } from "./code-hash";

/** Codes one account may be e-mailed in an hour: each replaces the one before. */
export const ENROLMENT_CODES_PER_HOUR = 5;

const HOUR_MS = 3_600_000;

/** The first second step under MFA_REQUIRED, asked without the e-mailed code. */
export const emailCodeRequired = () =>
  new AppError(403, "email_code_required", mfaMessages.emailCodeRequired);

/**
 * Proof that whoever adds an account's first second step, when the office requires one, reads the
 * account's mail: a 6-digit code e-mailed to its address, good for one use within
 * VERIFICATION_CODE_MINUTES and VERIFICATION_MAX_ATTEMPTS wrong tries. A password alone (stolen,
 * guessed, reused) then cannot lock someone else's authenticator into an administrator's account.
 * Kept as a keyed hash, like every code (code-hash.ts).
 */
export function createEmailProof(deps: {
  db: Db;
  mailQueue: MailQueue;
  hasher: CodeHasher;
  now?: () => Date;
}) {
  const now = () => deps.now?.() ?? new Date();
  const codes = createAuthCodesRepository(deps.db);
  return {
    /** E-mails a new code to the account (the older one stops working). */
    async send(user: { id: string; email: string }): Promise<void> {
      const at = now();
      const sent = await codes.countSince(user.id, "enrol", new Date(at.getTime() - HOUR_MS));
      if (sent >= ENROLMENT_CODES_PER_HOUR) throw tooManyRequests(HOUR_MS / 1000);
      const code = sixDigitCode();
      await deps.mailQueue.transaction(async (tx) => {
        await createAuthCodesRepository(tx.db).issue({
          userId: user.id,
          purpose: "enrol",
          codeHash: deps.hasher.hash("enrol", user.id, code),
          expiresAt: new Date(at.getTime() + VERIFICATION_CODE_MINUTES * 60_000),
        });
        const email = renderEmail({
          heading: "Your code to add a second sign-in step",
          paragraphs: [
            `Someone signed in to your ${site.name} account with its password and is adding a second sign-in step (an authenticator app or a passkey). Enter this code on your security page to go on.`,
            "If this was not you, do not share the code: someone has your password. Change it now (Forgot your password? on the sign-in page) and tell the office.",
          ],
          code,
          footnote: `The code works once, for ${VERIFICATION_CODE_MINUTES} minutes.`,
        });
        await tx.queue({
          kind: "enrolment_code",
          to: user.email,
          subject: `Your ${site.name} code to add a second sign-in step: ${code}`,
          ...email,
        });
      });
    },

    /** The code given, spent; refused (nothing spent) when missing, wrong or past its time. */
    async spend(userId: string, code: string | undefined): Promise<void> {
      if (!code) throw emailCodeRequired();
      const row = await codes.live(userId, "enrol", now());
      if (!row) throw codeInvalid();
      if (row.attempts >= VERIFICATION_MAX_ATTEMPTS) throw codeExhausted();
      if (!deps.hasher.matches(row.codeHash, "enrol", userId, code)) {
        const attempts = await codes.countWrongTry(row.id);
        throw attempts >= VERIFICATION_MAX_ATTEMPTS ? codeExhausted() : codeInvalid();
      }
      if (!(await codes.consume(row.id))) throw codeInvalid();
    },
  };
}
export type EmailProof = ReturnType<typeof createEmailProof>;
