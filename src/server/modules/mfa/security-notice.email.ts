import { site } from "#domain/site";
import { renderEmail } from "#server/mail/email-layout";
import type { QueuedMessage } from "#server/mail/mail-queue";
import type { SignInContext } from "#server/modules/auth";
import { officeTime, whereFrom } from "#server/modules/auth";

/**
 * To an account whose password was just entered right from a browser it has not used, followed
 * by a wrong second step: someone may have the password. Sent at most once a day per account.
 */
export function secondStepFailedEmail(
  to: string,
  context: SignInContext,
  at: Date,
  securityUrl: string,
): QueuedMessage {
  const email = renderEmail({
    heading: "Someone entered your password",
    paragraphs: [
      `Your ${site.name} password was entered correctly from a browser your account has not used before, and then a wrong code was given for your second sign-in step. Your second step kept them out.`,
      whereFrom(context, at),
      "If this was not you, change your password now (Forgot your password? on the sign-in page) and check your sessions.",
    ],
    action: { label: "Review your sessions", url: securityUrl },
    footnote: "We send this notice at most once a day.",
  });
  return {
    kind: "second_step_failed",
    to,
    subject: `Someone entered your ${site.name} password`,
    ...email,
  };
}

/** To an account whose second step another administrator (or the office's command line) reset. */
export function secondStepResetEmail(
  to: string,
  by: string,
  at: Date,
  loginUrl: string,
): QueuedMessage {
  const email = renderEmail({
    heading: "Your second sign-in step was reset",
    paragraphs: [
      `${by} removed your authenticator app, passkeys and recovery codes on ${officeTime.format(at)}, and signed you out everywhere.`,
      "Sign in with your password, then add a new second step on your security page. If you did not ask for this, tell the office at once.",
    ],
    action: { label: "Sign in", url: loginUrl },
    footnote: "We send this notice whenever a second sign-in step is reset.",
  });
  return {
    kind: "second_step_reset",
    to,
    subject: `Your ${site.name} second sign-in step was reset`,
    ...email,
  };
}

/**
 * To an account whose second step was just changed from one of its sessions (an authenticator
 * app or a passkey added or removed): if it was not them, someone has a session, and the page
 * the link opens ends the others.
 */
export function secondStepChangedEmail(
  to: string,
  change: string,
  at: Date,
  securityUrl: string,
): QueuedMessage {
  const email = renderEmail({
    heading: "Your second sign-in step changed",
    paragraphs: [
      `${change} on ${officeTime.format(at)}.`,
      "If this was you, there is nothing to do. If it was not, someone is signed in to your account: open your security page, sign out everywhere else, remove what you did not add, and change your password.",
    ],
    action: { label: "Review your sign-in step and sessions", url: securityUrl },
    footnote: "We send this notice whenever your second sign-in step changes.",
  });
  return {
    kind: "second_step_changed",
    to,
    subject: `Your ${site.name} second sign-in step changed`,
    ...email,
  };
}
