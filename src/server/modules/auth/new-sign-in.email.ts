import { site } from "#domain/site";
import { renderEmail } from "#server/mail/email-layout";
import type { QueuedMessage } from "#server/mail/mail-queue";
import type { SignInContext } from "./sessions";
import { describeUserAgent } from "./user-agent";

/** The office's time zone: every time in an e-mail is told as Connecticut reads its clocks. */
export const officeTime = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "America/New_York",
  timeZoneName: "short",
});

/** When, from which browser and which address: the lines every security notice gives. */
export function whereFrom(context: SignInContext, at: Date): string {
  const { browser, device } = describeUserAgent(context.userAgent);
  return `When: ${officeTime.format(at)}\nBrowser: ${browser} on ${device}\nAddress: ${context.ipAddress}`;
}

/**
 * The e-mail to an account signed in to from a browser it has not used before (not on its very
 * first sign-in): when, which browser, from which address, and what to do if it was not them.
 */
export function newSignInEmail(
  to: string,
  context: SignInContext,
  at: Date,
  securityUrl: string,
): QueuedMessage {
  const email = renderEmail({
    heading: "New sign-in to your account",
    paragraphs: [
      `Your ${site.name} account was just signed in to from a browser it has not used before.`,
      whereFrom(context, at),
      "If this was you, there is nothing to do. If it was not, reset your password now and sign out every other session from your security page.",
    ],
    action: { label: "Review your sessions", url: securityUrl },
    footnote: "We send this notice for each browser the first time it is used with your account.",
  });
  return { kind: "new_sign_in", to, subject: `New sign-in to your ${site.name} account`, ...email };
}
