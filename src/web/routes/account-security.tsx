import { Home } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Logo } from "../components/layout/logo";
import { SessionsSection, type SessionsWords } from "../components/sessions/sessions-section";
import { buttonVariants } from "../components/ui/button";
import { SecondStepSettings } from "../features/account/components/second-step-settings";
import { hasSecondStep, useSecondStepStatus } from "../features/account/use-second-step";
import { useAuth } from "../features/auth/auth-provider";
import { ProtectedPage } from "../features/auth/components/protected-page";
import { failureDetail } from "../lib/api-client";
import { privatePageMeta } from "../lib/meta";
import { QueryProvider } from "../lib/query";
import { cn } from "../lib/utils";

export const meta = () => privatePageMeta("Account security");

/** The sessions list's words: staff read the back office in English. */
const sessionWords: SessionsWords = {
  heading: "Where you are signed in",
  intro: "Sign out a browser you do not recognise, or one you no longer use.",
  endOthers: "Sign out everywhere else",
  endingOthers: "Signing out…",
  failed: "Failed to load your sessions",
  tryAgain: "Try Again",
  loading: "Loading your sessions...",
  list: "Sessions",
  thisBrowser: "This browser",
  unknownAddress: "Unknown address",
  signedIn: "Signed in",
  lastActive: "Last active",
  signOut: "Sign out",
  signOutLabel: (session) => `Sign out ${session}`,
  ended: "That session is signed out.",
  endFailed: (detail) => `Could not sign that session out. ${detail}`,
  othersEnded: (ended) =>
    ended === 0
      ? "There were no other sessions."
      : `Signed out ${ended} other ${ended === 1 ? "session" : "sessions"}.`,
  othersFailed: (detail) => `Could not sign out the other sessions. ${detail}`,
  detail: failureDetail,
  lang: "en",
  intl: "en-US",
};

function SecurityPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  // Under MFA_REQUIRED a session without a second step may only add one: the sessions list
  // waits for it (the server would refuse it).
  const status = useSecondStepStatus();
  const mustAddStep =
    user?.role === "admin" && status.data?.required === true && !hasSecondStep(status.data);
  return (
    <div className="min-h-dvh bg-muted">
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <Logo />
          <nav aria-label="Account" className="flex items-center gap-2">
            {user?.role === "admin" ? (
              <Link
                to="/admin-dashboard"
                className={cn(buttonVariants({ variant: "ghost", size: "sm" }))}
              >
                Admin Dashboard
              </Link>
            ) : null}
            <Link to="/" className={cn(buttonVariants({ variant: "ghost", size: "sm" }))}>
              <Home aria-hidden="true" /> Home
            </Link>
          </nav>
        </div>
      </header>
      <main className="mx-auto grid max-w-3xl gap-8 px-4 py-8 sm:px-6">
        <div>
          <h1 className="text-2xl font-bold">Account security</h1>
          <p className="break-all text-sm text-muted-foreground">{user?.email}</p>
        </div>
        {/* Staff only: tenants sign in with an e-mailed code, never with a password here. */}
        {user?.role === "admin" ? (
          <SecondStepSettings
            enrolRequested={params.get("enrol") === "required"}
            email={user.email}
          />
        ) : null}
        {mustAddStep ? (
          <section aria-labelledby="sessions-heading" className="grid gap-1">
            <h2 id="sessions-heading" className="text-xl font-bold">
              {sessionWords.heading}
            </h2>
            <p className="text-sm text-muted-foreground">
              Once you have added a second sign-in step, the browsers signed in to your account are
              listed here, and you can sign out the ones you do not recognise.
            </p>
          </section>
        ) : (
          <SessionsSection words={sessionWords} />
        )}
      </main>
    </div>
  );
}

/**
 * /account/security: a signed-in person's sessions and, for staff, their second sign-in step
 * (authenticator app, passkeys, recovery codes). `?enrol=required` is where the back office sends an
 * administrator the office requires to add a second step first.
 */
export default function AccountSecurity() {
  return (
    <ProtectedPage>
      <QueryProvider>
        <SecurityPage />
      </QueryProvider>
    </ProtectedPage>
  );
}
