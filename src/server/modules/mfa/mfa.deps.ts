import type { Db } from "#server/db/client";
import type { MailQueue } from "#server/mail/mail-queue";
import type { EmailProof, LoginThrottle } from "#server/modules/auth";
import type { MfaKeys } from "./secret-box";

/**
 * What the module's services are given, made once where its routes are registered (and, for
 * the gate auth asks, in createSecondStepGate). Each service function takes the part it uses.
 */
export type MfaDeps = {
  db: Db;
  keys: MfaKeys;
  /** The sign-in throttle: a password asked again counts in the account's sign-in bucket. */
  throttle: LoginThrottle;
  mailQueue: MailQueue;
  publicUrl: string;
  /** MFA_REQUIRED: administrators must have a second step. */
  mfaRequired: boolean;
  /** The code e-mailed before an administrator's first second step under MFA_REQUIRED. */
  emailProof: EmailProof;
  now?: () => Date;
  log?: { error: (details: object, message: string) => void };
};

export const nowOf = (deps: { now?: () => Date }): Date => deps.now?.() ?? new Date();
